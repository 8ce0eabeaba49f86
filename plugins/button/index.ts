import schema from './schema.json' with { type: 'json' };
import { Button } from './Button';
import { create } from './create';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'Button',
  schema,
  create,
  Render: Button,
  examples: [
    { childType: 'Button', width: 3, label: 'Customers', url: '/grid/customers', showhintchecked: true, hint: 'Open the customer list', iconchecked: true, icon: 'people' },
    { childType: 'Button', width: 0, label: 'Tessera on the web', url: 'https://tessera.dev/' },
  ],
});
