import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { Hidden } from './Hidden';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'Hidden',
  schema,
  create,
  Render: Hidden,
  // Spec 3.1 'Hidden sets the field to its default value': unlike other fields, a default
  // set without the hasdefault flag still applies, since a user has no way to enter one.
  initialValue: (column) => column.default ?? '',
  examples: [
    { childType: 'Hidden', width: 0, name: 'model', hasdefault: true, default: 'User' },
    { childType: 'Hidden', width: 0, name: 'source', default: 'web' },
  ],
});
