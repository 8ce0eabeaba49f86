import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Pick, do not type: where a form's value must name something that exists (the lookup list
 * form's Model and its fields, My Details' Front page), a dynamic Select lists what exists
 * through these routes, as [value, label] pairs; a user is offered only the pages they may open.
 */
let t: TestApp;
let admin = '';
let user = '';

type Pairs = [string, string][];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  user = (await t.user('reader')).token;
  for (const [kind, body] of [
    ['model', { name: 'Book', title: 'Books', fields: [{ name: 'title', type: 'text', label: 'Title' }, { name: 'year', type: 'number' }, { name: 'secret', type: 'password' }] }],
    ['page', { name: 'staff_only', title: 'Staff only', definition: [] }],
    ['page', { name: 'for_readers', title: 'For readers', access: { groups: ['Everyone'] }, definition: [] }],
  ] as const) {
    const res = await t.call('POST', `/api/definitions/${kind}`, { token: admin, body });
    if (res.status !== 201) throw new Error(`${kind}: ${res.status} ${JSON.stringify(res.body)}`);
  }
});
afterAll(async () => {
  await t.close();
});

describe('pickers', () => {
  it('lists the models by title with their name, for admins', async () => {
    const res = await t.call<Pairs>('GET', '/api/pick/models', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(['Book', 'Books (Book)']);
    expect(res.body.map(([name]) => name)).toContain('User');
    expect((await t.call('GET', '/api/pick/models', { token: user })).status).toBe(403);
  });

  it("lists a model's fields, its id first, without passwords or links", async () => {
    const res = await t.call<Pairs>('GET', '/api/pick/models/Book/fields', { token: admin });
    expect(res.body).toEqual([
      ['id', 'id'],
      ['title', 'Title (title)'],
      ['year', 'year'],
      // The audit fields every model has (src/shared/audit-fields.ts).
      ['_created_by', 'Created by (_created_by)'],
      ['_created_at', 'Created at (_created_at)'],
      ['_updated_by', 'Updated by (_updated_by)'],
      ['_updated_at', 'Updated at (_updated_at)'],
    ]);
    expect((await t.call('GET', '/api/pick/models/Nope/fields', { token: admin })).status).toBe(404);
  });

  it('offers each caller the pages they may open', async () => {
    const mine = (await t.call<Pairs>('GET', '/api/pick/pages', { token: user })).body.map(([name]) => name);
    expect(mine).toContain('about');
    expect(mine).not.toContain('staff_only');
    const everything = (await t.call<Pairs>('GET', '/api/pick/pages', { token: admin })).body;
    expect(everything).toContainEqual(['staff_only', 'Staff only (staff_only)']);
    expect((await t.call('GET', '/api/pick/pages')).status).toBe(401);
  });
});
