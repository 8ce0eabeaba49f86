import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ModelStore } from '../../src/server/records/model-store.js';
import { MAX_HOPS, TemplateScope, type TemplateRoots } from '../../src/server/ops/automations/template-scope.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * What an automation's templates read (docs/automations.md, "Templates"), on the real store of
 * each database: a reference's path goes on into the record it names (a loan's member's e-mail),
 * one read by id per record, cached, at most three references deep; a password is never read,
 * whatever the values hold; a missing record or a bad id reads as nothing, never as an error.
 */
let t: TestApp;
let store: ModelStore;
const ids: Record<string, number> = {};
let adminId: number;
const now = new Date(Date.UTC(2025, 0, 31, 9, 30));

async function model(body: unknown): Promise<void> {
  const res = await t.call('POST', '/api/definitions/model', { token: t.adminToken, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`model: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A scope over the loan as the trigger's record, with the roots given. */
async function loanScope(roots: TemplateRoots = {}): Promise<TemplateScope> {
  const values = await store.get1('Loan', ids.loan);
  return new TemplateScope(store, { record: { model: 'Loan', values: values ?? {} }, now, ...roots });
}

beforeAll(async () => {
  t = await startTestApp();
  await t.setup();
  store = t.app.services.store;
  await model({ name: 'Country', fields: [{ name: 'name', type: 'text' }] });
  await model({ name: 'Region', fields: [{ name: 'name', type: 'text' }, { name: 'country', type: 'reference', target: 'Country' }] });
  await model({ name: 'Branch', fields: [{ name: 'name', type: 'text' }, { name: 'region', type: 'reference', target: 'Region' }] });
  await model({
    name: 'Member',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'email', type: 'text' },
      { name: 'pin', type: 'password' },
      { name: 'branch', type: 'reference', target: 'Branch' },
      { name: 'meta', type: 'json' },
      { name: 'active', type: 'boolean' },
    ],
  });
  await model({ name: 'Book', fields: [{ name: 'title', type: 'text' }, { name: 'pages', type: 'number' }] });
  await model({
    name: 'Loan',
    fields: [
      { name: 'title', type: 'text' },
      { name: 'book', type: 'reference', target: 'Book' },
      { name: 'member', type: 'reference', target: 'Member' },
      { name: 'due', type: 'date' },
      { name: 'returned', type: 'boolean' },
    ],
  });
  const admin = await store.getRaw('User', { field: 'user', value: 'admin' });
  adminId = Number(admin?.id);
  ids.country = Number(await store.insert('Country', { name: 'Netherlands' }));
  ids.region = Number(await store.insert('Region', { name: 'North', country: ids.country }));
  ids.branch = Number(await store.insert('Branch', { name: 'Central', region: ids.region }));
  ids.member = Number(
    await store.insert('Member', {
      name: '{{user.email}}',
      email: 'ann@example.com',
      pin: '$argon2id$v=19$m=19456,t=2,p=1$not-a-real-hash',
      branch: ids.branch,
      meta: { tags: ['gold', 'early'], since: 2019 },
      active: true,
    }),
  );
  ids.book = Number(await store.insert('Book', { title: 'Dune', pages: 412 }));
  ids.loan = Number(await store.insert('Loan', { title: 'L1', book: ids.book, member: ids.member, due: '2025-02-14', returned: false }, store.db, adminId));
});

afterAll(async () => {
  await t?.close();
});

describe('TemplateScope', () => {
  it("reads the record's fields, its id, and a reference's id", async () => {
    const scope = await loanScope();
    expect(await scope.render('{{record.title}} #{{record.id}} due {{ record.due }}, returned {{record.returned}}')).toBe(`L1 #${ids.loan} due 2025-02-14, returned false`);
    expect(await scope.render('{{record.book}}/{{record.member}}')).toBe(`${ids.book}/${ids.member}`);
    expect(await scope.renderValue('{{record.member}}')).toBe(ids.member);
    expect(await scope.renderValue('{{record.returned}}')).toBe(false);
  });

  it("goes on through a reference into the record it names: the loan's member's e-mail", async () => {
    const scope = await loanScope();
    expect(await scope.render('To {{record.member.email}} about {{record.book.title}} ({{record.book.pages}} pages)')).toBe('To ann@example.com about Dune (412 pages)');
    expect(await scope.renderValue('{{record.book.pages}}')).toBe(412);
    expect(await scope.renderValue('{{record.member.active}}')).toBe(true);
    expect(await scope.render('{{record.member.meta.tags.1}} since {{record.member.meta.since}}')).toBe('early since 2019');
    expect(await scope.renderValue('{{record.member.meta}}')).toEqual({ tags: ['gold', 'early'], since: 2019 });
    expect(await scope.render('{{record.member.id}}')).toBe(String(ids.member));
  });

  it(`goes through at most ${MAX_HOPS} references, one read per record`, async () => {
    const scope = await loanScope();
    const get1 = vi.spyOn(store, 'get1');
    try {
      expect(await scope.render('{{record.member.branch.region.name}}')).toBe('North');
      expect(get1).toHaveBeenCalledTimes(3);
      expect(await scope.render('{{record.member.branch.region.country}}')).toBe(String(ids.country));
      // A fourth reference is not followed.
      expect(await scope.render('[{{record.member.branch.region.country.name}}]')).toBe('[]');
      expect(get1).toHaveBeenCalledTimes(3);
      // Starting one reference further in, the country is three away.
      const member = await store.get1('Member', ids.member);
      get1.mockClear();
      const fromMember = new TemplateScope(store, { record: { model: 'Member', values: member ?? {} } });
      expect(await fromMember.render('{{record.branch.region.country.name}}')).toBe('Netherlands');
      expect(get1).toHaveBeenCalledTimes(3);
    } finally {
      get1.mockRestore();
    }
  });

  it('reads each record once, however many templates name it, until told to forget', async () => {
    const scope = await loanScope();
    const get1 = vi.spyOn(store, 'get1');
    try {
      await scope.prepare(['{{record.member.email}}', '{{record.member.name}} {{record.member.branch.name}}', 12, null, '{{record.member.email}}']);
      expect(get1).toHaveBeenCalledTimes(2);
      expect(get1.mock.calls.map((c) => c[0]).sort()).toEqual(['Branch', 'Member']);
      expect(scope.lookup(['record', 'member', 'email'])).toBe('ann@example.com');
      expect(await scope.render('{{record.member.email}} {{record.member.branch.name}}')).toBe('ann@example.com Central');
      expect(get1).toHaveBeenCalledTimes(2);
      // A loop's item shares the reads.
      const item = scope.with({ item: { model: 'Loan', values: { member: ids.member, title: 'L2' } } });
      expect(await item.render('{{item.title}}: {{item.member.email}}, {{record.title}}')).toBe('L2: ann@example.com, L1');
      expect(get1).toHaveBeenCalledTimes(2);
      // After a step wrote the member, its new address is read again.
      await store.update('Member', ids.member, { email: 'ann@new.example.com' });
      expect(await scope.render('{{record.member.email}}')).toBe('ann@example.com');
      scope.forget();
      expect(await scope.render('{{record.member.email}}')).toBe('ann@new.example.com');
      expect(get1).toHaveBeenCalledTimes(3);
    } finally {
      get1.mockRestore();
      await store.update('Member', ids.member, { email: 'ann@example.com' });
    }
  });

  it('answers a lookup without prepare from the roots alone, a referenced record as missing', async () => {
    const scope = await loanScope();
    expect(scope.lookup(['record', 'title'])).toBe('L1');
    expect(scope.lookup(['record', 'member'])).toBe(ids.member);
    expect(scope.lookup(['record', 'member', 'email'])).toBeUndefined();
  });

  it('never reads a password field: in a root, through a reference, or in a whole record', async () => {
    const hashLike = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
    // Values handed in may hold a hash (a raw row) or a typed password (a form's values before the write).
    const rawMember = { ...(await store.getRaw('Member', { field: 'id', value: ids.member })) };
    expect(String(rawMember.pin)).not.toBe('');
    const scope = new TemplateScope(store, {
      record: { model: 'Member', values: { ...rawMember, pin: hashLike } },
      user: { model: 'User', values: { ...(await store.getRaw('User', { field: 'id', value: adminId })) } },
      item: { model: 'Loan', values: { member: ids.member } },
    });
    for (const template of ['{{record.pin}}', '{{ record.pin }}', '{{record.pin.0}}', '{{item.member.pin}}', '{{user.password}}', '{{user.password.length}}']) {
      expect(await scope.render(`[${template}]`)).toBe('[]');
      expect(await scope.renderValue(template)).toBeNull();
    }
    const whole = JSON.stringify([await scope.renderValue('{{record}}'), await scope.render('{{record}} {{user}} {{item.member}}')]);
    expect(whole).not.toContain('argon2');
    expect(whole).not.toContain(hashLike);
    expect(await scope.renderValue('{{record}}')).toMatchObject({ id: ids.member, email: 'ann@example.com', name: '{{user.email}}' });
    expect(await scope.renderValue('{{record}}')).not.toHaveProperty('pin');
    expect(await scope.render('{{user.email}}')).toBe('admin@example.com');
    // Who made the loan (an audit field, a reference to User): their name, never their password.
    const loan = await loanScope();
    expect(await loan.render('{{record._created_by.user}}[{{record._created_by.password}}]')).toBe('admin[]');
  });

  it('renders a value that holds a template as text, never again as a template', async () => {
    const scope = await loanScope({ user: { model: 'User', values: { email: 'secret@example.com' } } });
    expect(await scope.render('Hello {{record.member.name}}')).toBe('Hello {{user.email}}');
    expect(await scope.renderValue('{{record.member.name}}')).toBe('{{user.email}}');
  });

  it('reads a missing record, a bad id, a missing root or an unknown model as nothing, without throwing', async () => {
    const scope = new TemplateScope(store, {
      record: { model: 'Loan', values: { title: 'dangling', member: 987_654, book: 'not-an-id' } },
      before: null,
      item: { model: 'NoSuchModel', values: { title: 'x' } },
    });
    expect(await scope.render('[{{record.member.email}}][{{record.book.title}}][{{before.title}}][{{item.title}}][{{user.email}}][{{nobody.x}}]')).toBe('[][][][][][]');
    expect(await scope.render('{{record.title}}')).toBe('dangling');
    expect(await scope.renderValue('{{record.member.email}}')).toBeNull();
  });

  it('reads only the fields of the model: no link, no inherited property, no unknown key', async () => {
    // User's `groups` is a link field (its records live in UserGroup).
    const scope = new TemplateScope(store, {
      user: { model: 'User', values: { id: 1, user: 'ann', groups: [1, 2], _labels: { x: 1 }, _version: 3, extra: 'e' } },
    });
    expect(await scope.render('{{user.user}}[{{user.groups}}][{{user._labels}}][{{user._version}}][{{user.extra}}][{{user.constructor}}][{{user.user.length}}]')).toBe(
      'ann[][][][][][]',
    );
    expect(await scope.renderValue('{{user}}')).toEqual({ id: 1, user: 'ann' });
  });

  it('reads data and steps as plain values: own properties and array indexes only', async () => {
    const steps: Record<string, unknown> = {};
    const scope = new TemplateScope(store, { data: { items: [{ name: 'first' }, { name: 'second' }], n: 0, nested: { ok: true } }, steps, now });
    expect(await scope.render('{{data.items.1.name}} {{data.n}} {{data.nested.ok}}')).toBe('second 0 true');
    expect(await scope.render('[{{data.items.length}}][{{data.constructor}}][{{data.items.0.__proto__}}][{{data.n.x}}]')).toBe('[][][][]');
    expect(scope.lookup(['data', 'items', '01', 'name'])).toBeUndefined();
    expect(scope.lookup(['data', 'items', '1', 'name'])).toBe('second');
    expect(await scope.renderValue('{{data.items}}')).toEqual([{ name: 'first' }, { name: 'second' }]);
    // Steps are read as the run adds their results.
    expect(await scope.render('[{{steps.created.id}}]')).toBe('[]');
    steps.created = { id: 42 };
    expect(await scope.renderValue('{{steps.created.id}}')).toBe(42);
  });

  it("renders now as the run's time in ISO 8601, the same for the scopes made from it", async () => {
    const scope = new TemplateScope(store, { now });
    expect(await scope.render('{{now}}')).toBe('2025-01-31T09:30:00.000Z');
    expect(await scope.with({ data: {} }).render('{{ now }}')).toBe('2025-01-31T09:30:00.000Z');
    expect(await scope.render('[{{now.x}}]')).toBe('[]');
    const unset = new TemplateScope(store, {});
    expect(Date.parse(await unset.render('{{now}}'))).toBeGreaterThan(Date.now() - 60_000);
  });

  it("reads a hex-id model's references", async () => {
    await model({ name: 'Tag', idtype: 'hex', fields: [{ name: 'label', type: 'text' }] });
    await model({ name: 'Note', fields: [{ name: 'text', type: 'text' }, { name: 'tag', type: 'reference', target: 'Tag' }] });
    const tag = String(await store.insert('Tag', { label: 'urgent' }));
    const scope = new TemplateScope(store, { record: { model: 'Note', values: { text: 'n', tag } }, before: { model: 'Note', values: { tag: 'not-hex' } } });
    expect(await scope.render('{{record.tag.label}} [{{before.tag.label}}]')).toBe('urgent []');
    expect(await scope.renderValue('{{record.tag}}')).toBe(tag);
  });
});
