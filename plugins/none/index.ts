import schema from './schema.json' with { type: 'json' };
import { definePlugin } from '../../src/client/runtime/plugin';
import { create } from './create';
import { None } from './None';

export const plugin = definePlugin({
  childType: 'None',
  schema,
  create,
  Render: None,
  examples: [
    { childType: 'None', width: 0 },
    { childType: 'None', width: 6 },
  ],
});
