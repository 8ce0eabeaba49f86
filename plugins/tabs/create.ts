import type { TabsColumn } from '../../src/plugin-kit';

/**
 * A new Tabs column as the designer adds it.
 * Tabs are titled 'Tab-N'; a new Tabs column starts with the first, holding one new row.
 */
export function create(): TabsColumn {
  return {
    childType: 'Tabs',
    width: 0,
    tabs: [{ childType: 'Tab', tabtitle: 'Tab-1', tabcontenttype: 'Rows', rows: [{ cols: [{ childType: 'None', width: 0 }] }] }],
  };
}
