import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDefinition } from '../../src/shared/precompiled-validators.js';
import { walkColumns, type WalkColumn, type WalkRow } from '../../src/shared/definition-walk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The form definition answer follows the caller's grants (src/server/routes/form-as-shown.ts):
 * Clerks never see a contact's `email` and may not change its `status`, and on add the server
 * presets `source`; the form they get has no email column, status (and on add source) disabled,
 * and still validates against the form schema. An admin gets the form as stored.
 */
let t: TestApp;
let admin: string;
let clerk: { token: string; id: number };
let contactId: string;

const input = (name: string, extra: Record<string, unknown> = {}) => ({ childType: 'Input', width: 4, name, label: name, fieldtype: 'text', ...extra });
const ROWS = [
  { cols: [input('name', { required: true }), input('email')] },
  {
    cols: [
      {
        childType: 'Tabs',
        width: 12,
        tabs: [{ childType: 'Tab', tabtitle: 'More', tabcontenttype: 'Rows', rows: [{ cols: [input('status', { hasdefault: true, default: 'new', required: true }), input('source'), input('email')] }] }],
      },
    ],
  },
];
const grants = [
  { group: 'Clerks', actions: ['read', 'add', 'update'], fields: { email: 'hidden', status: 'readonly' }, presets: { source: 'phone', status: 'open' } },
];

type Answer = { definition: WalkRow[]; readOnlyFields?: string[]; modelDefaults?: Record<string, unknown> } & Record<string, unknown>;

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

function columns(answer: Answer): Record<string, WalkColumn[]> {
  const out: Record<string, WalkColumn[]> = {};
  walkColumns(answer.definition, (col) => {
    if (typeof col.name === 'string') (out[col.name] ??= []).push(col);
  });
  return out;
}

/** The answer less what the definition route adds beside the stored form. */
function asStored(answer: Answer) {
  const { modelDefaults: _d, readOnlyFields: _r, ...form } = answer;
  return form;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/form/group/add', { name: 'Clerks' });
  const fields = ['name', 'email', 'status', 'source'].map((name) => ({ name, type: 'text', ...(name === 'status' ? { default: 'new' } : {}) }));
  await ok('POST', '/api/definitions/model', { name: 'Contact', fields });
  await ok('POST', '/api/definitions/form', { name: 'contact', title: 'Contact', model: 'Contact', definition: ROWS, access: { grants } });
  clerk = await t.user('clerk', { groups: ['Clerks'] });
  contactId = String(await t.app.services.store.insert('Contact', { name: 'Ada', email: 'ada@example.com', status: 'won', source: 'web' }));
});
afterAll(() => t?.close());

describe('the form definition answer follows the grants', () => {
  it('leaves out the hidden email columns, disables status, and stays a valid form', async () => {
    const answer = await ok<Answer>('GET', '/api/form/contact/definition', undefined, clerk.token);
    const cols = columns(answer);
    expect(cols.email).toBeUndefined();
    expect(cols.status?.map((c) => c.disabled)).toEqual([true]);
    expect(cols.name?.[0]?.disabled).toBeUndefined();
    expect(cols.source?.[0]?.disabled).toBeUndefined(); // a preset locks it on add only
    expect(answer.readOnlyFields).toEqual(['status']);
    expect(validateDefinition('form', asStored(answer))).toEqual({ ok: true });
    expect(await ok<Answer>('GET', '/api/form/contact/definition?mode=edit', undefined, clerk.token)).toEqual(answer);
  });

  it('on add also disables the preset fields, shown with their literal value', async () => {
    const answer = await ok<Answer>('GET', '/api/form/contact/definition?mode=add', undefined, clerk.token);
    const cols = columns(answer);
    expect(cols.email).toBeUndefined();
    expect(cols.status?.[0]).toMatchObject({ disabled: true });
    expect(cols.status?.[0]).not.toHaveProperty('hasdefault');
    expect(cols.source?.[0]).toMatchObject({ disabled: true });
    expect([...(answer.readOnlyFields ?? [])].sort()).toEqual(['source', 'status']);
    expect(answer.modelDefaults).toEqual({ status: 'open', source: 'phone' });
    expect(validateDefinition('form', asStored(answer))).toEqual({ ok: true });
  });

  it('gives an admin the form as stored', async () => {
    for (const mode of ['', '?mode=add']) {
      const answer = await ok<Answer>('GET', `/api/form/contact/definition${mode}`, undefined);
      expect(answer.definition).toEqual(ROWS);
      expect(answer.readOnlyFields).toBeUndefined();
      expect(answer.modelDefaults).toEqual({ status: 'new' });
    }
  });

  it("tells the form's flags for what the grants refuse, so the screen offers no button the server refuses", async () => {
    // Clerks read, add and update: no delete.
    for (const mode of ['', '?mode=add']) {
      const answer = await ok<Answer>('GET', `/api/form/contact/definition${mode}`, undefined, clerk.token);
      expect([answer.hideDelete, answer.hideSaveAs, answer.readOnly]).toEqual([true, undefined, undefined]);
    }
    // Readers read only: no save of any kind, no delete.
    await ok('POST', '/api/form/group/add', { name: 'Readers' });
    const reader = await t.user('reader', { groups: ['Readers'] });
    await ok('POST', '/api/definitions/form', { name: 'contact_read', title: 'Contact', model: 'Contact', definition: ROWS, access: { grants: [{ group: 'Readers', actions: ['read'] }] } });
    const read = await ok<Answer>('GET', '/api/form/contact_read/definition', undefined, reader.token);
    expect([read.hideDelete, read.hideSaveAs, read.readOnly]).toEqual([true, true, true]);
    expect(validateDefinition('form', asStored(read))).toEqual({ ok: true });
    // What the server does is unchanged: the delete the flag hides is refused.
    expect((await t.call('DELETE', `/api/form/contact/delete/${contactId}`, { token: clerk.token })).status).toBe(403);
    // An admin gets the flags as stored; a stranger on a public form may add through it, nothing else.
    const stored = await ok<Answer>('GET', '/api/form/contact_read/definition', undefined);
    expect([stored.hideDelete, stored.hideSaveAs, stored.readOnly]).toEqual([undefined, undefined, undefined]);
    await ok('POST', '/api/definitions/form', { name: 'contact_public', title: 'Contact', model: 'Contact', definition: ROWS, access: { public: true } });
    const open = await t.call<Answer>('GET', '/api/form/contact_public/definition', {});
    expect(open.status).toBe(200);
    expect([open.body.hideDelete, open.body.hideSaveAs, open.body.readOnly]).toEqual([true, undefined, undefined]);
  });

  it('refuses a mode it does not know', async () => {
    const res = await t.call('GET', '/api/form/contact/definition?mode=delete', { token: clerk.token });
    expect(res.status).toBe(400);
  });

  it('lets the clerk save what the form sends: the shown fields, none of the locked ones', async () => {
    const record = await ok<Record<string, unknown>>('GET', `/api/form/contact/data/${contactId}`, undefined, clerk.token);
    expect(record).not.toHaveProperty('email');
    // What the form screen sends (recordValues less readOnlyFields): name and source on update.
    const saved = await ok('POST', `/api/form/contact/update/${contactId}`, { name: 'Ada L', source: 'mail', _version: record._version }, clerk.token);
    expect(saved.success).toBe(true);
    const added = await ok<{ id: number }>('POST', '/api/form/contact/add', { name: 'Bob' }, clerk.token);
    const row = await t.app.services.store.get1('Contact', added.id);
    expect(row).toMatchObject({ name: 'Bob', status: 'open', source: 'phone' });
    expect(await t.app.services.store.get1('Contact', contactId)).toMatchObject({ name: 'Ada L', email: 'ada@example.com', status: 'won', source: 'mail' });
  });
});
