import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { DualList } from './DualList';
import { definePlugin } from '../../src/plugin-kit';

// No `field`: a dual list (two lists or chips, `picker`) binds no input field; a list of the record's own link travels in the
// form's save request (under the link field's name), any other list is saved after the main save.
export const plugin = definePlugin({
  childType: 'DualList',
  schema,
  create,
  Render: DualList,
  examples: [
    { childType: 'DualList', width: 12, label: 'Roles', link: 'id', url: '/duallist/user-roles' },
    { childType: 'DualList', width: 12, label: 'Groups', link: 'id', url: '/link/User/groups', picker: 'chips' },
  ],
});
