import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Housekeeping } from '../../src/server/ops/housekeeping.js';
import { lastingDatabase, startTestApp, type TestApp } from '../support/test-app.js';
import type { HistoryAction, StoredFieldChange } from '../../src/shared/record-history.js';
import type { HistoryEntryAnswer, HistoryPage } from '../../src/shared/record-history-answers.js';

/**
 * Reading the record history (docs/history.md, "Reading the history"): a record's timeline and
 * the administrators' list, their paging, decoding and names, who may read what, the CSV export
 * and the revert. The entries of the setup are written straight into sys_record_history as the
 * recording writes them (src/shared/record-history.ts is the contract), with the who and when the
 * tests need; what the tests then change through the API, the recording records.
 */
let t: TestApp;
let admin: string;
let historian: { token: string; id: number };
let clerk: { token: string; id: number };
let other: { token: string; id: number };
let acme = 0;
let globex = 0;
/** The historian's order, and one of someone else's. */
let mine = 0;
let theirs = 0;

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let clock = Date.parse('2026-03-01T08:00:00.000Z');
/** Writes an entry as the recording does; answers its id. */
async function entry(model: string, recordId: number | string, action: HistoryAction, changes: Record<string, StoredFieldChange>, user: { id: number; name: string } | null, at?: string): Promise<number> {
  clock += 60_000;
  const row = await t.app.services.store.db
    .insertInto('sys_record_history')
    .values({ model, record_id: String(recordId), action, changes: JSON.stringify(changes), user_id: user?.id ?? null, user_name: user?.name ?? null, at: at ?? new Date(clock).toISOString(), source: 'POST /api/form/:name/update/:id', address: '127.0.0.1', request_id: `req-${clock}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

type Entry = HistoryEntryAnswer;
type Page = HistoryPage;

const input = (name: string, label = name) => ({ childType: 'Input', width: 3, name, label, fieldtype: 'text' });
const mineRule = { and: [{ field: 'owner', op: 'eq', value: { var: 'CURRENT_USER.id' } }] };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  for (const name of ['Historians', 'Clerks']) await ok('POST', '/api/form/group/add', { name });
  await ok('POST', '/api/definitions/model', { name: 'Customer', display: 'name', fields: [{ name: 'name', type: 'text' }] });
  await ok('POST', '/api/definitions/model', {
    name: 'Order',
    display: 'title',
    fields: [
      { name: 'title', type: 'text', label: 'Title' },
      { name: 'paid', type: 'boolean', label: 'Paid' },
      { name: 'amount', type: 'number', label: 'Amount' },
      { name: 'customer', type: 'reference', target: 'Customer', label: 'Customer' },
      { name: 'secret', type: 'text', label: 'Secret' },
      { name: 'owner', type: 'reference', target: 'User', label: 'Owner' },
    ],
  });
  const access = {
    grants: [
      { group: 'Historians', actions: ['read', 'update', 'history'], rules: { read: mineRule, update: mineRule }, fields: { secret: 'hidden' } },
      { group: 'Clerks', actions: ['read', 'update'] },
    ],
  };
  const form = [
    { cols: [input('title', 'Title'), { childType: 'Checkbox', width: 2, name: 'paid', label: 'Paid' }, { ...input('amount', 'Amount'), fieldtype: 'number' }, input('secret', 'Secret')] },
    { cols: [{ childType: 'Reference', width: 3, name: 'customer', label: 'Customer' }, { childType: 'Reference', width: 3, name: 'owner', label: 'Owner' }] },
  ];
  await ok('POST', '/api/definitions/form', { name: 'order', title: 'Order', model: 'Order', definition: form, access });
  historian = await t.user('hilda', { groups: ['Historians'] });
  clerk = await t.user('carl', { groups: ['Clerks'] });
  other = await t.user('otto', {});
  const { store } = t.app.services;
  acme = Number(await store.insert('Customer', { name: 'Acme' }));
  globex = Number(await store.insert('Customer', { name: 'Globex' }));
  mine = Number(await store.insert('Order', { title: 'Lamp', paid: true, amount: 30, customer: globex, secret: 'S-NOW', owner: historian.id }));
  theirs = Number(await store.insert('Order', { title: 'Desk', paid: false, amount: 200, customer: acme, secret: 'S-THEIRS', owner: other.id }));
  // The setup's own entries (the recording wrote them, by nobody, just now) give way to a history
  // told by hand: who and when are the test's to choose.
  await t.app.services.store.db.deleteFrom('sys_record_history').where('model', 'in', ['Order', 'Customer']).execute();
  // The historian's order: added, then changed twice by two people (SQLite keeps yes-or-no as 0/1).
  const hilda = { id: historian.id, name: 'hilda' };
  const otto = { id: other.id, name: 'otto' };
  await entry('Order', mine, 'insert', { title: [null, 'Lamp'], paid: [null, 0], amount: [null, 25], customer: [null, acme], secret: [null, 'S-OLD'], owner: [null, historian.id] }, hilda);
  await entry('Order', mine, 'update', { amount: [25, 30], customer: [acme, globex], paid: [0, 1] }, otto);
  await entry('Order', mine, 'update', { secret: ['S-OLD', 'S-NOW'] }, hilda);
  await entry('Order', theirs, 'update', { title: ['Table', 'Desk'] }, otto);
});
afterAll(async () => {
  await t.close();
});

const timeline = (token: string, id: number, query = '') => t.call<Page>('GET', `/api/history/Order/${id}${query}`, { token });

describe("a record's timeline", () => {
  it('answers newest first, decoded, labelled, with the names of referenced records', async () => {
    const res = await timeline(admin, mine);
    expect(res.status).toBe(200);
    expect(res.body.entries.map((e) => e.action)).toEqual(['update', 'update', 'insert']);
    expect(res.body.next).toBeNull();
    const [secret, change, insert] = res.body.entries;
    expect(secret?.changes).toEqual([{ field: 'secret', label: 'Secret', before: 'S-OLD', after: 'S-NOW' }]);
    expect(change?.user).toEqual({ id: other.id, name: 'otto' });
    expect(change?.changes).toEqual([
      { field: 'amount', label: 'Amount', before: 25, after: 30 },
      { field: 'customer', label: 'Customer', before: acme, after: globex, beforeName: 'Acme', afterName: 'Globex' },
      { field: 'paid', label: 'Paid', before: false, after: true },
    ]);
    expect(insert?.changes.find((c) => c.field === 'title')).toEqual({ field: 'title', label: 'Title', before: null, after: 'Lamp' });
    expect(new Date(change?.at ?? '').getTime()).toBeGreaterThan(new Date(insert?.at ?? '').getTime());
  });

  it('pages by keyset: `next` is the id to ask before, and the pages join without a gap', async () => {
    const first = await timeline(admin, mine, '?limit=2');
    expect(first.body.entries).toHaveLength(2);
    expect(first.body.next).toBe(first.body.entries[1]?.id);
    const second = await timeline(admin, mine, `?limit=2&before=${first.body.next}`);
    expect(second.body.entries.map((e) => e.action)).toEqual(['insert']);
    expect(second.body.next).toBeNull();
    expect((await timeline(admin, mine, '?limit=0')).status).toBe(400);
    expect((await timeline(admin, mine, '?limit=201')).status).toBe(400);
  });

  it('keeps a value kept out as `kept`, without values', async () => {
    const id = await entry('Order', mine, 'update', { secret: 'changed' }, null);
    const res = await timeline(admin, mine, '?limit=1');
    expect(res.body.entries[0]).toMatchObject({ id, user: null, changes: [{ field: 'secret', label: 'Secret', before: null, after: null, kept: true }] });
    await t.app.services.store.db.deleteFrom('sys_record_history').where('id', '=', id).execute();
  });

  it('shows a granted user the records of their read rule, without the fields hidden from them', async () => {
    const res = await timeline(historian.token, mine);
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('S-OLD');
    expect(text).not.toContain('S-NOW');
    // The entry that changed only the hidden field is gone; the others stay, without it.
    expect(res.body.entries.map((e) => e.action)).toEqual(['update', 'insert']);
    expect(res.body.entries[1]?.changes.map((c) => c.field)).toEqual(['title', 'paid', 'amount', 'customer', 'owner']);
  });

  it('answers 404 for a record outside their read rule, as the form does', async () => {
    expect((await timeline(historian.token, theirs)).status).toBe(404);
    expect((await t.call('GET', `/api/form/order/data/${theirs}`, { token: historian.token })).status).toBe(404);
  });

  it('refuses a user no grant gives history (403), whatever else they may do, and a stranger (401)', async () => {
    expect((await timeline(clerk.token, mine)).status).toBe(403);
    expect((await t.call('GET', `/api/form/order/data/${mine}`, { token: clerk.token })).status).toBe(200);
    expect((await timeline(other.token, mine)).status).toBe(403);
    expect((await t.call('GET', `/api/history/Order/${mine}`, { token: null })).status).toBe(401);
    expect((await t.call('GET', `/api/history/NoSuchModel/1`, { token: clerk.token })).status).toBe(403);
    expect((await t.call('GET', `/api/history/NoSuchModel/1`, { token: admin })).status).toBe(404);
  });

  it("tells the form's screen whether to offer History", async () => {
    const flag = async (token: string) => (await t.call<{ history?: boolean }>('GET', '/api/form/order/definition', { token })).body.history;
    expect(await flag(admin)).toBe(true);
    expect(await flag(historian.token)).toBe(true);
    expect(await flag(clerk.token)).toBeUndefined();
  });

  it('names a referenced record only when the caller may read it', async () => {
    // The historian reads no Customer through any definition: the ids stay, the names do not.
    const res = await timeline(historian.token, mine);
    const customer = res.body.entries[0]?.changes.find((c) => c.field === 'customer');
    expect(customer).toEqual({ field: 'customer', label: 'Customer', before: acme, after: globex });
  });
});

describe('the global list', () => {
  it('is for administrators only', async () => {
    expect((await t.call('GET', '/api/history', { token: historian.token })).status).toBe(403);
    expect((await t.call('GET', '/api/history/export', { token: historian.token })).status).toBe(403);
  });

  it('filters by model, record, user, action and dates, newest first, with each entry\'s model and record', async () => {
    const get = async (q: string) => (await t.call<Page>('GET', `/api/history${q}`, { token: admin })).body;
    const all = await get('?model=Order');
    expect(all.entries).toHaveLength(4);
    expect(all.entries[0]).toMatchObject({ model: 'Order', recordId: String(theirs) });
    expect((await get(`?model=Order&record=${mine}`)).entries).toHaveLength(3);
    expect((await get(`?user=${other.id}`)).entries.map((e) => e.recordId)).toEqual([String(theirs), String(mine)]);
    expect((await get('?model=Order&action=insert')).entries.map((e) => e.action)).toEqual(['insert']);
    const second = all.entries[1]?.at ?? '';
    expect((await get(`?model=Order&to=${encodeURIComponent(second)}`)).entries).toHaveLength(3);
    expect((await get(`?model=Order&from=${encodeURIComponent(second)}`)).entries).toHaveLength(2);
    expect((await get('?model=Order&from=2026-03-01&to=2026-03-01')).entries).toHaveLength(4);
    expect((await get('?model=Order&from=2026-03-02')).entries).toHaveLength(0);
    const paged = await get('?model=Order&limit=3');
    expect(paged.next).toBe(paged.entries[2]?.id);
    expect((await get(`?model=Order&limit=3&before=${paged.next}`)).entries.map((e) => e.action)).toEqual(['insert']);
    expect((await t.call('GET', '/api/history?from=yesterday', { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/history?record=1', { token: admin })).status).toBe(400);
  });

  it('exports the filtered entries as CSV, changes in words', async () => {
    const res = await t.call<string>('GET', `/api/history/export?model=Order&record=${mine}`, { token: admin });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,model,record,action,user_id,user_name,source,request_id,changes');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain('Amount: 25 -> 30; Customer: Acme -> Globex; Paid: false -> true');
    expect(lines[2]).toContain(',otto,');
  });
});

describe('the global list over a range of dates', () => {
  it('pages with `before` through every entry of the range once, newest first, and nothing outside it', async () => {
    // Entries over a week, written out of time order (their ids do not follow their times), some
    // at the same instant, some a millisecond either side of the range's ends; two models.
    const at = (day: number, time: string) => `2025-06-0${day}T${time}Z`;
    const times = ['00:00:00.000', '06:30:00.000', '12:00:00.000', '12:00:00.000', '23:59:59.999'];
    const written: { id: number; model: string; at: string }[] = [];
    const order = Array.from({ length: 7 * times.length }, (_, i) => (i * 17) % (7 * times.length));
    for (const n of order) {
      const when = at(1 + Math.floor(n / times.length), times[n % times.length] as string);
      const model = n % 3 === 0 ? 'Crate' : 'Parcel';
      written.push({ id: await entry(model, n, 'update', { n: [n, n + 1] }, null, when), model, at: when });
    }
    const from = '2025-06-02';
    const to = '2025-06-05';
    const inRange = (e: { at: string }) => e.at >= `${from}T00:00:00.000Z` && e.at <= `${to}T23:59:59.999Z`;
    const newestFirst = (a: { id: number; at: string }, b: { id: number; at: string }) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1);
    const walk = async (query: string) => {
      const seen: { id: number; at: string }[] = [];
      let before: number | null = null;
      let pages = 0;
      do {
        const res: { status: number; body: Page } = await t.call<Page>('GET', `/api/history?${query}&limit=4${before === null ? '' : `&before=${before}`}`, { token: admin });
        expect(res.status).toBe(200);
        seen.push(...res.body.entries.map((e) => ({ id: e.id, at: e.at })));
        before = res.body.next;
        pages++;
      } while (before !== null && pages < 100);
      return seen;
    };
    for (const [query, models] of [
      [`model=Parcel&from=${from}&to=${to}`, ['Parcel']],
      [`from=${from}&to=${to}`, ['Parcel', 'Crate']],
    ] as const) {
      const want = written.filter((e) => (models as readonly string[]).includes(e.model) && inRange(e)).sort(newestFirst);
      expect(want.length).toBeGreaterThan(8);
      const seen = await walk(query);
      expect(seen.map((e) => e.id), query).toEqual(want.map((e) => e.id));
    }
    // The range's first and last instants are in it; a millisecond outside is not.
    const ends = (await walk(`from=${from}&to=${to}`)).map((e) => e.at);
    expect(ends).toContain(at(2, '00:00:00.000'));
    expect(ends).toContain(at(5, '23:59:59.999'));
    expect(ends).not.toContain(at(1, '23:59:59.999'));
    expect(ends).not.toContain(at(6, '00:00:00.000'));
  });
});

describe('revert', () => {
  const version = async (id: number) => (await t.call<{ _version: number }>('GET', `/api/form/order/data/${id}`, { token: admin })).body._version;
  const stored = async (id: number) => t.app.services.store.get1('Order', id);

  it('puts back one field of an entry as an ordinary update, and a stale version answers 409', async () => {
    const change = (await timeline(admin, mine)).body.entries[1] as Entry;
    const v = await version(mine);
    const res = await t.call('POST', `/api/history/${change.id}/revert`, { token: admin, body: { version: v, fields: ['amount'], form: 'order' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, _version: v + 1 });
    expect(await stored(mine)).toMatchObject({ amount: 25, customer: globex, paid: true });
    // The same version again: the record has moved on.
    const stale = await t.call<{ code: string }>('POST', `/api/history/${change.id}/revert`, { token: admin, body: { version: v, fields: ['customer'] } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    expect((await stored(mine))?.customer).toBe(globex);
  });

  it('puts back a whole entry', async () => {
    // Otto's change (the tests before may have made newer ones, which the recording keeps).
    const change = (await timeline(admin, mine)).body.entries.find((e) => e.changes.some((c) => c.field === 'amount' && c.before === 25)) as Entry;
    const res = await t.call('POST', `/api/history/${change.id}/revert`, { token: admin, body: { version: await version(mine) } });
    expect(res.status).toBe(200);
    expect(await stored(mine)).toMatchObject({ amount: 25, customer: acme, paid: false });
  });

  it('refuses a value kept out, an insert, a delete, and a field the entry did not change', async () => {
    const kept = await entry('Order', mine, 'update', { secret: 'changed', title: ['Old lamp', 'Lamp'] }, null);
    const v = await version(mine);
    const res = await t.call<{ error: string }>('POST', `/api/history/${kept}/revert`, { token: admin, body: { version: v } });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("'secret'");
    expect((await t.call('POST', `/api/history/${kept}/revert`, { token: admin, body: { version: v, fields: ['amount'] } })).status).toBe(400);
    const insert = (await timeline(admin, mine)).body.entries.at(-1) as Entry;
    expect(insert.action).toBe('insert');
    expect((await t.call('POST', `/api/history/${insert.id}/revert`, { token: admin, body: { version: v } })).status).toBe(400);
    const gone = await entry('Order', 999, 'delete', { title: ['Gone', null] }, null);
    const deleted = await t.call<{ error: string }>('POST', `/api/history/${gone}/revert`, { token: admin, body: { version: 1 } });
    expect(deleted.status).toBe(400);
    expect(deleted.body.error).toContain('deleted');
    expect((await t.call('POST', '/api/history/99999999/revert', { token: admin, body: { version: 1 } })).status).toBe(404);
    // Only the title is put back when the caller names it.
    expect((await t.call('POST', `/api/history/${kept}/revert`, { token: admin, body: { version: v, fields: ['title'] } })).status).toBe(200);
    expect((await stored(mine))?.title).toBe('Old lamp');
  });

  it('lets a granted user revert inside their rules only, and never a field hidden from them', async () => {
    const theirEntry = (await timeline(admin, theirs)).body.entries[0] as Entry;
    expect((await t.call('POST', `/api/history/${theirEntry.id}/revert`, { token: historian.token, body: { version: await version(theirs) } })).status).toBe(404);
    expect((await t.call('POST', `/api/history/${theirEntry.id}/revert`, { token: clerk.token, body: { version: await version(theirs) } })).status).toBe(403);
    expect((await stored(theirs))?.title).toBe('Desk');
    const secret = (await timeline(admin, mine)).body.entries.find((e) => e.changes.some((c) => c.field === 'secret' && !c.kept)) as Entry;
    expect((await t.call('POST', `/api/history/${secret.id}/revert`, { token: historian.token, body: { version: await version(mine), fields: ['secret'] } })).status).toBe(400);
    expect((await t.call('POST', `/api/form/order/update/${mine}`, { token: admin, body: { amount: 77, _version: await version(mine) } })).status).toBe(200);
    const change = (await timeline(historian.token, mine)).body.entries.find((e) => e.changes.some((c) => c.field === 'amount' && c.before === 25)) as Entry;
    const res = await t.call('POST', `/api/history/${change.id}/revert`, { token: historian.token, body: { version: await version(mine), fields: ['amount'] } });
    expect(res.status).toBe(200);
    expect((await stored(mine))?.amount).toBe(25);
  });
});

describe('a long timeline', () => {
  it('opens its first page quickly with 10,000 entries', async () => {
    const { store } = t.app.services;
    const id = Number(await store.insert('Order', { title: 'Busy', owner: other.id }));
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ model: 'Order', record_id: String(id), action: 'update', changes: JSON.stringify({ amount: [i, i + 1] }), user_id: other.id, user_name: 'otto', at: new Date(Date.parse('2026-04-01T00:00:00.000Z') + i * 1000).toISOString(), source: null, address: null, request_id: null }));
    for (let i = 0; i < rows.length; i += 500) await store.db.insertInto('sys_record_history').values(rows.slice(i, i + 500)).execute();
    await timeline(admin, id); // warm
    const started = performance.now();
    const res = await timeline(admin, id);
    const took = performance.now() - started;
    expect(res.body.entries).toHaveLength(50);
    expect(res.body.entries[0]?.changes[0]).toMatchObject({ before: 9999, after: 10000 });
    // The claim is under 100 ms; the bound here leaves room for a busy test machine.
    expect(took).toBeLessThan(500);
    const last = await timeline(admin, id, `?before=${Number(res.body.entries[49]?.id) - 9_900}`);
    expect(last.body.entries.length).toBeGreaterThan(0);
  });
});

describe('pruning at start', () => {
  it('answers at once while it prunes in the background, and leaves only the entries still within their days', async () => {
    const lasting = await lastingDatabase('history-prune');
    const real = Housekeeping.prototype.pruneHistory;
    const spy = vi.spyOn(Housekeeping.prototype, 'pruneHistory');
    let second: TestApp | undefined;
    try {
      const first = await startTestApp({ databaseUrl: lasting.databaseUrl });
      const token = await first.setup();
      // Its own start prunes in the background too: were it slow to begin (a loaded machine), it
      // would take the entries written below for a long-stopped server's. It is let finish first.
      await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(1), { interval: 5 });
      expect(await spy.mock.results[0]?.value).toBe(0);
      // 100,000 entries past RECORD_HISTORY_DAYS (365 by default), as a server long stopped finds
      // them, and a few recent ones, written while this server is up (its own start pruned nothing).
      const day = 24 * 3600 * 1000;
      const old = new Date(Date.now() - 400 * day).toISOString();
      const recent = new Date(Date.now() - 10 * day).toISOString();
      const db = first.app.services.database.db;
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 100000)
        insert into sys_record_history (model, record_id, action, changes, at)
        select 'Parcel', cast(i as text), 'update', '{}', ${old} from n`.execute(db);
      for (let i = 0; i < 5; i++) await db.insertInto('sys_record_history').values({ model: 'Parcel', record_id: `r${i}`, action: 'update', changes: '{}', at: recent }).execute();
      const count = async (app: TestApp, where: ReturnType<typeof sql>) => Number((await sql<{ n: number }>`select count(*) as n from sys_record_history where ${where}`.execute(app.app.services.database.db)).rows[0]?.n);
      expect(await count(first, sql`at < ${recent}`)).toBe(100_000);
      await first.app.close();

      // The second server starts on them. Its pruning is watched, not changed: the real one runs.
      let pruned: Promise<number> | undefined;
      let done = false;
      spy.mockImplementation(function (this: Housekeeping, now?: number) {
        pruned = real.call(this, now).finally(() => {
          done = true;
        });
        return pruned;
      });
      second = await startTestApp({ databaseUrl: lasting.databaseUrl });
      const app = second;
      const ask = async () => {
        const began = performance.now();
        const res = await app.call<Page>('GET', '/api/history?model=Parcel&limit=5', { token });
        expect(res.status).toBe(200);
        expect(res.body.entries).toHaveLength(5);
        return performance.now() - began;
      };
      // Started, the server answers before its first pruning is over...
      expect(await ask()).toBeLessThan(2_000);
      expect(done).toBe(false);
      // ...and once it has begun, while expired entries are still there to go.
      await vi.waitFor(() => expect(pruned).toBeDefined(), { interval: 1 });
      expect(await ask()).toBeLessThan(2_000);
      expect(done).toBe(false);
      const left = await count(second, sql`at < ${recent}`);
      expect(left).toBeGreaterThan(0);
      // Then the pruning ends: every expired entry gone, oldest first by time, the recent ones kept.
      expect(await pruned).toBe(100_000);
      expect(await count(second, sql`at < ${recent}`)).toBe(0);
      expect(await count(second, sql`model = 'Parcel'`)).toBe(5);
      const page = await second.call<Page>('GET', '/api/history?model=Parcel', { token });
      expect(page.body.entries.map((e) => e.recordId).sort()).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    } finally {
      spy.mockRestore();
      await second?.app.close();
      await lasting.dispose();
    }
  });
});
