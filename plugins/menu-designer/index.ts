import schema from './schema.json' with { type: 'json' };
import { definePlugin } from '../../src/client/runtime/plugin';
import { create } from './create';
import { MenuDesigner } from './MenuDesigner';

export const plugin = definePlugin({
  childType: 'MenuDesigner',
  schema,
  create,
  Render: MenuDesigner,
  // It edits the record field that stores the definition.
  field: (column) => column.definitionfield || undefined,
  examples: [{ childType: 'MenuDesigner', width: 12, definitionfield: 'definition' }],
});
