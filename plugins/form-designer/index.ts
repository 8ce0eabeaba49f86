import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { type FormDesignerColumn, definePlugin, lazyColumn } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'FormDesigner',
  schema,
  create,
  // The designers load on first use (the read-only viewer now, the designer later).
  Render: lazyColumn<FormDesignerColumn>(() => import('./FormDesigner').then((m) => m.FormDesigner)),
  // It edits the record field that stores the definition.
  examples: [{ childType: 'FormDesigner', width: 12, modelfield: 'model', definitionfield: 'definition' }],
});
