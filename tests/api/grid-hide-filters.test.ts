import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A grid with `hideFilters` (docs/filters.md, "Filter builder"): its data routes refuse a user's
 * `?filter=` with 400 naming `filter` in every paging mode, while its own filters still apply; and
 * the conditions the grid designer writes are refused at save when they do not fit the model, at
 * their place, with the stored grid left as it was.
 */
let t: TestApp;
let admin: string;
let ann: { token: string; id: number };
let buyer = 0;

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await t.call<T>(method, url, { token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const grid = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  title: name,
  model: 'Deal',
  paging: 3,
  definition: [{ name: 'label' }, { name: 'total' }, { name: 'owner' }],
  access: { groups: ['Staff'] },
  ...extra,
});

const mine = [{ field: 'owner', op: 'eq', value: { var: 'CURRENT_USER.id' } }];
const filter = `filter=${encodeURIComponent(JSON.stringify({ and: [{ field: 'total', op: 'gt', value: 10 }] }))}`;

async function labels(url: string, token = admin): Promise<string[]> {
  const body = await ok<{ rows: { label: string }[] } | { label: string }[]>('GET', url, undefined, token);
  return (Array.isArray(body) ? body : body.rows).map((r) => r.label).sort();
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/form/group/add', { name: 'Staff' });
  ann = await t.user('ann', { groups: ['Staff'] });
  await ok('POST', '/api/definitions/model', { name: 'Firm', fields: [{ name: 'name', type: 'text' }] });
  await ok('POST', '/api/definitions/model', {
    name: 'Deal',
    fields: [
      { name: 'label', type: 'text' },
      { name: 'total', type: 'number' },
      { name: 'owner', type: 'reference', target: 'User' },
      { name: 'firm', type: 'reference', target: 'Firm' },
    ],
  });
  const { store } = t.app.services;
  buyer = Number(await store.insert('Firm', { name: 'Acme' }));
  for (const [label, total, owner] of [['d1', 5, ann.id], ['d2', 50, ann.id], ['d3', 500, null]] as const) {
    await store.insert('Deal', { label, total, owner, firm: buyer });
  }
  await ok('POST', '/api/definitions/grid', grid('deals'));
  await ok('POST', '/api/definitions/grid', grid('my_deals', { hideFilters: true, filters: mine }));
  await ok('POST', '/api/definitions/grid', grid('my_deals_all', { hideFilters: true, filters: mine, paging: 1 }));
  await ok('POST', '/api/definitions/grid', grid('my_deals_first', { hideFilters: true, filters: mine, paging: 2, pageSize: 10 }));
});
afterAll(async () => {
  await t.close();
});

describe('a grid with hideFilters', () => {
  it("refuses a user's filter with 400 naming filter, in every paging mode, for a member as for an admin", async () => {
    for (const [url, token] of [
      [`/api/grid/my_deals/data/0/50?${filter}`, ann.token],
      [`/api/grid/my_deals/data/0/50?${filter}`, admin],
      [`/api/grid/my_deals_all/data?${filter}`, ann.token],
      [`/api/grid/my_deals_first/data/5?${filter}`, ann.token],
    ] as const) {
      const res = await t.call<{ code: string; error: string; details: unknown[] }>('GET', url, { token });
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe('INVALID');
      expect(res.body.error).toBe(`The grid '${url.split('/')[3]}' takes no filter of its users (hideFilters)`);
      expect(res.body.details).toEqual([{ pointer: '/filter', message: 'this grid has its filter builder turned off' }]);
    }
  });

  it('lists what its own filters let through, and an empty filter is no filter', async () => {
    expect(await labels('/api/grid/my_deals/data/0/50', ann.token)).toEqual(['d1', 'd2']);
    expect(await labels('/api/grid/my_deals/data/0/50?filter=', ann.token)).toEqual(['d1', 'd2']);
    expect(await labels('/api/grid/my_deals_all/data', ann.token)).toEqual(['d1', 'd2']);
    expect(await labels('/api/grid/my_deals/data/0/50')).toEqual([]);
    // The same filter on a grid without hideFilters narrows its rows.
    expect(await labels(`/api/grid/deals/data/0/50?${filter}`, ann.token)).toEqual(['d2', 'd3']);
  });

  it('keeps no filter in a saved view either, while a view of a search and sort is kept', async () => {
    const refused = await t.call<{ details: unknown[] }>('POST', '/api/grid/my_deals/views', {
      token: ann.token,
      body: { name: 'Big ones', state: { filter: { and: [{ field: 'total', op: 'gt', value: 10 }] } } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ pointer: '/state/filter', message: 'this grid has its filter builder turned off' }]);
    expect((await ok<{ mine: unknown[] }>('GET', '/api/grid/my_deals/views', undefined, ann.token)).mine).toEqual([]);
    const kept = await t.call('POST', '/api/grid/my_deals/views', { token: ann.token, body: { name: 'By total', state: { sort: 'total', dir: 'desc' } } });
    expect(kept.status).toBe(201);
  });

  it('is told by the definition answer, and must be true or false', async () => {
    const def = await ok<{ hideFilters?: boolean }>('GET', '/api/grid/my_deals/definition', undefined, ann.token);
    expect(def.hideFilters).toBe(true);
    const res = await t.call<{ details: { pointer: string }[] }>('POST', '/api/definitions/grid', { token: admin, body: grid('odd', { hideFilters: 'yes' }) });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d) => d.pointer)).toContain('/hideFilters');
  });
});

describe('conditions the grid designer writes', () => {
  it('are refused at save when a variable or value does not fit, at its place, and the stored grid stays', async () => {
    const stored = await ok<Record<string, unknown>>('GET', '/api/definitions/grid/deals');
    const res = await t.call<{ code: string; details: unknown[] }>('PUT', '/api/definitions/grid/deals', {
      token: admin,
      body: {
        ...stored,
        filters: [
          { field: 'firm', op: 'eq', value: { var: 'CURRENT_USER.id' } },
          { or: [{ field: 'total', op: 'gte', value: '10' }, { field: 'owner', op: 'empty' }] },
          { fieldname: 'label', value: 'd1' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID');
    expect(res.body.details).toEqual([
      { pointer: '/filters/0/value', message: 'CURRENT_USER.id is the id of a User: it fits a reference to User (this is a reference field of Firm)' },
      { pointer: '/filters/1/or/0/value', message: 'must be a number, such as 42 or 9.5 (not in quotes)' },
    ]);
    expect(await ok('GET', '/api/definitions/grid/deals')).toEqual(stored);
  });

  it('are saved when they fit, and the grid lists by them', async () => {
    const stored = await ok<Record<string, unknown>>('GET', '/api/definitions/grid/deals');
    await ok('PUT', '/api/definitions/grid/deals', {
      ...stored,
      filters: [{ field: 'firm', op: 'eq', value: buyer }, { or: [{ field: 'total', op: 'gte', value: 10 }, { field: 'owner', op: 'empty' }] }],
    });
    expect(await labels('/api/grid/deals/data/0/50', ann.token)).toEqual(['d2', 'd3']);
  });
});
