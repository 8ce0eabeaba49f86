import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { None } from './None';
import { definePlugin } from '../../src/plugin-kit';

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
