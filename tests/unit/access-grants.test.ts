import { describe, expect, it } from 'vitest';
import { OWN_RECORDS, tidyAccess, withEverything, withGroupAction, type Access } from '../../src/shared/access-grants';

/** The edits the Access panel and the Permissions screen share (src/shared/access-grants.ts). */
describe('a tick on access', () => {
  it('adds a grant, adds to it, and takes it away again with its rule, leaving access as it was', () => {
    const start: Access = { public: true };
    const one = withGroupAction(start, 'Sales', 'form', 'read', true);
    expect(one).toEqual({ public: true, grants: [{ group: 'Sales', actions: ['read'] }] });
    const two = withGroupAction({ ...one, grants: [{ group: 'Sales', actions: ['read'], rules: { read: OWN_RECORDS } }] }, 'Sales', 'form', 'update', true);
    expect(two).toEqual({ public: true, grants: [{ group: 'Sales', actions: ['read', 'update'], rules: { read: OWN_RECORDS } }] });
    const three = withGroupAction(two, 'Sales', 'form', 'read', false);
    expect(three).toEqual({ public: true, grants: [{ group: 'Sales', actions: ['update'] }] });
    expect(withGroupAction(three, 'Sales', 'form', 'update', false)).toEqual(start);
  });

  it('turns the shorthand into a grant of every other action of the kind, and leaves other groups alone', () => {
    const access: Access = { groups: ['Sales', 'Clerks'], grants: [{ group: 'Clerks', actions: ['read'] }] };
    expect(withGroupAction(access, 'Sales', 'grid', 'clear', false)).toEqual({
      groups: ['Clerks'],
      grants: [{ group: 'Clerks', actions: ['read'] }, { group: 'Sales', actions: ['read', 'export'] }],
    });
    // Ticking what the shorthand already allows changes nothing.
    expect(withGroupAction(access, 'Sales', 'grid', 'read', true)).toEqual(access);
  });

  it('keeps a grant that still limits fields when its last action goes, and drops access left empty', () => {
    const access: Access = { grants: [{ group: 'Sales', actions: ['read'], fields: { cost: 'hidden' } }] };
    expect(withGroupAction(access, 'Sales', 'grid', 'read', false)).toEqual({ grants: [{ group: 'Sales', actions: [], fields: { cost: 'hidden' } }] });
    expect(withEverything({ groups: ['Sales'] }, 'Sales', false)).toBeUndefined();
    expect(tidyAccess({ public: false, self: false, groups: [], grants: [] })).toBeUndefined();
  });
});
