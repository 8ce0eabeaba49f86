import schema from './schema.json' with { type: 'json' };
import { definePlugin } from '../../src/client/runtime/plugin';
import { create } from './create';
import { WorkFlow } from './WorkFlow';

export const plugin = definePlugin({
  childType: 'WorkFlow',
  schema,
  create,
  Render: WorkFlow,
  examples: [{ childType: 'WorkFlow', width: 12, name: 'admin' }],
});
