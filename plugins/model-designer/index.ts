import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { type ModelDesignerColumn, definePlugin, lazyColumn } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'ModelDesigner',
  schema,
  create,
  // The designers load on first use (the read-only viewer now, the designer later).
  Render: lazyColumn<ModelDesignerColumn>(() => import('./ModelDesigner').then((m) => m.ModelDesigner)),
  // It edits the record field that stores the definition.
  examples: [{ childType: 'ModelDesigner', width: 12, definitionfield: 'fields' }],
});
