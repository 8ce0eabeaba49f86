import { describe, expect, it } from 'vitest';
import { grantPermit, presetValue, type Grant } from '../../src/server/http/grants.js';
import type { FilterTree } from '../../src/shared/filter/index.js';

/**
 * What grants let a caller do (src/server/http/grants.ts): the union of the grants of their
 * groups, each restriction holding only where every grant letting them act imposes it.
 */
const mine = (...groups: string[]) => new Set(['Everyone', ...groups]);
const ofBranch: FilterTree = { and: [{ field: 'branch', op: 'eq', value: { var: 'CURRENT_USER.branch' } }] };
const open: FilterTree = { and: [{ field: 'status', op: 'eq', value: 'open' }] };

const grants: Grant[] = [
  { group: 'Librarians', actions: ['read', 'add', 'update'], rules: { read: ofBranch, update: ofBranch }, fields: { email: 'hidden', branch: 'readonly' }, presets: { branch: { var: 'CURRENT_USER.branch' } } },
  { group: 'Auditors', actions: ['read', 'export'], rules: { read: open }, fields: { notes: 'hidden' } },
  { group: 'Members', actions: ['add'], presets: { status: 'new' } },
];

describe('grantPermit', () => {
  it('refuses an action no grant of the caller allows', () => {
    expect(grantPermit(grants, mine('Librarians'), 'delete')).toBeNull();
    expect(grantPermit(grants, mine(), 'read')).toBeNull();
    expect(grantPermit(undefined, mine('Librarians'), 'read')).toBeNull();
  });

  it("a single grant: its rule, hidden and read-only fields", () => {
    const permit = grantPermit(grants, mine('Librarians'), 'read');
    expect(permit?.rule).toEqual([ofBranch]);
    expect([...(permit?.hidden ?? [])]).toEqual(['email']);
    expect([...(permit?.readOnly ?? [])].sort()).toEqual(['branch', 'email']);
  });

  it('two groups: the rules are ORed, a field is hidden only when every read grant hides it', () => {
    const permit = grantPermit(grants, mine('Librarians', 'Auditors'), 'read');
    expect(permit?.rule).toEqual([ofBranch, open]);
    expect([...(permit?.hidden ?? [])]).toEqual([]);
  });

  it('a grant allowing the action without a rule reaches every record', () => {
    const all: Grant[] = [...grants, { group: 'Heads', actions: ['read'] }];
    expect(grantPermit(all, mine('Librarians', 'Heads'), 'read')?.rule).toBeUndefined();
  });

  it('add: the presets of the first grant allowing it, and its read-only fields', () => {
    expect(grantPermit(grants, mine('Members', 'Librarians'), 'add')?.presets).toEqual({ branch: { var: 'CURRENT_USER.branch' } });
    expect(grantPermit(grants, mine('Members'), 'add')?.presets).toEqual({ status: 'new' });
    // Members' grant leaves branch writable: the union does too.
    expect([...(grantPermit(grants, mine('Members', 'Librarians'), 'add')?.readOnly ?? [])]).toEqual([]);
  });

  it('open: any action lets the caller see the definition', () => {
    expect(grantPermit(grants, mine('Members'), 'open')).not.toBeNull();
    expect(grantPermit(grants, mine('Strangers'), 'open')).toBeNull();
  });
});

describe('presetValue', () => {
  const now = new Date('2024-05-31T12:00:00.000Z');
  it('a literal is itself; a variable takes the caller and the moment', () => {
    expect(presetValue('new', {}, now)).toBe('new');
    expect(presetValue({ var: 'CURRENT_USER.id' }, { userId: 4 }, now)).toBe(4);
    expect(presetValue({ var: 'CURRENT_USER.branch' }, { user: { branch: 2 } }, now)).toBe(2);
    expect(presetValue({ var: 'CURRENT_USER.branch' }, { user: {} }, now)).toBeNull();
    expect(presetValue({ var: 'TODAY' }, {}, now)).toBe('2024-05-31');
    expect(presetValue({ var: 'NOW' }, {}, now)).toBe('2024-05-31T12:00:00');
  });
});
