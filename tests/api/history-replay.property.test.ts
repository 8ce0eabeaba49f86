import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../../src/server/records/model-registry.js';
import { VALUE_KEPT_OUT, type HistoryRow } from '../../src/shared/record-history.js';
import type { HistoryPage } from '../../src/shared/record-history-answers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The record history tells the whole story (docs/history.md): random sequences of writes through
 * the API (a form's add, update, delete and Save as new, a dual list's links saved with the form or
 * on their own, reverts of a whole entry or one field, some made at a stale version) on SQLite and
 * PostgreSQL. After each call, the entries it left are exactly those its change calls for: one per
 * record whose recorded values changed, with those fields only, a link's row per link added or
 * removed, and nothing for a call refused. After the sequence, replaying each record's entries
 * from its first one (each entry's after-values in order, a delete removing it) rebuilds the record
 * as the database holds it and as the API answers it, every entry's before-values being what the
 * replay held there.
 */
const NUM_RUNS = 60;
const TAGS = 4;

type Kind = 'text' | 'number' | 'date' | 'boolean';
/** The form's fields; `secret` is kept out of the history (its changes are "changed"). */
const FIELDS: Record<string, Kind> = { title: 'text', note: 'text', size: 'number', day: 'date', done: 'boolean', secret: 'text' };
const RECORDED = Object.keys(FIELDS).filter((f) => f !== 'secret');
const LINK_FIELDS = ['thing', 'tag'];
const THING = 'HThing';
const LINK = 'HThingTag';
const SOURCE = {
  add: 'POST /api/form/:name/add',
  update: 'POST /api/form/:name/update/:id',
  delete: 'DELETE /api/form/:name/delete/:id',
  link: 'POST /api/link/:model/:field/:id',
  revert: 'POST /api/history/:entryId/revert',
};

type Values = Record<string, unknown>;
type Entry = Omit<HistoryRow, 'changes'> & { changes: Record<string, unknown> };

let t: TestApp;
let admin = '';
const tagIds: number[] = [];

async function ok<T = Values>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  // Made together, so the through model's rows go with a thing deleted (a cascade, recorded too).
  const models = [
    { name: 'HTag', display: 'name', fields: [{ name: 'name', type: 'text' }] },
    {
      name: THING,
      display: 'title',
      fields: [...Object.entries(FIELDS).map(([name, type]) => ({ name, type })), { name: 'tags', type: 'link', target: 'HTag', through: LINK }],
      history: { exclude: ['secret'] },
    },
    { name: LINK, fields: [{ name: 'thing', type: 'reference', target: THING }, { name: 'tag', type: 'reference', target: 'HTag' }] },
  ];
  await ok('POST', '/api/app/import', { format: 'tessera-app', formatVersion: 1, definitions: { model: models } });
  const input = (name: string, fieldtype: string) => ({ childType: 'Input', width: 2, name, label: name, fieldtype });
  const cols = [
    input('title', 'text'),
    input('note', 'text'),
    input('size', 'number'),
    input('day', 'date'),
    { childType: 'Checkbox', width: 2, name: 'done', label: 'done' },
    input('secret', 'text'),
    { childType: 'DualList', width: 4, name: 'tags', label: 'Tags', link: 'id', url: `/link/${THING}/tags` },
  ];
  await ok('POST', '/api/definitions/form', { name: 'hthing', title: 'Thing', model: THING, definition: [{ cols }] });
  for (let i = 0; i < TAGS; i++) tagIds.push(Number(await t.app.services.store.insert('HTag', { name: `tag ${i}` })));
});
afterAll(async () => {
  await t.close();
});

// ---- what a sequence is made of

const text = fc.oneof(
  fc.constantFrom('', ' ', 'Ärger', '日本語', 'emoji 😀👍🏽', 'a\nb\tc', '"quoted"', 'back\\slash', "O'Brien", 'null', '0', '12.50', 'שלום', 'e\u0301'),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constant(null),
);
const number = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d)),
  fc.constantFrom(0, 0.1 + 0.2, 2 ** 53, 1e-7, 123456789.12345679),
  fc.constantFrom(null, ''),
);
const date = fc.oneof(
  fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom(null, ''),
);
const boolean = fc.constantFrom(true, false, null, '');
const valueOf: Record<Kind, fc.Arbitrary<unknown>> = { text, number, date, boolean };
const values = fc.record(Object.fromEntries(Object.entries(FIELDS).map(([f, k]) => [f, valueOf[k]])), { requiredKeys: [] }) as fc.Arbitrary<Values>;
/** Some of the tags by their index, or null: the body leaves the dual list out. */
const tags = fc.option(fc.subarray([...Array(TAGS).keys()]), { nil: null, freq: 3 });

const add = fc.record({ kind: fc.constant('add' as const), values, tags });
const op = fc.oneof(
  { weight: 3, arbitrary: add },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('saveAsNew' as const), pick: fc.nat(), values }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), values, tags, stale: fc.constantFrom(false, false, true) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('link' as const), pick: fc.nat(), tags: fc.subarray([...Array(TAGS).keys()]) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('revert' as const), pick: fc.nat(), field: fc.option(fc.nat(), { nil: null }), stale: fc.constantFrom(false, false, true) }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

// ---- what the server holds

/** A value as the API answers a field after it was sent (value-codec.ts): empty is no value, but for text. */
function sent(field: string, value: unknown): unknown {
  const kind = FIELDS[field];
  if (value === undefined) return kind === 'boolean' ? false : null;
  if (value === '') return kind === 'text' ? '' : kind === 'boolean' ? false : null;
  if (kind === 'date' && typeof value === 'string') return value.slice(0, 10);
  return value;
}

async function rows(model: string): Promise<Map<string, Values>> {
  const found = await sql<Values>`select * from ${sql.table(tableOf(model))}`.execute(t.app.services.database.db);
  return new Map(found.rows.map((r) => [String(r.id), r]));
}
/** Every record of both models as their tables hold them. */
async function snapshot(): Promise<{ things: Map<string, Values>; links: Map<string, Values> }> {
  return { things: await rows(THING), links: await rows(LINK) };
}
async function lastId(): Promise<number> {
  const row = await t.app.services.database.db.selectFrom('sys_record_history').select((eb) => eb.fn.max('id').as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
async function entries(where: { after?: number; model?: string; record?: string }): Promise<Entry[]> {
  let q = t.app.services.database.db.selectFrom('sys_record_history').selectAll();
  if (where.after !== undefined) q = q.where('id', '>', where.after);
  if (where.model !== undefined) q = q.where('model', '=', where.model);
  if (where.record !== undefined) q = q.where('record_id', '=', where.record);
  const found = (await q.orderBy('id').execute()) as unknown as HistoryRow[];
  return found.map((r) => ({ ...r, changes: JSON.parse(r.changes) as Record<string, unknown> }));
}
/** The record as the form answers it (404: undefined). */
async function record(id: string): Promise<Values | undefined> {
  const res = await t.call<Values>('GET', `/api/form/hthing/data/${id}`, { token: admin });
  if (res.status === 404) return undefined;
  expect(res.status).toBe(200);
  return res.body;
}
async function linkedTags(id: string): Promise<number[]> {
  const res = await ok<{ items: { id: number }[] }>('GET', `/api/link/${THING}/tags/${id}?selected=true`);
  return res.items.map((i) => Number(i.id)).sort((a, b) => a - b);
}

const differs = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);

/**
 * The entries a change from `before` to `after` calls for, as `[model, record, action, changes]`
 * sorted: a record's fields that changed (the kept-out one as "changed"), and a link row per
 * (thing, tag) pair added or removed; a pair kept is no entry, whatever row holds it.
 */
function expectedEntries(before: Awaited<ReturnType<typeof snapshot>>, after: Awaited<ReturnType<typeof snapshot>>): unknown[] {
  const out: [string, string, string, Values][] = [];
  const change = (fields: string[], kept: Set<string>, a: Values | undefined, b: Values | undefined): Values => {
    const c: Values = {};
    for (const f of fields) if (differs(a?.[f], b?.[f])) c[f] = kept.has(f) ? VALUE_KEPT_OUT : [a?.[f] ?? null, b?.[f] ?? null];
    return c;
  };
  const fields = Object.keys(FIELDS);
  const kept = new Set(['secret']);
  for (const id of new Set([...before.things.keys(), ...after.things.keys()])) {
    const a = before.things.get(id);
    const b = after.things.get(id);
    const c = change(fields, kept, a, b);
    if (!a) out.push([THING, id, 'insert', c]);
    else if (!b) out.push([THING, id, 'delete', c]);
    else if (Object.keys(c).length) out.push([THING, id, 'update', c]);
  }
  const pairs = (links: Map<string, Values>) => new Map([...links.values()].map((r) => [`${String(r.thing)}:${String(r.tag)}`, r]));
  const was = pairs(before.links);
  const now = pairs(after.links);
  for (const [pair, row] of was) if (!now.has(pair)) out.push([LINK, String(row.id), 'delete', change(LINK_FIELDS, new Set(), row, undefined)]);
  for (const [pair, row] of now) if (!was.has(pair)) out.push([LINK, String(row.id), 'insert', change(LINK_FIELDS, new Set(), undefined, row)]);
  return out.sort(byKey);
}
const byKey = (a: unknown[], b: unknown[]) => JSON.stringify(a.slice(0, 3)).localeCompare(JSON.stringify(b.slice(0, 3)));
const brief = (list: Entry[]) => list.map((e) => [e.model, String(e.record_id), e.action, e.changes]).sort(byKey);

// ---- one run

interface Run {
  /** Every thing the run added, in order; `live` those not deleted. */
  things: string[];
  live: string[];
}

/** Runs one call, checks the entries it left against the change it made, and answers its status. */
async function step(run: Run, o: Op): Promise<void> {
  const pick = <T,>(list: T[], n: number): T | undefined => list[n % Math.max(1, list.length)];
  const tagList = (picked: number[] | null) => (picked === null ? undefined : picked.map((i) => tagIds[i] as number));
  const before = await snapshot();
  const since = await lastId();
  /** The record's fields the API should answer after a successful call; undefined: not checked. */
  let want: { id?: string; values: Values; tags?: number[] } | undefined;
  let res: { status: number; body: unknown };
  let source: string;
  let refused: number[] = [];
  switch (o.kind) {
    case 'add':
    case 'saveAsNew': {
      let body: Values = { ...o.values };
      let linked = tagList(o.kind === 'add' ? o.tags : null);
      if (o.kind === 'saveAsNew') {
        const from = pick(run.live, o.pick);
        if (!from) return;
        // The form's fields as the form read them, some typed over, and the dual list as it shows.
        const { id: _id, _version: _v, ...shown } = (await record(from)) ?? {};
        body = { ...shown, ...o.values };
        linked = await linkedTags(from);
      }
      if (linked) body.tags = linked;
      res = await t.call('POST', '/api/form/hthing/add', { token: admin, body });
      source = SOURCE.add;
      want = { values: Object.fromEntries(Object.keys(FIELDS).map((f) => [f, sent(f, body[f])])), tags: (linked ?? []).slice().sort((a, b) => a - b) };
      break;
    }
    case 'update': {
      const id = pick(run.live, o.pick);
      if (!id) return;
      const current = (await record(id)) as Values;
      const version = Number(current._version);
      const linked = tagList(o.tags);
      const body: Values = { ...o.values, _version: o.stale ? version - 1 : version, ...(linked ? { tags: linked } : {}) };
      res = await t.call('POST', `/api/form/hthing/update/${id}`, { token: admin, body });
      source = SOURCE.update;
      if (o.stale) refused = [409];
      want = { id, values: { ...current, ...Object.fromEntries(Object.entries(o.values).map(([f, v]) => [f, sent(f, v)])), _version: version + 1 }, ...(linked ? { tags: linked.slice().sort((a, b) => a - b) } : {}) };
      break;
    }
    case 'delete': {
      const id = pick(run.live, o.pick);
      if (!id) return;
      res = await t.call('DELETE', `/api/form/hthing/delete/${id}`, { token: admin });
      source = SOURCE.delete;
      break;
    }
    case 'link': {
      const id = pick(run.live, o.pick);
      if (!id) return;
      const linked = tagList(o.tags) ?? [];
      res = await t.call('POST', `/api/link/${THING}/tags/${id}`, { token: admin, body: linked.map((tag) => ({ id: tag, selected: true })) });
      source = SOURCE.link;
      want = { id, values: {}, tags: linked.slice().sort((a, b) => a - b) };
      break;
    }
    case 'revert': {
      const updates = (await Promise.all(run.live.map((id) => entries({ model: THING, record: id })))).flat().filter((e) => e.action === 'update');
      const entry = pick(updates, o.pick);
      if (!entry) return;
      const id = String(entry.record_id);
      const current = (await record(id)) as Values;
      const version = Number(current._version);
      const changed = Object.keys(entry.changes);
      const fields = o.field === null ? changed : [pick(changed, o.field) as string];
      const body = { version: o.stale ? version - 1 : version, form: 'hthing', ...(o.field === null ? {} : { fields }) };
      res = await t.call('POST', `/api/history/${entry.id}/revert`, { token: admin, body });
      source = SOURCE.revert;
      // A value kept out cannot be put back (400); a stale version answers 409 before or after that check.
      if (fields.some((f) => entry.changes[f] === VALUE_KEPT_OUT)) refused = [400];
      if (o.stale) refused = [...refused, 409];
      const back = Object.fromEntries(fields.map((f) => [f, (entry.changes[f] as unknown[])[0] ?? null]));
      if ('done' in back && back.done !== null) back.done = back.done === true || back.done === 1;
      want = { id, values: { ...current, ...back, _version: version + 1 } };
      break;
    }
  }

  const after = await snapshot();
  const left = await entries({ after: since });
  if (refused.length) {
    expect(refused, `${o.kind}: ${JSON.stringify(res.body)}`).toContain(res.status);
    // Refused: nothing changed, nothing recorded.
    expect(left).toEqual([]);
    expect(after).toEqual(before);
    return;
  }
  expect(res.status, `${o.kind}: ${JSON.stringify(res.body)}`).toBe(200);
  if (o.kind === 'add' || o.kind === 'saveAsNew') {
    const id = String((res.body as { id: number }).id);
    run.things.push(id);
    run.live.push(id);
    want = { ...want, id, values: { ...want?.values, id: Number(id), _version: 1 } } as typeof want;
  }
  if (o.kind === 'delete') run.live = run.live.filter((id) => id !== pick(run.live, o.pick));
  // What the call made of the record is what it was sent.
  if (want?.id !== undefined) {
    const now = await record(want.id);
    if (Object.keys(want.values).length) expect(now, `${o.kind} of ${want.id}`).toEqual(want.values);
    if (want.tags) expect(await linkedTags(want.id)).toEqual(want.tags);
  }
  // The entries it left: exactly those its change calls for, from its route, one request.
  expect(brief(left), `${o.kind}: the entries it left`).toEqual(expectedEntries(before, after));
  for (const e of left) expect(e.source).toBe(source);
  expect(new Set(left.map((e) => e.request_id)).size).toBeLessThanOrEqual(1);
}

/** A record's entries from its first, applied in order: its recorded values, or null once deleted. */
function replay(list: { action: string; changes: Record<string, unknown> }[], fields: string[], label: string): Values | null {
  expect(list[0]?.action, `${label} starts with its insert`).toBe('insert');
  let state: Values | null = null;
  for (const e of list) {
    if (e.action === 'insert') {
      expect(state, `${label}: an insert of a record that is there`).toBeNull();
      state = Object.fromEntries(fields.map((f) => [f, null]));
    }
    expect(state, `${label}: an ${e.action} after its delete`).not.toBeNull();
    const held = state as Values;
    for (const [f, change] of Object.entries(e.changes)) {
      if (change === VALUE_KEPT_OUT || !fields.includes(f)) continue;
      const [was, now] = change as [unknown, unknown];
      // Each entry starts where the one before left the record.
      expect(held[f] ?? null, `${label}: ${f} before entry ${e.action}`).toEqual(was ?? null);
      held[f] = now ?? null;
    }
    if (e.action === 'delete') state = null;
  }
  return state;
}

const stored = (row: Values | undefined, fields: string[]) => (row ? Object.fromEntries(fields.map((f) => [f, row[f] ?? null])) : null);

/** Replays every record the run touched, from the database's entries and from the API's timeline. */
async function replayAll(run: Run): Promise<void> {
  const now = await snapshot();
  const linkIds = new Set<string>();
  for (const id of run.things) {
    const label = `${THING} ${id}`;
    expect(replay(await entries({ model: THING, record: id }), RECORDED, label), label).toEqual(stored(now.things.get(id), RECORDED));
    // The same story as the API tells it, read a few entries a page with `before`, decoded as the record is.
    const told: HistoryPage['entries'] = [];
    let before: number | null | undefined;
    do {
      const page = await ok<HistoryPage>('GET', `/api/history/${THING}/${id}?limit=3${before ? `&before=${before}` : ''}`);
      told.push(...page.entries);
      before = page.next;
    } while (before);
    const decoded = told.reverse().map((e) => ({ action: e.action, changes: Object.fromEntries(e.changes.map((c) => [c.field, c.kept ? VALUE_KEPT_OUT : [c.before, c.after]])) }));
    const answered = await record(id);
    expect(replay(decoded, RECORDED, `${label} (API)`), `${label} (API)`).toEqual(answered ? stored(answered, RECORDED) : null);
    for (const e of await entries({ model: LINK })) if (String((e.changes.thing as unknown[] | undefined)?.[0] ?? (e.changes.thing as unknown[] | undefined)?.[1]) === id) linkIds.add(String(e.record_id));
  }
  for (const id of linkIds) {
    const label = `${LINK} ${id}`;
    expect(replay(await entries({ model: LINK, record: id }), LINK_FIELDS, label), label).toEqual(stored(now.links.get(id), LINK_FIELDS));
  }
}

describe('the record history replayed', () => {
  it('holds exactly the entries each write calls for, and rebuilds every record it recorded', async () => {
    await fc.assert(
      fc.asyncProperty(add, fc.array(op, { minLength: 6, maxLength: 16, size: 'max' }), async (first, ops) => {
        const run: Run = { things: [], live: [] };
        for (const o of [first, ...ops]) await step(run, o);
        await replayAll(run);
      }),
      { numRuns: NUM_RUNS },
    );
  }, 120_000);
});
