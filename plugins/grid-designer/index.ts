import schema from './schema.json' with { type: 'json' };
import { definePlugin } from '../../src/client/runtime/plugin';
import { create } from './create';
import { GridDesigner } from './GridDesigner';

export const plugin = definePlugin({
  childType: 'GridDesigner',
  schema,
  create,
  Render: GridDesigner,
  // It edits the record field that stores the definition.
  field: (column) => column.definitionfield || undefined,
  examples: [{ childType: 'GridDesigner', width: 12, modelfield: 'model', definitionfield: 'definition' }],
});
