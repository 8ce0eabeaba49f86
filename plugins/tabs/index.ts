import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { Tabs } from './Tabs';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'Tabs',
  schema,
  create,
  Render: Tabs,
  examples: [
    {
      childType: 'Tabs',
      width: 12,
      tabs: [
        { childType: 'Tab', tabtitle: 'General', tabcontenttype: 'Rows', rows: [{ cols: [{ childType: 'Text', width: 0, text: 'General settings' }] }] },
        {
          childType: 'Tab',
          tabcontenttype: 'Tabs',
          tabshowhintchecked: true,
          tabhint: 'Tabs inside a tab',
          tabiconchecked: true,
          tabicon: 'gear',
          tabs: [{ childType: 'Tab', tabtitle: 'Inner', rows: [{ cols: [{ childType: 'Text', width: 0, text: 'Nested' }] }] }],
        },
      ],
    },
  ],
});
