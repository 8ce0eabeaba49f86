import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { Checkbox } from './Checkbox';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'Checkbox',
  schema,
  create,
  Render: Checkbox,
  // Checkbox values are stored as booleans, never as '' or 'true'.
  initialValue: (column) => (column.hasdefault ? String(column.default) === 'true' : false),
  examples: [
    { childType: 'Checkbox', width: 0, name: 'Admin', label: 'Administrator' },
    { childType: 'Checkbox', width: 4, name: 'active', label: 'Active', hasdefault: true, default: 'true' },
  ],
});
