import schema from './schema.json' with { type: 'json' };
import { definePlugin } from '../../src/client/runtime/plugin';
import { create } from './create';
import { PageDesigner } from './PageDesigner';

export const plugin = definePlugin({
  childType: 'PageDesigner',
  schema,
  create,
  Render: PageDesigner,
  // It edits the record field that stores the definition.
  field: (column) => column.definitionfield || undefined,
  examples: [{ childType: 'PageDesigner', width: 12, definitionfield: 'definition' }],
});
