import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { startTestApp, TEST_DB } from '../../tests/support/test-app.js';
import { arg, ms, runBench, verdict } from './common.js';

/**
 * bench:models (docs/performance.md, "Model changes"): safe changes of a model on a table of
 * --rows rows (1,000,000 by default), on the database TESSERA_TEST_DB names (sqlite or
 * postgres; `npm run bench:models` runs both), through the API in-process: the preview of a
 * type change, a rename, an added column (without and with a default), and the type change.
 * Each beside its floor, measured in the same run on a copy of the same rows in the same
 * database: a plain COUNT over the column, ALTER TABLE RENAME COLUMN, ADD COLUMN, and a plain
 * UPDATE of a new column with CAST. Also the longest a record read through a form waited while the type change ran.
 * Exit code 0 when everything was measured (a missed target prints MISSED), 1 when something failed.
 */
const ROWS = arg('rows', 1_000_000);
const TARGETS = { preview: 5_000, rename: 1_000, add: 1_000, retype: 60_000 };

async function main(): Promise<number> {
  const t = await startTestApp();
  const token = await t.setup();
  const { db } = t.app.services.database;
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await t.call<Record<string, unknown>>(method, url, { token, body });
    if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
    return res.body;
  };
  const timed = async <T>(fn: () => Promise<T>): Promise<[number, T]> => {
    const t0 = performance.now();
    const out = await fn();
    return [performance.now() - t0, out];
  };
  try {
    const fields = ['name', 'qty', 'note'].map((name) => ({ name, type: 'text', label: name }));
    await call('POST', '/api/definitions/model', { name: 'Big', title: 'Big', fields });
    await call('POST', '/api/definitions/grid', { name: 'bigs', title: 'Big', model: 'Big', definition: fields.map((f) => ({ name: f.name, label: f.name, type: 'Text' })) });
    await call('POST', '/api/definitions/form', { name: 'big', title: 'Big', model: 'Big', url: '/', definition: [{ cols: fields.map((f) => ({ childType: 'Input', width: 4, name: f.name, label: f.name })) }] });

    // The rows, in one statement each: qty a number as text, one in a thousand 'n/a'.
    const [buildMs] = await timed(async () => {
      const source =
        TEST_DB === 'postgres'
          ? sql`select i from generate_series(1, ${ROWS}) as i`
          : sql`select i from (with recursive s(i) as (select 1 union all select i + 1 from s where i < ${ROWS}) select i from s)`;
      const insert = sql`insert into t_big (name, qty, note)
        select 'item ' || i, case when i % 1000 = 0 then 'n/a' else cast(i % 977 as text) end, 'note ' || (i % 50) from (${source}) as r`;
      if (TEST_DB === 'postgres') {
        // PostgreSQL's row trigger updates one stats row per row inserted: a million in one
        // transaction would take hours. The rows go in without it, the count is set once.
        await db.transaction().execute(async (trx) => {
          await sql`alter table t_big disable trigger t_big__stats`.execute(trx);
          await insert.execute(trx);
          await sql`alter table t_big enable trigger t_big__stats`.execute(trx);
          await sql`update sys_table_stats set row_count = (select count(*) from t_big), version = version + 1 where tbl = 't_big'`.execute(trx);
        });
      } else await insert.execute(db);
      // The copy the floors run on.
      await sql`create table floor_big as select * from t_big`.execute(db);
    });

    const model = async () => (await call('GET', '/api/definitions/model/Big')) as { version: number; fields: { name: string; type: string; label: string }[] };
    const retype = (m: Awaited<ReturnType<typeof model>>) => ({ ...m, fields: m.fields.map((f) => (f.name === 'qty' ? { ...f, type: 'number' } : f)) });

    // Preview of the type change; its floor, one COUNT over the column.
    const m0 = await model();
    const [previewMs, plan] = await timed(() => call('POST', '/api/definitions/model/Big/preview', { model: retype(m0) }));
    const retyped = (plan.retyped as { values: number; failing: number }[])[0];
    const [previewFloor] = await timed(() => sql`select count(*) from floor_big where qty is not null and qty <> '' and qty <> 'n/a'`.execute(db));

    // A rename; its floor, a plain ALTER TABLE RENAME COLUMN.
    const [renameMs] = await timed(async () => call('POST', '/api/definitions/model/Big/change', { model: { ...m0, fields: m0.fields.map((f) => (f.name === 'note' ? { ...f, name: 'memo' } : f)) }, renames: { note: 'memo' } }));
    const [renameFloor] = await timed(() => sql`alter table floor_big rename column note to memo`.execute(db));

    // An added column, without and with a default; the floor, a plain ADD COLUMN.
    const m1 = await model();
    const [addMs] = await timed(() => call('POST', '/api/definitions/model/Big/change', { model: { ...m1, fields: [...m1.fields, { name: 'extra', type: 'text', label: 'extra' }] } }));
    const m2 = await model();
    const [addDefaultMs] = await timed(() => call('POST', '/api/definitions/model/Big/change', { model: { ...m2, fields: [...m2.fields, { name: 'size', type: 'text', label: 'size', default: 'M' }] } }));
    const [addFloor] = await timed(() => sql`alter table floor_big add column extra text`.execute(db));
    const [fillFloor] = await timed(() => sql`update floor_big set extra = 'M'`.execute(db));

    // The type change, while records are read through the form again and again; its floor, a new column filled by one UPDATE with CAST.
    const m3 = await model();
    let reading = true;
    const waits: number[] = [];
    const reader = (async () => {
      while (reading) {
        const t0 = performance.now();
        // A record read through the form, a different one each time: no cache answers it.
        await t.call('GET', `/api/form/big/data/${1 + ((waits.length * 7919) % ROWS)}`, { token });
        waits.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    const [retypeMs] = await timed(() => call('POST', '/api/definitions/model/Big/change', { model: retype(m3), convert: { qty: 'clear' } }));
    reading = false;
    await reader;
    const numberType = TEST_DB === 'postgres' ? 'double precision' : 'real';
    const [retypeFloor] = await timed(async () => {
      await sql`alter table floor_big add column qty2 ${sql.raw(numberType)}`.execute(db);
      await sql`update floor_big set qty2 = case when qty = 'n/a' then null else cast(qty as ${sql.raw(numberType)}) end`.execute(db);
    });

    const load = loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(`\nModel changes on ${TEST_DB}, ${ROWS.toLocaleString('en')} rows (built in ${(buildMs / 1000).toFixed(1)} s); load average ${load}`);
    console.log(`  preview counted ${retyped?.values} values, ${retyped?.failing} not numbers`);
    console.log('  what                         Tessera (ms)   floor (ms)   ratio   target       ');
    const line = (what: string, v: number, floor: number, target?: number) =>
      console.log(`  ${what.padEnd(28)} ${ms(v, 0)}       ${ms(floor, 0)}   ${(v / Math.max(floor, 0.1)).toFixed(1).padStart(6)}x   ${target ? `${(target / 1000).toFixed(0)} s ${verdict(v <= target)}` : '-'}`);
    line('preview of a type change', previewMs, previewFloor, TARGETS.preview);
    line('rename', renameMs, renameFloor, TARGETS.rename);
    line('add a column', addMs, addFloor, TARGETS.add);
    line('add a column with a default', addDefaultMs, addFloor + fillFloor);
    line('type change text to number', retypeMs, retypeFloor, TARGETS.retype);
    const longest = Math.max(...waits);
    console.log(`  record reads during the type change: ${waits.length}, the longest ${longest.toFixed(0)} ms`);
    const missed = Object.entries({ preview: previewMs, rename: renameMs, add: addMs, retype: retypeMs }).filter(([k, v]) => v > TARGETS[k as keyof typeof TARGETS]);
    console.log(missed.length ? `  MISSED ${missed.length} target(s): ${missed.map(([k]) => k).join(', ')}` : '  All targets met.');
    return 0;
  } finally {
    await t.close();
  }
}

runBench('bench:models', 60 * 60_000, main);
