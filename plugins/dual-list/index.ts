import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { DualList } from './DualList';
import { definePlugin } from '../../src/plugin-kit';

// No `field`: a dual list is not part of the record; it saves its own list after the main save.
export const plugin = definePlugin({
  childType: 'DualList',
  schema,
  create,
  Render: DualList,
  examples: [{ childType: 'DualList', width: 12, label: 'Roles', link: 'id', url: '/duallist/user-roles' }],
});
