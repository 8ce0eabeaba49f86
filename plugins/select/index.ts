import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { Select } from './Select';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'Select',
  schema,
  create,
  Render: Select,
  examples: [
    { childType: 'Select', width: 4, name: 'status', label: 'Status', selecttype: '1', keys: 'A\nI', values: 'Active\nInactive' },
    { childType: 'Select', width: 4, name: 'city', label: 'City', selecttype: '2', url: '/select/cities/:country' },
  ],
});
