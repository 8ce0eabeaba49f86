import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertValue } from '../../src/server/records/value-conversion.js';
import { startTestApp, TEST_DB, type TestApp } from '../support/test-app.js';
import { AUDIT_FIELD_NAMES } from '../../src/shared/audit-fields.js';

/**
 * Safe model changes over random data, on SQLite and PostgreSQL: a random model of
 * text, number, date and boolean fields with random rows, a form and a grid naming its fields,
 * then a random sequence of changes (add with a default, rename, retype clearing what does not
 * convert, delete a field no definition names, make required or unique when the preview allows).
 * After each: the table's columns are the model's, every value the preview did not announce as
 * cleared is still there (converted as the codec reads it), and the form and grid still list and
 * save through the fields' current names.
 */
type Type = 'text' | 'number' | 'date' | 'boolean';
const TYPES: Type[] = ['text', 'number', 'date', 'boolean'];
type Field = { name: string; type: Type; label: string; required?: boolean; unique?: boolean; default?: unknown };
type Values = Record<string, unknown>;

let t: TestApp;
let admin = '';
let serial = 0;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
});
afterAll(async () => {
  await t.close();
});

/** Values people type, as each type's API takes them: text that may or may not convert. */
const valueOf: Record<Type, fc.Arbitrary<unknown>> = {
  text: fc.constantFrom('12', ' 3.5 ', 'n/a', '12 kg', '2024-02-29', '2023-02-29', 'yes', 'No', '0', 'x', ''),
  number: fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -10000, max: 10000 }).map((n) => n / 100)),
  date: fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  boolean: fc.boolean(),
};

const fieldsArb = fc.array(fc.constantFrom(...TYPES), { minLength: 2, maxLength: 4 });
const change = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), type: fc.constantFrom(...TYPES), withDefault: fc.boolean(), seed: fc.nat() }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('retype' as const), pick: fc.nat(), type: fc.constantFrom(...TYPES) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('required' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('unique' as const), pick: fc.nat() }),
);

/** A stored value as the API reads it: booleans from SQLite's 0 and 1, numbers from PostgreSQL's text of a count. */
function read(type: Type, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (type === 'boolean') return v === true || v === 1;
  if (type === 'number') return Number(v);
  return v;
}

/** What a value becomes in a field retyped from `from` to `to` (null when it is cleared): convertValue, then the codec. */
function converted(from: Type, to: Type, v: unknown): unknown {
  if (v === null || v === '') return null;
  const api = convertValue(from, to, v);
  return api === undefined ? null : api;
}

/** A value of each type no random row holds, for the rows the form saves (so unique fields accept them). */
function fresh(type: Type, n: number): unknown {
  if (type === 'text') return `saved ${n}`;
  if (type === 'number') return 100_000 + n;
  if (type === 'date') return `18${String(n % 100).padStart(2, '0')}-01-01`;
  return n % 2 === 0;
}

async function ok<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('a random sequence of model changes over random rows', () => {
  it('keeps the table matching the model, every value not announced, and the form and grid working', async () => {
    await fc.assert(
      fc.asyncProperty(
        fieldsArb.chain((types) => fc.tuple(fc.constant(types), fc.array(fc.tuple(...types.map((ty) => valueOf[ty])), { maxLength: 8 }))),
        fc.array(change, { minLength: 1, maxLength: 4 }),
        async ([types, rowValues], changes) => {
          const n = ++serial;
          const name = `Prop${n}`;
          const table = `t_prop${n}`;
          let fields: Field[] = types.map((type, i) => ({ name: `f${i}`, type, label: `f${i}` }));
          /** The fields the form and grid name, by their current name (renames follow them). */
          let named = fields.map((f) => f.name);
          await ok('POST', '/api/definitions/model', { name, title: name, fields });
          const cols = named.map((f) => ({ childType: 'Input', width: 3, name: f, label: f }));
          await ok('POST', '/api/definitions/form', { name: `prop${n}`, title: name, model: name, url: '/', definition: [{ cols }] });
          await ok('POST', '/api/definitions/grid', { name: `prop${n}s`, title: name, model: name, definition: named.map((f) => ({ name: f, label: f, type: 'Text' })) });
          const rows = new Map<number | string, Values>();
          let saves = 0;
          const save = async () => {
            const values = Object.fromEntries(named.map((f) => [f, fresh(fields.find((x) => x.name === f)!.type, ++saves)]));
            const res = await ok<{ id: number }>('POST', `/api/form/prop${n}/add`, values);
            rows.set(res.id, { ...Object.fromEntries(fields.map((f) => [f.name, f.default ?? null])), ...values });
          };
          for (const vs of rowValues) {
            const values = Object.fromEntries(vs.map((v, i) => [`f${i}`, v]));
            const res = await ok<{ id: number }>('POST', `/api/form/prop${n}/add`, values);
            // The codec keeps typed empty text; a boolean sent is false or true.
            rows.set(res.id, values);
          }

          let k = 0;
          for (const c of changes) {
            const current = await ok<{ version: number; fields: Field[] } & Values>('GET', `/api/definitions/model/${name}`);
            const pick = <T>(list: T[], i: number): T | undefined => list[i % Math.max(1, list.length)];
            let next = fields.map((f) => ({ ...f }));
            const body: Values = {};
            let apply: (() => void) | undefined;
            k++;
            if (c.kind === 'add') {
              const f: Field = { name: `a${k}`, type: c.type, label: `a${k}` };
              const def = c.withDefault ? fc.sample(valueOf[c.type], { numRuns: 1, seed: c.seed })[0] : undefined;
              if (def !== undefined && def !== '') f.default = def;
              next.push(f);
              apply = () => {
                for (const r of rows.values()) r[f.name] = f.default ?? null;
              };
            } else if (c.kind === 'rename') {
              const f = pick(next, c.pick)!;
              const to = `r${k}`;
              body.renames = { [f.name]: to };
              const from = f.name;
              f.name = to;
              f.label = to;
              apply = () => {
                named = named.map((x) => (x === from ? to : x));
                for (const r of rows.values()) {
                  r[to] = r[from];
                  delete r[from];
                }
              };
            } else if (c.kind === 'retype') {
              const f = pick(next, c.pick)!;
              if (f.type === c.type || f.unique || f.required) continue;
              const from = f.type;
              f.type = c.type;
              delete f.default;
              body.convert = { [f.name]: 'clear' };
              apply = () => {
                for (const r of rows.values()) r[f.name] = converted(from, c.type, r[f.name]);
              };
            } else if (c.kind === 'delete') {
              const unused = next.filter((f) => !named.includes(f.name));
              const f = pick(unused, c.pick);
              if (!f) continue;
              next = next.filter((x) => x !== f);
              apply = () => {
                for (const r of rows.values()) delete r[f.name];
              };
            } else {
              const f = pick(next.filter((x) => named.includes(x.name) && (c.kind === 'required' || x.type !== 'boolean')), c.pick);
              if (!f) continue;
              f[c.kind] = true;
              apply = () => undefined;
            }
            body.model = { ...current, fields: next };
            const preview = await t.call<{ problems: unknown[]; retyped: { failing: number; values: number }[] }>('POST', `/api/definitions/model/${name}/preview`, { token: admin, body });
            expect(preview.status, JSON.stringify(preview.body)).toBe(200);
            const res = await t.call('POST', `/api/definitions/model/${name}/change`, { token: admin, body });
            if (preview.body.problems.length) {
              expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
              continue;
            }
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            // The values a retype clears are exactly those the preview announced.
            const before = [...rows.values()].map((r) => ({ ...r }));
            apply();
            fields = next;
            if (c.kind === 'retype') {
              const f = fields.find((x) => x.type === c.type && (body.convert as Values)[x.name])!;
              const cleared = before.filter((r, i) => r[f.name] !== null && r[f.name] !== '' && [...rows.values()][i]![f.name] === null).length;
              expect(preview.body.retyped[0]?.failing).toBe(cleared);
            }

            // The table's columns are the model's, with the row version and the audit columns every model table has.
            const columns =
              TEST_DB === 'sqlite'
                ? await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(t.app.services.database.db)
                : await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(t.app.services.database.db);
            expect(columns.rows.map((r) => r.name).sort()).toEqual(['_version', 'id', ...AUDIT_FIELD_NAMES, ...fields.map((f) => f.name)].sort());
            // Every value is still there, as converted.
            const stored = await sql<Values>`select * from ${sql.table(table)}`.execute(t.app.services.database.db);
            expect(stored.rows.length).toBe(rows.size);
            for (const row of stored.rows) {
              const want = rows.get(row.id as number)!;
              const got = Object.fromEntries(fields.map((f) => [f.name, read(f.type, row[f.name])]));
              const expected = Object.fromEntries(fields.map((f) => [f.name, want[f.name] === undefined ? null : want[f.name]]));
              expect(got, `row ${String(row.id)}`).toEqual(expected);
            }
            // The grid lists every row by the fields' current names, and the form saves through them.
            const page = await ok<{ count: number; rows: Values[] }>('GET', `/api/grid/prop${n}s/data/0/100`);
            expect(page.count).toBe(rows.size);
            for (const f of named) expect(page.rows.every((r) => f in r)).toBe(true);
            await save();
          }
        },
      ),
      { numRuns: 20 },
    );
  }, 60_000);
});
