import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, takeBackup } from '../support/backup.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Automations are a definition kind like the others (docs/api.md, "Definitions as code"): saved,
 * read, versioned and deleted through /api/definitions/automation (administrators only, whatever
 * their access says), 409 on a stale save, carried by app export and import. Every save is checked
 * beyond the schema (src/server/definitions/automation-check.ts): what an automation names must
 * exist and fit, or the save answers 400 with a JSON pointer to each place and stores nothing.
 * Backups carry them as they carry every definition.
 */

type Doc = Record<string, unknown> & { id: string; name: string; version: number };
type Detail = { pointer: string; message: string };
type Refusal = { error: string; code: string; details?: Detail[] };
type AppFile = { format: string; formatVersion: number; exportedAt: string; definitions: Record<string, Record<string, unknown>[]> };
type Change = { kind: string; name: string; status: string };

let t: TestApp;
let admin: string;
let reader: string;

const MODELS = [
  { name: 'Book', title: 'Books', fields: [{ name: 'title', type: 'text', label: 'Title' }, { name: 'available', type: 'boolean', label: 'Available' }] },
  { name: 'Member', title: 'Members', fields: [{ name: 'name', type: 'text', label: 'Name' }, { name: 'email', type: 'text', label: 'E-mail' }] },
  {
    name: 'Loan',
    title: 'Loans',
    fields: [
      { name: 'book', type: 'reference', target: 'Book', label: 'Book' },
      { name: 'member', type: 'reference', target: 'Member', label: 'Member' },
      { name: 'returned', type: 'boolean', label: 'Returned' },
      { name: 'loaned', type: 'date', label: 'Loaned' },
      { name: 'due', type: 'date', label: 'Due' },
    ],
  },
];

const input = (name: string) => ({ childType: 'Input', width: 6, name, label: name });
const FORMS = [
  { name: 'book', title: 'Book', model: 'Book', definition: [{ cols: [input('title'), { childType: 'Checkbox', width: 6, name: 'available', label: 'Available' }] }] },
  { name: 'loan', title: 'Loan', model: 'Loan', definition: [{ cols: [input('book'), input('member'), input('due')] }] },
];

/** Returning a loan makes its book available and mails the member. */
const RETURNED = {
  name: 'loan_returned',
  title: 'Loan returned',
  trigger: { type: 'record', model: 'Loan', on: ['update'], fields: ['returned'] },
  condition: { and: [{ field: 'returned', op: 'eq', value: true }] },
  beforeCondition: { and: [{ field: 'returned', op: 'eq', value: false }] },
  steps: [
    { type: 'updateRecord', name: 'book', form: 'book', id: '{{record.book}}', values: { available: true } },
    { type: 'sendMail', to: '{{record.member.email}}', subject: 'Thank you', text: 'You returned {{record.book.title}}.' },
  ],
};

const create = (doc: unknown, token: string | null = admin) => t.call<Doc & Refusal>('POST', '/api/definitions/automation', { token, body: doc });

async function saved(doc: unknown): Promise<Doc> {
  const res = await create(doc);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The refusal of a save: 400 INVALID with its details, and nothing stored under the name. */
async function refused(doc: Record<string, unknown>): Promise<Detail[]> {
  const res = await create(doc);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe('INVALID');
  const stored = await t.call('GET', `/api/definitions/automation/${String(doc.name)}`, { token: admin });
  expect(stored.status).toBe(404);
  return res.body.details ?? [];
}

const automation = (name: string, changes: Record<string, unknown>) => ({ name, trigger: { type: 'button', model: 'Book' }, steps: [], ...changes });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  for (const model of MODELS) {
    const res = await t.call('POST', '/api/definitions/model', { token: admin, body: model });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  for (const form of FORMS) {
    const res = await t.call('POST', '/api/definitions/form', { token: admin, body: form });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  ({ token: reader } = await t.user('librarian'));
});
afterAll(async () => {
  await t?.close();
});

describe('saving an automation of each trigger', () => {
  it('saves a record trigger after an update, reads it back whole and lists it', async () => {
    const doc = await saved(RETURNED);
    expect(doc).toEqual({ ...RETURNED, id: expect.stringMatching(/^[0-9a-f]{32}$/), version: 1 });
    const read = await t.call<Doc>('GET', '/api/definitions/automation/loan_returned', { token: admin });
    expect(read.body).toEqual(doc);
    const list = await t.call<{ name: string; title: string }[]>('GET', '/api/definitions/automation', { token: admin });
    expect(list.body).toContainEqual({ id: doc.id, name: 'loan_returned', title: 'Loan returned' });
  });

  it('saves a before-trigger that tests, refuses and sets fields', async () => {
    await saved({
      name: 'due_after_loaned',
      trigger: { type: 'record', model: 'Loan', on: ['insert', 'update'], timing: 'before' },
      steps: [
        { type: 'condition', match: { and: [{ field: 'due', op: 'lt', value: '2000-01-01' }] }, then: [{ type: 'refuse', message: 'The due date {{record.due}} is too early' }] },
        { type: 'condition', match: { and: [{ field: 'returned', op: 'eq', value: true }] }, on: 'before', else: [{ type: 'setFields', values: { returned: false } }] },
      ],
    });
  });

  it('saves a schedule as a user named in any case, with a loop over a model', async () => {
    const doc = await saved({
      name: 'overdue',
      enabled: false,
      trigger: { type: 'schedule', cron: '0 8 * * *' },
      runAs: 'LIBRARIAN',
      steps: [{ type: 'loop', model: 'Loan', match: { and: [{ field: 'returned', op: 'eq', value: false }] }, limit: 50, steps: [{ type: 'sendMail', to: '{{item.member.email}}', subject: 'Overdue', text: '' }] }],
    });
    expect(doc.runAs).toBe('LIBRARIAN');
  });

  it('saves a button on a model, Group and User included', async () => {
    await saved({ name: 'mark_available', trigger: { type: 'button', model: 'Book', label: 'Available again' }, steps: [{ type: 'updateRecord', form: 'book', id: '{{record.id}}', values: { available: true } }] });
    await saved(automation('group_button', { trigger: { type: 'button', model: 'Group' } }));
    await saved(automation('user_changed', { trigger: { type: 'record', model: 'User', on: ['insert'] } }));
  });

  it('gives a webhook a token of its own, which a save that leaves it out keeps', async () => {
    const doc = await saved({
      name: 'member_joined',
      trigger: { type: 'webhook', secret: 'a-secret-of-sixteen' },
      runAs: 'admin',
      steps: [{ type: 'createRecord', name: 'made', form: 'book', values: { title: '{{data.title}}', available: true } }],
    });
    const token = (doc.trigger as { token: string }).token;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(doc.trigger).toEqual({ type: 'webhook', secret: 'a-secret-of-sixteen', token });
    expect((await t.call<Doc>('GET', '/api/definitions/automation/member_joined', { token: admin })).body.trigger).toEqual(doc.trigger);
    const again = await t.call<Doc>('PUT', `/api/definitions/automation/${doc.id}`, { token: admin, body: { ...doc, title: 'Joined', trigger: { type: 'webhook' } } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.trigger).toEqual({ type: 'webhook', token });
    const mine = 'f'.repeat(32);
    const chosen = await t.call<Doc>('PUT', `/api/definitions/automation/${doc.id}`, { token: admin, body: { ...again.body, trigger: { type: 'webhook', token: mine } } });
    expect(chosen.body.trigger).toEqual({ type: 'webhook', token: mine });
    // Another webhook gets another token.
    const other = await saved({ name: 'other_hook', trigger: { type: 'webhook' }, runAs: 'admin', steps: [] });
    expect((other.trigger as { token: string }).token).not.toBe(token);
    // A button made a webhook gets a token with that save.
    const button = await saved(automation('becomes_hook', {}));
    const hook = await t.call<Doc>('PUT', `/api/definitions/automation/${button.id}`, { token: admin, body: { ...button, trigger: { type: 'webhook' }, runAs: 'admin' } });
    expect((hook.body.trigger as { token: string }).token).toMatch(/^[0-9a-f]{32}$/);
  });

  it('lists every automation for the /automations screen, without webhook secrets', async () => {
    const res = await t.call<Record<string, unknown>[]>('GET', '/api/definitions/automation-overview', { token: admin });
    expect(res.status).toBe(200);
    const byName = new Map(res.body.map((a) => [a.name, a]));
    expect(byName.get('loan_returned')).toEqual({
      id: expect.any(String),
      name: 'loan_returned',
      title: 'Loan returned',
      enabled: true,
      trigger: RETURNED.trigger,
      steps: 2,
      version: 1,
    });
    expect(byName.get('overdue')).toMatchObject({ enabled: false, title: '', trigger: { type: 'schedule', cron: '0 8 * * *' }, steps: 1 });
    expect(byName.get('member_joined')?.trigger).toEqual({ type: 'webhook' });
    expect(byName.get('other_hook')?.trigger).toEqual({ type: 'webhook' });
    expect(JSON.stringify(res.body)).not.toContain('a-secret-of-sixteen');
    expect([...byName.keys()]).toEqual([...byName.keys()].sort());
    expect((await t.call('GET', '/api/definitions/automation-overview', { token: reader })).status).toBe(403);
  });
});

describe('what a save refuses, at its place', () => {
  it('a trigger model that does not exist, or holds definitions', async () => {
    expect(await refused(automation('a1', { trigger: { type: 'record', model: 'Lone', on: ['insert'] } }))).toEqual([{ pointer: '/trigger/model', message: "there is no model 'Lone'" }]);
    expect(await refused(automation('a2', { trigger: { type: 'button', model: 'LOAN' } }))).toEqual([{ pointer: '/trigger/model', message: "there is no model 'LOAN' (did you mean 'Loan'?)" }]);
    for (const model of ['Form', 'Grid', 'Model', 'Automation']) {
      const details = await refused(automation('a3', { trigger: { type: 'record', model, on: ['update'] } }));
      expect(details).toEqual([{ pointer: '/trigger/model', message: `'${model}' holds ${model.toLowerCase()} definitions: an automation watches the records of a model (User and Group included), not definitions` }]);
    }
  });

  it("trigger fields that are not the model's, or without an update", async () => {
    expect(await refused(automation('f1', { trigger: { type: 'record', model: 'Loan', on: ['update'], fields: ['returned', 'gone'] } }))).toEqual([
      { pointer: '/trigger/fields/1', message: "'gone' is not a field of Loan" },
    ]);
    expect(await refused(automation('f2', { trigger: { type: 'record', model: 'Loan', on: ['insert', 'delete'], fields: ['returned'] } }))).toEqual([
      { pointer: '/trigger/fields', message: "only an update changes fields: add 'update' to on, or leave fields out" },
    ]);
  });

  it('a before-trigger on delete', async () => {
    expect(await refused(automation('b1', { trigger: { type: 'record', model: 'Loan', on: ['update', 'delete'], timing: 'before' } }))).toEqual([
      { pointer: '/trigger/on/1', message: 'a before-trigger runs before an insert or an update, not a delete (an after-trigger sees deletes)' },
    ]);
  });

  it("conditions that do not fit the trigger's model, or that have no record to test", async () => {
    const bad = await refused(automation('c1', { condition: { and: [{ field: 'colour', op: 'eq', value: 'red' }] } }));
    expect(bad).toHaveLength(1);
    expect(bad[0]?.pointer).toMatch(/^\/condition\/and\/0/);
    expect(bad[0]?.message).toContain('colour');
    const kind = await refused(automation('c2', { trigger: { type: 'record', model: 'Loan', on: ['update'] }, beforeCondition: { and: [{ field: 'returned', op: 'eq', value: 'yes' }] } }));
    expect(kind.map((d) => d.pointer)).toEqual(['/beforeCondition/and/0/value']);
    expect(await refused(automation('c3', { trigger: { type: 'schedule', cron: '0 8 * * *' }, runAs: 'admin', condition: { and: [{ field: 'title', op: 'eq', value: 'x' }] } }))).toEqual([
      { pointer: '/condition', message: 'a schedule trigger has no record for a condition to test (a loop step finds records)' },
    ]);
    expect(await refused(automation('c4', { trigger: { type: 'webhook' }, runAs: 'admin', condition: { and: [{ field: 'title', op: 'eq', value: 'x' }] } }))).toEqual([
      { pointer: '/condition', message: 'a webhook trigger has no record for a condition to test (a loop step finds records)' },
    ]);
    const message = "reads the record's values before an update: only a record trigger on update has them";
    expect(await refused(automation('c5', { trigger: { type: 'record', model: 'Loan', on: ['insert'] }, beforeCondition: { and: [{ field: 'returned', op: 'eq', value: true }] } }))).toEqual([{ pointer: '/beforeCondition', message }]);
    expect(await refused(automation('c6', { beforeCondition: { and: [{ field: 'available', op: 'eq', value: true }] } }))).toEqual([{ pointer: '/beforeCondition', message }]);
  });

  it('a schedule that is not five fields of cron, or never comes', async () => {
    const cron = async (text: string) => refused({ name: 's1', trigger: { type: 'schedule', cron: text }, runAs: 'admin', steps: [] });
    expect(await cron('61 * * * *')).toEqual([{ pointer: '/trigger/cron', message: 'is not a schedule (five fields: minute hour day month weekday): invalid value for minute: 61' }]);
    expect(await cron('0 8 * * * *')).toEqual([{ pointer: '/trigger/cron', message: 'has 6 fields: a schedule has five fields: minute hour day month weekday' }]);
    expect(await cron('every day')).toEqual([{ pointer: '/trigger/cron', message: 'has 2 fields: a schedule has five fields: minute hour day month weekday' }]);
    expect(await cron('0 0 31 2 *')).toEqual([{ pointer: '/trigger/cron', message: 'never comes: no date matches it' }]);
  });

  it('a schedule or webhook without a user to run as, and a user that does not exist', async () => {
    expect(await refused({ name: 'r1', trigger: { type: 'schedule', cron: '*/5 * * * *' }, steps: [] })).toEqual([
      { pointer: '/runAs', message: 'is needed: a schedule runs with nobody signed in, so its steps write as the user named here' },
    ]);
    expect(await refused({ name: 'r2', trigger: { type: 'webhook' }, steps: [] })).toEqual([
      { pointer: '/runAs', message: 'is needed: a webhook runs with nobody signed in, so its steps write as the user named here' },
    ]);
    expect(await refused(automation('r3', { runAs: 'nobody' }))).toEqual([{ pointer: '/runAs', message: "there is no user 'nobody'" }]);
  });

  it('steps that cannot run at the trigger\'s timing', async () => {
    const before = { type: 'record', model: 'Loan', on: ['insert'], timing: 'before' };
    expect(await refused(automation('t1', { trigger: before, steps: [{ type: 'sendMail', to: 'a@example.com', subject: 'x', text: '' }] }))).toEqual([
      { pointer: '/steps/0/type', message: "'sendMail' cannot run before a write: a before-trigger runs in the write's transaction, where only 'condition', 'refuse', 'setFields' steps run" },
    ]);
    const only = (type: string) => `'${type}' acts on the record being written: it runs only in a before-trigger (a record trigger with timing 'before')`;
    expect(await refused(automation('t2', { steps: [{ type: 'setFields', values: { available: true } }, { type: 'refuse', message: 'No' }] }))).toEqual([
      { pointer: '/steps/0/type', message: only('setFields') },
      { pointer: '/steps/1/type', message: only('refuse') },
    ]);
    // Nested steps are held to the same rule, with pointers into them.
    expect(
      await refused(automation('t3', { trigger: before, steps: [{ type: 'condition', match: { and: [] }, then: [{ type: 'refuse', message: 'x' }], else: [{ type: 'deleteRecord', form: 'loan', id: '{{record.id}}' }] }] })),
    ).toEqual([{ pointer: '/steps/0/else/0/type', message: "'deleteRecord' cannot run before a write: a before-trigger runs in the write's transaction, where only 'condition', 'refuse', 'setFields' steps run" }]);
  });

  it('record steps through a form that does not exist, writes definitions, or does not write a value', async () => {
    expect(await refused(automation('w1', { steps: [{ type: 'createRecord', form: 'nosuch', values: {} }] }))).toEqual([{ pointer: '/steps/0/form', message: "there is no form 'nosuch'" }]);
    expect(await refused(automation('w2', { steps: [{ type: 'deleteRecord', form: 'form', id: '1' }] }))).toEqual([
      { pointer: '/steps/0/form', message: "the form 'form' writes form definitions: an automation's steps write records" },
    ]);
    expect(await refused(automation('w3', { steps: [{ type: 'updateRecord', form: 'book', id: '{{record.id}}', values: { title: 'x', pages: 3, _created_by: 1 } }] }))).toEqual([
      { pointer: '/steps/0/values/pages', message: "the form 'book' does not write 'pages' (it writes 'title', 'available')" },
      { pointer: '/steps/0/values/_created_by', message: "'_created_by' is kept by the server" },
    ]);
    // A field of the model that the form does not show is not the form's to write.
    expect(await refused(automation('w4', { steps: [{ type: 'createRecord', form: 'loan', values: { returned: true } }] }))).toEqual([
      { pointer: '/steps/0/values/returned', message: "the form 'loan' does not write 'returned' (it writes 'book', 'member', 'due')" },
    ]);
  });

  it("set fields that are not the trigger model's", async () => {
    const trigger = { type: 'record', model: 'Loan', on: ['update'], timing: 'before' };
    expect(await refused(automation('sf', { trigger, steps: [{ type: 'setFields', values: { returned: true, colour: 'red', _updated_at: 'now' } }] }))).toEqual([
      { pointer: '/steps/0/values/colour', message: "'colour' is not a field of Loan" },
      { pointer: '/steps/0/values/_updated_at', message: "'_updated_at' is kept by the server" },
    ]);
  });

  it('loops over a model that does not exist, or with a filter that does not fit it', async () => {
    const loop = (changes: Record<string, unknown>) => automation('l1', { steps: [{ type: 'loop', model: 'Loan', steps: [{ type: 'sendMail', to: 'a@example.com', subject: 's', text: '' }], ...changes }] });
    expect(await refused(loop({ model: 'Loans' }))).toEqual([{ pointer: '/steps/0/model', message: "there is no model 'Loans'" }]);
    expect(await refused(loop({ model: 'Select' }))).toEqual([{ pointer: '/steps/0/model', message: "'Select' holds select definitions: a loop goes over records" }]);
    const bad = await refused(loop({ match: { and: [{ field: 'book.pages', op: 'gt', value: 3 }] } }));
    expect(bad).toHaveLength(1);
    expect(bad[0]?.pointer).toMatch(/^\/steps\/0\/match\/and\/0/);
    // RECORD.<field> is the trigger's record: a field of it, and only where there is one.
    const mail = { type: 'sendMail', to: '{{item.member.email}}', subject: 's', text: '' };
    await saved(automation('loans_of_book', { steps: [{ type: 'loop', model: 'Loan', match: { and: [{ field: 'book', op: 'eq', value: { var: 'RECORD.id' } }, { field: 'returned', op: 'eq', value: { var: 'RECORD.available' } }] }, steps: [mail] }] }));
    const record = await refused(loop({ match: { and: [{ field: 'returned', op: 'eq', value: { var: 'RECORD.pages' } }] } }));
    expect(record).toHaveLength(1);
    expect(record[0]?.pointer).toMatch(/^\/steps\/0\/match\/and\/0/);
    const scheduled = await refused({ name: 'l2', trigger: { type: 'schedule', cron: '0 8 * * *' }, runAs: 'admin', steps: [{ type: 'loop', model: 'Loan', match: { and: [{ field: 'returned', op: 'eq', value: { var: 'RECORD.available' } }] }, steps: [mail] }] });
    expect(scheduled.map((d) => d.pointer)).toEqual(['/steps/0/match/and/0/value']);
    // A loop's own steps are checked, with pointers into them.
    expect(await refused(loop({ steps: [{ type: 'updateRecord', form: 'book', id: '{{item.book}}', values: { shelf: 'A' } }] }))).toEqual([
      { pointer: '/steps/0/steps/0/values/shelf', message: "the form 'book' does not write 'shelf' (it writes 'title', 'available')" },
    ]);
  });

  it("condition steps that do not fit the trigger's model, read values before a change that has none, or have no record", async () => {
    const bad = await refused(automation('cs1', { steps: [{ type: 'condition', match: { and: [{ field: 'returned', op: 'eq', value: true }] } }] }));
    expect(bad).toHaveLength(1);
    expect(bad[0]?.pointer).toMatch(/^\/steps\/0\/match\/and\/0/);
    expect(await refused(automation('cs2', { trigger: { type: 'record', model: 'Loan', on: ['insert'] }, steps: [{ type: 'condition', match: { and: [] }, on: 'before' }] }))).toEqual([
      { pointer: '/steps/0/on', message: "'before' reads the record's values before an update: only a record trigger on update has them" },
    ]);
    expect(await refused({ name: 'cs3', trigger: { type: 'schedule', cron: '0 * * * *' }, runAs: 'admin', steps: [{ type: 'condition', match: { and: [] }, then: [{ type: 'createRecord', form: 'nosuch', values: {} }] }] })).toEqual([
      { pointer: '/steps/0/match', message: 'a schedule trigger has no record for a condition step to test (a loop step finds records)' },
      { pointer: '/steps/0/then/0/form', message: "there is no form 'nosuch'" },
    ]);
  });

  it('templates the renderer cannot read', async () => {
    expect(await refused(automation('tp', { steps: [{ type: 'sendMail', to: '{{record.member.email}}', subject: 'About {{record.title', text: '{{ secret.key }}' }] }))).toEqual([
      { pointer: '/steps/0/subject', message: "'{{' at character 7 is not closed by '}}' (write \\{{ for the braces themselves)" },
      { pointer: '/steps/0/text', message: "{{secret.key}} starts with 'secret': a path starts with record, before, user, now, data, item, steps" },
    ]);
  });

  it('a document its schema refuses, before anything else', async () => {
    const details = await refused({ name: 'bad', trigger: { type: 'record', model: 'Nowhere' } });
    expect(details.map((d) => d.pointer).sort()).toEqual(['/steps', '/trigger/on']);
    expect(details.some((d) => d.pointer === '/trigger/model')).toBe(false);
  });

  it('refuses an update the same way, and keeps what was stored', async () => {
    const doc = await saved(automation('kept', {}));
    const res = await t.call<Refusal>('PUT', `/api/definitions/automation/${doc.id}`, { token: admin, body: { ...doc, trigger: { type: 'button', model: 'Nowhere' } } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ pointer: '/trigger/model', message: "there is no model 'Nowhere'" }]);
    expect((await t.call<Doc>('GET', `/api/definitions/automation/${doc.id}`, { token: admin })).body).toEqual(doc);
  });
});

describe('versions, stale saves and deleting', () => {
  it('keeps every save as a version, refuses a stale one with 409 and restores an old one as a new version', async () => {
    const v1 = await saved(automation('versioned', { title: 'One' }));
    const v2 = (await t.call<Doc>('PUT', `/api/definitions/automation/${v1.id}`, { token: admin, body: { ...v1, title: 'Two' } })).body;
    expect(v2.version).toBe(2);
    const stale = await t.call<Refusal>('PUT', `/api/definitions/automation/${v1.id}`, { token: admin, body: { ...v1, title: 'Three' } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    expect((await t.call<Doc>('GET', '/api/definitions/automation/versioned', { token: admin })).body.title).toBe('Two');
    const versions = await t.call<{ version: number; savedBy: string | null; current: boolean }[]>('GET', '/api/definitions/automation/versioned/versions', { token: admin });
    expect(versions.body.map((v) => [v.version, v.savedBy, v.current])).toEqual([
      [2, 'admin', true],
      [1, 'admin', false],
    ]);
    const first = await t.call<{ document: Doc }>('GET', '/api/definitions/automation/versioned/versions/1', { token: admin });
    expect(first.body.document).toEqual(v1);
    const restored = await t.call<Doc>('POST', '/api/definitions/automation/versioned/versions/1/restore', { token: admin, body: { version: 2 } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({ title: 'One', version: 3 });
  });

  it('checks a restored version as a save: one naming a form deleted since is refused', async () => {
    const form = await t.call<Doc>('POST', '/api/definitions/form', { token: admin, body: { name: 'shortlived', model: 'Book', definition: [{ cols: [input('title')] }] } });
    const v1 = await saved(automation('restoring', { steps: [{ type: 'updateRecord', form: 'shortlived', id: '{{record.id}}', values: { title: 'x' } }] }));
    await t.call('PUT', `/api/definitions/automation/${v1.id}`, { token: admin, body: { ...v1, steps: [] } });
    expect((await t.call('DELETE', `/api/definitions/form/${form.body.id}`, { token: admin })).status).toBe(200);
    const res = await t.call<Refusal>('POST', '/api/definitions/automation/restoring/versions/1/restore', { token: admin, body: { version: 2 } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ pointer: '/steps/0/form', message: "there is no form 'shortlived'" }]);
  });

  it('deletes an automation; a model one names cannot be deleted until it no longer does', async () => {
    const tag = await t.call('POST', '/api/definitions/model', { token: admin, body: { name: 'Tag', fields: [{ name: 'name', type: 'text', label: 'Name' }] } });
    expect(tag.status).toBe(201);
    const doc = await saved({ name: 'tag_watch', trigger: { type: 'record', model: 'Tag', on: ['insert'] }, steps: [] });
    const overview = await t.call<{ name: string; uses: { kind: string; name: string }[]; deletable: boolean }[]>('GET', '/api/definitions/model-overview', { token: admin });
    expect(overview.body.find((m) => m.name === 'Tag')).toMatchObject({ uses: [{ kind: 'automation', name: 'tag_watch' }], deletable: false });
    const kept = await t.call<Refusal>('DELETE', '/api/definitions/model/Tag', { token: admin });
    expect(kept.status).toBe(409);
    expect(kept.body.error).toContain("automation 'tag_watch'");
    expect((await t.call('DELETE', `/api/definitions/automation/${doc.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', '/api/definitions/automation/tag_watch', { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/api/definitions/automation/tag_watch/versions', { token: admin })).status).toBe(404);
    expect((await t.call('DELETE', '/api/definitions/model/Tag', { token: admin })).status).toBe(200);
  });
});

describe('administrators only', () => {
  it('refuses everyone else every definitions route, whatever the automation grants', async () => {
    const doc = await saved(automation('granted', { access: { groups: ['Everyone'] } }));
    for (const [method, url, body] of [
      ['GET', '/api/definitions/automation', undefined],
      ['GET', '/api/definitions/automation/granted', undefined],
      ['GET', '/api/definitions/automation/granted/versions', undefined],
      ['GET', '/api/definitions/automation/granted/versions/1', undefined],
      ['POST', '/api/definitions/automation', automation('sneaky', {})],
      ['PUT', `/api/definitions/automation/${doc.id}`, { ...doc, title: 'Mine' }],
      ['POST', '/api/definitions/automation/granted/versions/1/restore', { version: 1 }],
      ['DELETE', `/api/definitions/automation/${doc.id}`, undefined],
    ] as const) {
      expect((await t.call(method, url, { token: reader, body })).status, `${method} ${url}`).toBe(403);
      expect((await t.call(method, url, { token: null, body })).status, `${method} ${url} signed out`).toBe(401);
    }
    expect((await t.call<Doc>('GET', '/api/definitions/automation/granted', { token: admin })).body).toEqual(doc);
  });

  it('and through a form over the Automation model, whatever that form grants', async () => {
    const form = await t.call('POST', '/api/definitions/form', {
      token: admin,
      body: { name: 'automations_form', model: 'Automation', access: { groups: ['Everyone'] }, definition: [{ cols: [input('name')] }] },
    });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    const doc = await t.call<Doc>('GET', '/api/definitions/automation/granted', { token: admin });
    expect((await t.call('GET', `/api/form/automations_form/data/${doc.body.id}`, { token: reader })).status).toBe(403);
    expect((await t.call('POST', '/api/form/automations_form/add', { token: reader, body: automation('sneaky', {}) })).status).toBe(403);
    // An administrator's save through it is a definition save, with the same checks.
    const through = await t.call<Refusal>('POST', '/api/form/automations_form/add', { token: admin, body: automation('through_form', { runAs: 'nobody' }) });
    expect(through.status).toBe(400);
    expect(through.body.details).toEqual([{ pointer: '/runAs', message: "there is no user 'nobody'" }]);
  });
});

describe('app export and import', () => {
  let target: TestApp;
  beforeAll(async () => {
    target = await startTestApp();
    await target.setup();
  });
  afterAll(async () => {
    await target?.close();
  });

  const exported = async (from: TestApp, body: unknown = {}) => {
    const res = await from.call<AppFile>('POST', '/api/app/export', { token: from.adminToken, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const imported = (to: TestApp, file: unknown, dryRun = false) =>
    to.call<{ ok: boolean; changes: Change[] } & Refusal>('POST', `/api/app/import${dryRun ? '?dryRun=1' : ''}`, { token: to.adminToken, body: file });

  it('carries a chosen automation with the forms it writes through and the models it names, and brings it in whole', async () => {
    const file = await exported(t, { definitions: { automation: ['loan_returned'] } });
    expect(file.definitions.automation?.map((a) => a.name)).toEqual(['loan_returned']);
    expect(file.definitions.form?.map((f) => f.name)).toEqual(['book']);
    expect(file.definitions.model?.map((m) => m.name)).toEqual(['Book', 'Loan', 'Member']);
    expect(file.definitions.automation?.[0]).toEqual(RETURNED);
    const preview = await imported(target, file, true);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.changes).toContainEqual({ kind: 'automation', name: 'loan_returned', status: 'new' });
    const res = await imported(target, file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const there = await target.call<Doc>('GET', '/api/definitions/automation/loan_returned', { token: target.adminToken });
    expect(there.body).toEqual({ ...RETURNED, id: expect.any(String), version: 1 });
    expect((await target.call<unknown[]>('GET', '/api/definitions/automation/loan_returned/versions', { token: target.adminToken })).body).toHaveLength(1);
    // The same file again changes nothing.
    expect((await imported(target, file)).body.changes).toContainEqual({ kind: 'automation', name: 'loan_returned', status: 'unchanged' });
  });

  it('a whole export carries every automation, and the round trip gives the same documents', async () => {
    const file = await exported(t);
    const names = (file.definitions.automation ?? []).map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(['loan_returned', 'overdue', 'member_joined', 'mark_available']));
    expect(file.definitions.automation?.find((a) => a.name === 'member_joined')?.trigger).toMatchObject({ type: 'webhook', token: 'f'.repeat(32) });
    // The target has no user 'LIBRARIAN' yet: the schedule's runAs is refused, at its place in the file.
    const refusal = await imported(target, file);
    expect(refusal.status).toBe(400);
    const at = names.indexOf('overdue');
    expect(refusal.body.details).toContainEqual({ pointer: `/definitions/automation/${at}/runAs`, message: "there is no user 'LIBRARIAN'" });
    await target.user('librarian');
    const res = await imported(target, file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const again = await exported(target);
    expect(again.definitions.automation).toEqual(file.definitions.automation);
  });

  it("checks an imported automation against the instance and the file, and keeps a webhook's stored token", async () => {
    const file = {
      format: 'tessera-app',
      formatVersion: 1,
      exportedAt: new Date().toISOString(),
      definitions: {
        model: [{ name: 'Shelf', fields: [{ name: 'label', type: 'text', label: 'Label' }] }],
        form: [{ name: 'shelf', model: 'Shelf', definition: [{ cols: [input('label')] }] }],
        automation: [
          { name: 'shelf_hook', trigger: { type: 'webhook' }, runAs: 'admin', steps: [{ type: 'createRecord', form: 'shelf', values: { label: '{{data.label}}' } }] },
          { name: 'nowhere', trigger: { type: 'button', model: 'Nowhere' }, steps: [{ type: 'createRecord', form: 'shelf', values: { colour: 'red' } }] },
        ],
      },
    };
    const refusal = await imported(target, file);
    expect(refusal.status).toBe(400);
    expect(refusal.body.details).toEqual([
      { pointer: '/definitions/automation/1/trigger/model', message: "there is no model 'Nowhere'" },
      { pointer: '/definitions/automation/1/steps/0/values/colour', message: "the form 'shelf' does not write 'colour' (it writes 'label')" },
    ]);
    expect((await target.call('GET', '/api/definitions/model/Shelf', { token: target.adminToken })).status).toBe(404);
    file.definitions.automation.pop();
    const res = await imported(target, file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const hook = await target.call<Doc>('GET', '/api/definitions/automation/shelf_hook', { token: target.adminToken });
    const token = (hook.body.trigger as { token: string }).token;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    // The same file, without a token, keeps the stored one: nothing changes.
    const preview = await imported(target, file, true);
    expect(preview.body.changes).toContainEqual({ kind: 'automation', name: 'shelf_hook', status: 'unchanged' });
    await imported(target, file);
    expect((await target.call<Doc>('GET', '/api/definitions/automation/shelf_hook', { token: target.adminToken })).body).toEqual(hook.body);
  });
});

describe('backup and restore', () => {
  it('carries automations whole, with their versions, and a restore brings them back as they were', async () => {
    const PASSWORD = 'backup password 1';
    const before = (await t.call<Doc>('GET', '/api/definitions/automation/loan_returned', { token: admin })).body;
    const hook = (await t.call<Doc>('GET', '/api/definitions/automation/member_joined', { token: admin })).body;
    const versions = (await t.call<unknown[]>('GET', '/api/definitions/automation/member_joined/versions', { token: admin })).body;
    const backup = await takeBackup(t, PASSWORD);
    expect(backup.status).toBe(200);
    // Changed and deleted after the backup.
    expect((await t.call('PUT', `/api/definitions/automation/${before.id}`, { token: admin, body: { ...before, title: 'Changed', enabled: false } })).status).toBe(200);
    expect((await t.call('DELETE', `/api/definitions/automation/${hook.id}`, { token: admin })).status).toBe(200);
    const res = await restoreBackup(t, { file: backup.bytes, password: PASSWORD, delete: 'true' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.call<Doc>('GET', '/api/definitions/automation/loan_returned', { token: admin })).body).toEqual(before);
    expect((await t.call<Doc>('GET', '/api/definitions/automation/member_joined', { token: admin })).body).toEqual(hook);
    expect((await t.call<unknown[]>('GET', '/api/definitions/automation/member_joined/versions', { token: admin })).body).toEqual(versions);
    // Restored automations save as any other: checked, and at their version.
    const saved = await t.call<Doc>('PUT', `/api/definitions/automation/${hook.id}`, { token: admin, body: { ...hook, title: 'After the restore' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.version).toBe(hook.version + 1);
  });
});
