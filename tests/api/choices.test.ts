import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { CHOICES_PAGE } from '../../src/server/routes/choices.js';

/**
 * Reference pickers' choices (docs/api.md, "Reference pickers"): GET /api/choices/{Model}/{field}
 * pages the target's records named by its display, searched in the display's fields, one record
 * by ?id=, to those who may use a form picking that field and nobody else.
 */
let t: TestApp;
let admin = '';
type Answer = { items: { id: number; label: string }[]; more: boolean };

async function ok(method: string, url: string, body?: unknown) {
  const res = await t.call(method, url, { token: admin, body });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const choices = (query: string, token = admin) => t.call<Answer>('GET', `/api/choices/Loan/person${query}`, { token });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/definitions/model', { name: 'Person', title: 'People', display: '{first} {last}', fields: [{ name: 'first', type: 'text' }, { name: 'last', type: 'text' }, { name: 'age', type: 'number' }] });
  await ok('POST', '/api/definitions/model', { name: 'Loan', title: 'Loans', fields: [{ name: 'person', type: 'reference', target: 'Person' }, { name: 'note', type: 'text' }] });
  await ok('POST', '/api/definitions/form', {
    name: 'person',
    title: 'Person',
    model: 'Person',
    definition: [{ cols: [{ childType: 'Input', width: 4, name: 'first' }, { childType: 'Input', width: 4, name: 'last' }, { childType: 'Input', width: 4, name: 'age', fieldtype: 'number' }] }],
    actions: [],
  });
  for (let i = 0; i < CHOICES_PAGE + 5; i++) await ok('POST', '/api/form/person/add', { first: `Reader${String(i).padStart(2, '0')}`, last: 'Smith', age: i });
  await ok('POST', '/api/form/person/add', { first: 'Anna', last: 'Rossi', age: 40 });
  await ok('POST', '/api/definitions/form', {
    name: 'loan',
    title: 'Loan',
    model: 'Loan',
    access: { groups: ['Staff'] },
    definition: [{ cols: [{ childType: 'Reference', width: 6, name: 'person', label: 'Person' }, { childType: 'Input', width: 6, name: 'note' }] }],
    actions: [],
  });
  await ok('POST', '/api/form/group/add', { name: 'Staff' });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/choices/{Model}/{field}', () => {
  it('pages the records by their display, ordered by its first field', async () => {
    const first = await choices('');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(CHOICES_PAGE);
    expect(first.body.items[0]?.label).toBe('Anna Rossi');
    expect(first.body.items[1]?.label).toBe('Reader00 Smith');
    expect(first.body.more).toBe(true);
    const second = await choices('?page=1');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.items.map((i) => i.label)).toEqual(['Reader19 Smith', 'Reader20 Smith', 'Reader21 Smith', 'Reader22 Smith', 'Reader23 Smith', 'Reader24 Smith']);
    expect(second.body.more).toBe(false);
  });

  it('searches the display fields, case aside, and names one record by ?id=', async () => {
    const found = await choices('?search=ROSSI');
    expect(found.body.items.map((i) => i.label)).toEqual(['Anna Rossi']);
    const id = found.body.items[0]?.id;
    expect((await choices(`?id=${String(id)}`)).body).toEqual({ items: [{ id, label: 'Anna Rossi' }], more: false });
    // An id no record has, or no record can have, names nothing.
    expect((await choices('?id=999999')).body).toEqual({ items: [], more: false });
    expect((await choices('?id=abc')).body).toEqual({ items: [], more: false });
  });

  it('refuses a field that is no reference, an unknown one, and bad query values', async () => {
    const note = await t.call<{ error: string }>('GET', '/api/choices/Loan/note', { token: admin });
    expect(note.status).toBe(400);
    expect(note.body.error).toBe("'Loan.note' is not a reference field");
    const unknown = await t.call<{ error: string }>('GET', '/api/choices/Loan/nothing', { token: admin });
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(400);
    expect((await choices('?page=-1')).status).toBe(400);
    expect((await choices('?page=501')).status).toBe(400);
    expect((await choices(`?search=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await choices('?color=red')).status).toBe(400);
  });

  it('answers a user whose group may use a form picking the field, and nobody else', async () => {
    const outsider = await t.user('outsider');
    const refused = await choices('', outsider.token);
    expect(refused.status).toBe(403);
    // The same 403 for a field that does not exist: the answers do not map the schema.
    expect((await t.call('GET', '/api/choices/Loan/nothing', { token: outsider.token })).status).toBe(403);
    const staff = await t.user('clerk', { groups: ['Staff'] });
    // The picker names only what the caller may read of Person (docs/security.md, "Pickers"): with
    // no definition over Person granting Staff read, nothing; with a grid that does, its records.
    const unread = await choices('?search=anna', staff.token);
    expect(unread.status).toBe(200);
    expect(unread.body.items).toEqual([]);
    await ok('POST', '/api/definitions/grid', { name: 'people', title: 'People', model: 'Person', paging: 3, definition: [{ name: 'first' }], access: { groups: ['Staff'] } });
    const allowed = await choices('?search=anna', staff.token);
    expect(allowed.status).toBe(200);
    expect(allowed.body.items.map((i) => i.label)).toEqual(['Anna Rossi']);
    expect((await t.call('GET', '/api/choices/Loan/person')).status).toBe(401);
  });
});
