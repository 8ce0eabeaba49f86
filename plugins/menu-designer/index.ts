import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { type MenuDesignerColumn, definePlugin, lazyColumn } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'MenuDesigner',
  schema,
  create,
  // The designers load on first use (the read-only viewer now, the designer later).
  Render: lazyColumn<MenuDesignerColumn>(() => import('./MenuDesigner').then((m) => m.MenuDesigner)),
  // It edits the record field that stores the definition.
  examples: [{ childType: 'MenuDesigner', width: 12, definitionfield: 'definition' }],
});
