import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { type GridDesignerColumn, definePlugin, lazyColumn } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'GridDesigner',
  schema,
  create,
  // The designers load on first use (the read-only viewer now, the designer later).
  Render: lazyColumn<GridDesignerColumn>(() => import('./GridDesigner').then((m) => m.GridDesigner)),
  // It edits the record field that stores the definition.
  examples: [{ childType: 'GridDesigner', width: 12, modelfield: 'model', definitionfield: 'definition' }],
});
