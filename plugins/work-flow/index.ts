import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { WorkFlow } from './WorkFlow';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'WorkFlow',
  schema,
  create,
  Render: WorkFlow,
  examples: [{ childType: 'WorkFlow', width: 12, name: 'admin' }],
});
