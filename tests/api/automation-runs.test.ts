import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../support/test-app.js';
import type { RunDetail, RunPage } from '../../src/shared/automation-types.js';

/**
 * Automations as the server carries them out (docs/automations.md): a record trigger fires from
 * any write path and queues a run that writes through a form as its run-as user; a before-trigger
 * refuses a write or sets its fields in the write's transaction; a chain of automations is stopped
 * past its depth; buttons and webhooks queue runs; every run is logged with each step's outcome.
 */
let t: TestApp;
let admin: string;
useTestApp((app, token) => {
  t = app;
  admin = token;
});

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token: string | null = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status < 200 || res.status > 202) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const input = (name: string, fieldtype = 'text') => ({ childType: 'Input', width: 3, name, label: name, fieldtype });
const checkbox = (name: string) => ({ childType: 'Checkbox', width: 3, name, label: name });
const reference = (name: string) => ({ childType: 'Reference', width: 3, name, label: name });

let library = false;
/** Book {title, available}, Loan {book, returned, note}, each with a form. */
async function makeLibrary(): Promise<void> {
  if (library) return;
  await ok('POST', '/api/definitions/model', { name: 'Book', fields: [{ name: 'title', type: 'text' }, { name: 'available', type: 'boolean' }, { name: 'loans', type: 'number' }] });
  await ok('POST', '/api/definitions/model', {
    name: 'Loan',
    fields: [{ name: 'book', type: 'reference', target: 'Book' }, { name: 'returned', type: 'boolean' }, { name: 'loaned', type: 'date' }, { name: 'due', type: 'date' }, { name: 'note', type: 'text' }],
  });
  await ok('POST', '/api/definitions/form', { name: 'book', title: 'Book', model: 'Book', definition: [{ cols: [input('title'), checkbox('available'), input('loans', 'number')] }] });
  await ok('POST', '/api/definitions/form', { name: 'loan', title: 'Loan', model: 'Loan', definition: [{ cols: [reference('book'), checkbox('returned'), input('loaned', 'date'), input('due', 'date'), input('note')] }] });
  library = true;
}

async function runsOf(automation: string): Promise<RunDetail[]> {
  const page = await ok<RunPage>('GET', `/api/automations/runs?automation=${automation}`);
  return Promise.all(page.runs.map((r) => ok<RunDetail>('GET', `/api/automations/runs/${r.id}`)));
}

const settle = () => t.app.services.automations.settle();

describe('record triggers', () => {
  it('marks the book available when its loan is returned: fired by the form update, written through the book form as the admin, logged', async () => {
    await makeLibrary();
    await ok('POST', '/api/definitions/automation', {
      name: 'returnBook',
      trigger: { type: 'record', model: 'Loan', on: ['update'], fields: ['returned'] },
      condition: { and: [{ field: 'returned', op: 'eq', value: true }] },
      runAs: 'admin',
      steps: [{ type: 'updateRecord', name: 'book', form: 'book', id: '{{record.book}}', values: { available: true } }],
    });
    const book = await ok<{ id: number }>('POST', '/api/form/book/add', { title: 'Dune', available: false });
    const loan = await ok<{ id: number }>('POST', '/api/form/loan/add', { book: book.id, returned: false });
    await ok('POST', `/api/form/loan/update/${loan.id}`, { note: 'late', _version: 1 });
    await settle();
    // A change of another field fires nothing.
    expect(await runsOf('returnBook')).toEqual([]);
    await ok('POST', `/api/form/loan/update/${loan.id}`, { returned: true, _version: 2 });
    await settle();
    expect((await ok<Record<string, unknown>>('GET', `/api/form/book/data/${book.id}`)).available).toBe(true);
    const [run] = await runsOf('returnBook');
    expect(run).toMatchObject({ state: 'done', trigger: 'update', model: 'Loan', recordId: String(loan.id), attempts: 1, userName: 'admin', depth: 1 });
    expect(run?.steps).toEqual([expect.objectContaining({ path: '1', type: 'updateRecord', name: 'book', ok: true, result: { id: book.id } })]);
    expect((run?.input.before as Record<string, unknown>).returned).toBe(false);
    expect((run?.input.record as Record<string, unknown>).returned).toBe(true);
    // The book's change is recorded as the automation's.
    const entry = await t.app.services.database.db.selectFrom('sys_record_history').selectAll().where('model', '=', 'Book').where('action', '=', 'update').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ source: 'automation returnBook', user_name: 'admin' });
  });

  it('fires for a write made by any path, here the store itself as a script would, once per record change', async () => {
    await makeLibrary();
    await ok('POST', '/api/definitions/automation', {
      name: 'countLoans',
      trigger: { type: 'record', model: 'Loan', on: ['insert'] },
      runAs: 'admin',
      steps: [{ type: 'updateRecord', form: 'book', id: '{{record.book}}', values: { loans: 1 } }],
    });
    const { store } = t.app.services;
    const book = await store.insert('Book', { title: 'Emma', available: true });
    await store.insert('Loan', { book, returned: false });
    await store.insert('Loan', { book, returned: false });
    await settle();
    const runs = await runsOf('countLoans');
    expect(runs.map((r) => r.state)).toEqual(['done', 'done']);
    expect(runs.every((r) => r.userName === null)).toBe(true);
  });

  it('writes as the run-as user: a form that user may not use refuses, and the run fails with the form\'s words after its tries', async () => {
    await makeLibrary();
    await t.user('clerk');
    await ok('POST', '/api/definitions/automation', {
      name: 'asClerk',
      trigger: { type: 'record', model: 'Book', on: ['insert'] },
      runAs: 'clerk',
      limits: { retries: 0 },
      steps: [{ type: 'createRecord', form: 'loan', values: { book: '{{record.id}}' } }],
    });
    await ok('POST', '/api/form/book/add', { title: 'Ulysses', available: true });
    await settle();
    const [run] = await runsOf('asClerk');
    expect(run?.state).toBe('failed');
    expect(run?.error).toMatch(/^The form 'loan' refused to add the record \(403\): You may not use the form 'loan'/);
    await ok('PUT', '/api/definitions/automation/asClerk', { ...(await ok('GET', '/api/definitions/automation/asClerk')), enabled: false });
  });

  it('stops a chain of automations triggered by each other past its depth, logged as stopped', async () => {
    await ok('POST', '/api/definitions/model', { name: 'Ping', fields: [{ name: 'n', type: 'number' }] });
    await ok('POST', '/api/definitions/form', { name: 'ping', model: 'Ping', definition: [{ cols: [input('n', 'number')] }] });
    await ok('POST', '/api/definitions/automation', {
      name: 'pingPong',
      trigger: { type: 'record', model: 'Ping', on: ['insert'] },
      runAs: 'admin',
      steps: [{ type: 'createRecord', form: 'ping', values: { n: '{{record.n}}' } }],
    });
    await ok('POST', '/api/form/ping/add', { n: 1 });
    await settle();
    const runs = await runsOf('pingPong');
    expect(runs.map((r) => [r.depth, r.state]).sort()).toEqual([
      [1, 'done'],
      [2, 'done'],
      [3, 'done'],
      [4, 'stopped'],
    ]);
    expect(runs.find((r) => r.state === 'stopped')?.error).toMatch(/this run would be 4 automations deep, past this automation's limit of 3/);
  });
});

describe('before-triggers', () => {
  it("refuses a loan due before it was lent with the automation's message, writing nothing; sets a note on a good one", async () => {
    await makeLibrary();
    await ok('POST', '/api/definitions/automation', {
      name: 'dueAfterLoaned',
      trigger: { type: 'record', model: 'Loan', on: ['insert', 'update'], timing: 'before' },
      condition: { and: [{ field: 'due', op: 'lte', value: { var: 'RECORD.loaned' } }] },
      steps: [{ type: 'refuse', message: 'The due date ({{record.due}}) must be after the loan date' }],
    });
    await ok('POST', '/api/definitions/automation', {
      name: 'noteLoan',
      trigger: { type: 'record', model: 'Loan', on: ['insert'], timing: 'before' },
      steps: [{ type: 'setFields', values: { note: 'lent by {{user.user}}' } }],
    });
    const book = await ok<{ id: number }>('POST', '/api/form/book/add', { title: 'Persuasion', available: true });
    const before = await t.app.services.store.count('Loan');
    const refused = await t.call('POST', '/api/form/loan/add', { token: admin, body: { book: book.id, loaned: '2026-05-10', due: '2026-05-01' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'AUTOMATION_REFUSED', error: 'The due date (2026-05-01) must be after the loan date' });
    expect(await t.app.services.store.count('Loan')).toBe(before);
    const good = await ok<{ id: number }>('POST', '/api/form/loan/add', { book: book.id, loaned: '2026-05-01', due: '2026-05-10' });
    expect((await ok<Record<string, unknown>>('GET', `/api/form/loan/data/${good.id}`)).note).toBe('lent by admin');
    // An update moving the due date back is refused too; the record stays as it was.
    const moved = await t.call('POST', `/api/form/loan/update/${good.id}`, { token: admin, body: { due: '2026-04-01', _version: 1 } });
    expect(moved.status).toBe(400);
    expect((await ok<Record<string, unknown>>('GET', `/api/form/loan/data/${good.id}`)).due).toBe('2026-05-10');
    await new Promise((r) => setTimeout(r, 50));
    const [refusal] = await runsOf('dueAfterLoaned');
    expect(refusal).toMatchObject({ state: 'stopped', trigger: 'before update', error: 'Refused the write: The due date (2026-04-01) must be after the loan date' });
    for (const name of ['dueAfterLoaned', 'noteLoan']) await ok('DELETE', `/api/definitions/automation/${name}`);
  });
});

describe('buttons and webhooks', () => {
  it('runs a button automation on a record for whom its access grants, and not for others', async () => {
    await makeLibrary();
    await ok('POST', '/api/definitions/automation', {
      name: 'withdraw',
      trigger: { type: 'button', model: 'Book', label: 'Withdraw' },
      access: { groups: ['Librarians'] },
      steps: [{ type: 'updateRecord', form: 'book', id: '{{record.id}}', values: { available: false } }],
    });
    const book = await ok<{ id: number }>('POST', '/api/form/book/add', { title: 'Middlemarch', available: true });
    const reader = await t.user('reader');
    expect(await ok('GET', '/api/automations/buttons/Book', undefined, reader.token)).toEqual([]);
    expect((await t.call('POST', '/api/automations/withdraw/run', { token: reader.token, body: { id: book.id } })).status).toBe(404);
    expect(await ok('GET', '/api/automations/buttons/Book')).toContainEqual({ name: 'withdraw', label: 'Withdraw' });
    const queued = await ok<{ run: string }>('POST', '/api/automations/withdraw/run', { id: book.id });
    await settle();
    expect(await ok<RunDetail>('GET', `/api/automations/runs/${queued.run}`)).toMatchObject({ state: 'done', trigger: 'button', userName: 'admin' });
    expect((await ok<Record<string, unknown>>('GET', `/api/form/book/data/${book.id}`)).available).toBe(false);
  });

  it('takes a signed webhook: a wrong token or signature is refused, the body is the data of the run', async () => {
    await makeLibrary();
    await ok('POST', '/api/definitions/automation', {
      name: 'addBook',
      trigger: { type: 'webhook', secret: 'a secret of sixteen+' },
      runAs: 'admin',
      steps: [{ type: 'createRecord', name: 'added', form: 'book', values: { title: '{{data.title}}', available: true } }],
    });
    const saved = await ok<{ trigger: { token: string } }>('GET', '/api/definitions/automation/addBook');
    const token = saved.trigger.token;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const body = JSON.stringify({ title: 'Hooked' });
    const sign = (text: string) => `sha256=${createHmac('sha256', 'a secret of sixteen+').update(text).digest('hex')}`;
    const post = (url: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', ...headers } });
    expect((await post(`/api/hooks/addBook/${'0'.repeat(32)}`, { 'x-tessera-signature': sign(body) })).statusCode).toBe(404);
    expect((await post(`/api/hooks/addBook/${token}`, { 'x-tessera-signature': sign('{}') })).statusCode).toBe(403);
    const res = await post(`/api/hooks/addBook/${token}`, { 'x-tessera-signature': sign(body) });
    expect(res.statusCode).toBe(202);
    await settle();
    const run = await ok<RunDetail>('GET', `/api/automations/runs/${(JSON.parse(res.body) as { run: string }).run}`);
    expect(run).toMatchObject({ state: 'done', trigger: 'webhook', input: { data: { title: 'Hooked' } } });
    const made = run.steps[0]?.result as { id: number };
    expect((await ok<Record<string, unknown>>('GET', `/api/form/book/data/${made.id}`)).title).toBe('Hooked');
  });
});

describe('the queue', () => {
  it("takes over a run whose process died while holding it (its lease ran out), as its next try", async () => {
    await makeLibrary();
    await ok('POST', '/api/definitions/automation', {
      name: 'orphan',
      trigger: { type: 'button', model: 'Book' },
      runAs: 'admin',
      steps: [{ type: 'updateRecord', form: 'book', id: '{{record.id}}', values: { title: 'taken over' } }],
    });
    const book = await ok<{ id: number }>('POST', '/api/form/book/add', { title: 'Orphaned', available: true });
    const { automations, database } = t.app.services;
    const id = await automations.queue({ automation: 'orphan', trigger: 'button', model: 'Book', recordId: String(book.id), input: { record: { id: book.id } }, depth: 1, userId: 1, userName: 'admin' });
    // A process that claimed it and was killed: running, its lease past.
    await database.db.updateTable('sys_automation_runs').set({ state: 'running', owner: 'gone:1:x', lease_until: Date.now() - 1, attempts: 1 }).where('id', '=', id).execute();
    await settle();
    expect(await ok<RunDetail>('GET', `/api/automations/runs/${id}`)).toMatchObject({ state: 'done', attempts: 2 });
    expect((await ok<Record<string, unknown>>('GET', `/api/form/book/data/${book.id}`)).title).toBe('taken over');
  });

  it('lists runs newest first a page at a time, filtered by state, and retries a failed one', async () => {
    const page = await ok<RunPage>('GET', '/api/automations/runs?state=failed');
    expect(page.runs.length).toBeGreaterThan(0);
    expect(page.runs.every((r) => r.state === 'failed')).toBe(true);
    const failed = page.runs[0] as RunPage['runs'][number];
    expect(await ok('POST', `/api/automations/runs/${failed.id}/retry`)).toEqual({ run: failed.id });
    expect((await t.call('POST', `/api/automations/runs/${'f'.repeat(32)}/retry`, { token: admin })).status).toBe(404);
    const reader = await t.user('nosy');
    expect((await t.call('GET', '/api/automations/runs', { token: reader.token })).status).toBe(403);
  });

  it('forgets ended runs past AUTOMATION_RUNS_DAYS, never a queued or running one', async () => {
    const { automations, database } = t.app.services;
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const ids = await Promise.all(['done', 'failed', 'queued'].map(() => automations.queue({ automation: 'orphan', trigger: 'button', model: 'Book', recordId: '1', input: {}, depth: 1, userId: 1, userName: 'admin' })));
    for (const [i, state] of ['done', 'failed', 'queued'].entries()) {
      await database.db.updateTable('sys_automation_runs').set({ state, created_at: old, next_at: Date.now() + 3_600_000 }).where('id', '=', ids[i] as string).execute();
    }
    expect(t.app.services.config.automationRunsDays).toBe(30);
    await automations.runs.prune(new Date(Date.now() - 30 * 86_400_000).toISOString());
    const left = (await database.db.selectFrom('sys_automation_runs').select('id').where('id', 'in', ids as string[]).execute()).map((r) => r.id);
    expect(left).toEqual([ids[2]]);
    await database.db.deleteFrom('sys_automation_runs').where('id', '=', ids[2] as string).execute();
  });
});
