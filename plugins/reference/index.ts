import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { type ReferenceColumn, definePlugin, lazyColumn } from '../../src/plugin-kit';

// The picker's code (and downshift) loads with the first form that shows one.
export const plugin = definePlugin({
  childType: 'Reference',
  schema,
  create,
  Render: lazyColumn<ReferenceColumn>(() => import('./Reference').then((m) => m.Reference)),
  examples: [{ childType: 'Reference', width: 6, name: 'customer', label: 'Customer', open: '/form/customer/edit/:id' }],
});
