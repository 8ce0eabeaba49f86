import schema from './schema.json' with { type: 'json' };
import { definePlugin } from '../../src/client/runtime/plugin';
import { create } from './create';
import { DualList } from './DualList';

// No `field`: a dual list is not part of the record; it saves its own list after the main save.
export const plugin = definePlugin({
  childType: 'DualList',
  schema,
  create,
  Render: DualList,
  examples: [{ childType: 'DualList', width: 12, label: 'Roles', link: 'id', url: '/duallist/user-roles' }],
});
