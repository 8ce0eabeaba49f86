import schema from './schema.json' with { type: 'json' };
import { definePlugin } from '../../src/client/runtime/plugin';
import { create } from './create';
import { Editor } from './Editor';

export const plugin = definePlugin({
  childType: 'Editor',
  schema,
  create,
  Render: Editor,
  field: (column) => column.name || undefined,
  examples: [{ childType: 'Editor', width: 12, name: 'body', label: 'Body', hint: 'Shown on the public page', showhintchecked: true }],
});
