import schema from './schema.json' with { type: 'json' };
import type { MenuDesignerColumn } from '../../src/generated/definitions';
import { definePlugin } from '../../src/client/runtime/plugin';
import { create } from './create';
import { lazyColumn } from '../../src/client/runtime/lazy-column';

export const plugin = definePlugin({
  childType: 'MenuDesigner',
  schema,
  create,
  // The designers load on first use (the read-only viewer now, the designer later).
  Render: lazyColumn<MenuDesignerColumn>(() => import('./MenuDesigner').then((m) => m.MenuDesigner)),
  // It edits the record field that stores the definition.
  field: (column) => column.definitionfield || undefined,
  examples: [{ childType: 'MenuDesigner', width: 12, definitionfield: 'definition' }],
});
