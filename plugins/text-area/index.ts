import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { TextArea } from './TextArea';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'TextArea',
  schema,
  create,
  Render: TextArea,
  examples: [
    { childType: 'TextArea', width: 12, name: 'notes', label: 'Notes', height: 5, required: true },
    { childType: 'TextArea', width: 6, name: 'summary', label: 'Summary', maxchecked: true, max: 200 },
  ],
});
