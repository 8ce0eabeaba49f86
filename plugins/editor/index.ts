import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { Editor } from './Editor';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'Editor',
  schema,
  create,
  Render: Editor,
  examples: [{ childType: 'Editor', width: 12, name: 'body', label: 'Body', hint: 'Shown on the public page', showhintchecked: true }],
});
