import schema from './schema.json' with { type: 'json' };
import { definePlugin } from '../../src/client/runtime/plugin';
import { create } from './create';
import { FormDesigner } from './FormDesigner';

export const plugin = definePlugin({
  childType: 'FormDesigner',
  schema,
  create,
  Render: FormDesigner,
  // It edits the record field that stores the definition.
  field: (column) => column.definitionfield || undefined,
  examples: [{ childType: 'FormDesigner', width: 12, modelfield: 'model', definitionfield: 'definition' }],
});
