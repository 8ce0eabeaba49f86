import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { CodeEditor } from './CodeEditor';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'CodeEditor',
  schema,
  create,
  Render: CodeEditor,
  examples: [
    { childType: 'CodeEditor', width: 12, name: 'script', label: 'Script', language: 'python', height: 20 },
    { childType: 'CodeEditor', width: 6, name: 'config', label: 'Configuration', language: 'json' },
  ],
});
