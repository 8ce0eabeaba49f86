import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { Hidden } from './Hidden';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'Hidden',
  schema,
  create,
  Render: Hidden,
  // Like every field, a Hidden column takes its default only when hasdefault is set,
  // otherwise it starts as ''. No initialValue override: the runtime's rule applies.
  examples: [
    { childType: 'Hidden', width: 0, name: 'model', hasdefault: true, default: 'User' },
    { childType: 'Hidden', width: 0, name: 'source', default: 'web' },
  ],
});
