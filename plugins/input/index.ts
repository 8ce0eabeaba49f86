import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { Input } from './Input';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'Input',
  schema,
  create,
  Render: Input,
  examples: [
    { childType: 'Input', width: 6, name: 'email', label: 'E-mail', fieldtype: 'email', required: true, showlabelchecked: true },
    { childType: 'Input', width: 0, name: 'born', label: 'Born', fieldtype: 'date' },
  ],
});
