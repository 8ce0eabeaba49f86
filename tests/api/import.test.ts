import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportFile, ImportJob } from '../../src/shared/import-types.js';
import { buildApp } from '../../src/server/http/app.js';
import { loadConfig } from '../../src/server/core/config.js';
import { tableOf } from '../../src/server/records/model-registry.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The import of CSV and XLSX files (docs/import.md): the upload and its proposal, the refusals of
 * a file that cannot be read, the dry run's counts and reasons, the refused rows as CSV, an insert
 * then the records read back, an upsert run twice, the second insert of a file, a cancel that
 * rolls everything back, references by display, and the history of the job's writes.
 */
let t: TestApp;
let admin: string;

function multipart(file: Buffer, fileName: string, fields: Record<string, string> = {}): { payload: Buffer; contentType: string } {
  const boundary = `----tessera${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(t0: TestApp, model: string, file: Buffer | string, fileName = 'people.csv', fields: Record<string, string> = {}) {
  const { payload, contentType } = multipart(typeof file === 'string' ? Buffer.from(file) : file, fileName, fields);
  const res = await t0.app.inject({ method: 'POST', url: `/api/import/${model}/files`, payload, headers: { 'content-type': contentType, authorization: `Bearer ${admin}`, 'x-requested-with': 'tessera' } });
  return { status: res.statusCode, body: res.json() as ImportFile & { error?: string; code?: string } };
}

async function startJob(model: string, body: Record<string, unknown>) {
  return t.call<ImportJob & { error?: string; code?: string }>('POST', `/api/import/${model}/jobs`, { token: admin, body });
}

async function finished(id: string): Promise<ImportJob> {
  for (let i = 0; i < 600; i++) {
    const res = await t.call<ImportJob>('GET', `/api/import/jobs/${id}`, { token: admin });
    expect(res.status).toBe(200);
    if (['done', 'failed', 'cancelled'].includes(res.body.state)) return res.body;
    if (process.env.IMPORT_DEBUG && i % 20 === 0) console.log(JSON.stringify(res.body));
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the job ${id} did not end`);
}

async function run(model: string, body: Record<string, unknown>): Promise<ImportJob> {
  const res = await startJob(model, body);
  if (res.status !== 202) throw new Error(`job: ${res.status} ${JSON.stringify(res.body)}`);
  return finished(res.body.id);
}

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const PEOPLE = 'Name,E-mail,Age,City,Born\nAda,ada@example.com,36,Paris,1815-12-10\nBob,bob@example.com,twelve,Paris,\nCy,cy@example.com,40,Atlantis,1990-01-01\nDee,,22,Rome,2001-02-03\n';
const MAPPING = { Name: 'name', 'E-mail': 'email', Age: 'age', City: 'city', Born: 'born' };

beforeAll(async () => {
  t = await startTestApp({ env: {} });
  admin = await t.setup();
  await ok('POST', '/api/definitions/model', { name: 'City', display: 'title', fields: [{ name: 'title', type: 'text' }, { name: 'code', type: 'text', unique: true }] });
  await ok('POST', '/api/definitions/model', {
    name: 'Person',
    fields: [
      { name: 'name', type: 'text', required: true },
      { name: 'email', type: 'text', unique: true, label: 'E-mail' },
      { name: 'age', type: 'number' },
      { name: 'city', type: 'reference', target: 'City' },
      { name: 'born', type: 'date' },
    ],
  });
  for (const [title, code] of [['Paris', 'PAR'], ['Rome', 'ROM']]) await t.app.services.store.insert('City', { title, code });
  await ok('POST', '/api/definitions/grid', { name: 'people', title: 'People', model: 'Person', definition: [{ name: 'name', label: 'Name' }, { name: 'email', label: 'E-mail' }, { name: 'age', label: 'Age' }, { name: 'city', label: 'City', type: 'Reference' }] });
});

afterAll(async () => {
  await t?.close();
});

describe('upload', () => {
  it('answers the columns with samples, the proposed mapping, fields, keys and references', async () => {
    const res = await upload(t, 'Person', PEOPLE);
    expect(res.status).toBe(200);
    const f = res.body;
    expect(f.file).toMatch(/^[0-9a-f]{64}$/);
    expect(f).toMatchObject({ name: 'people.csv', format: 'csv', size: Buffer.byteLength(PEOPLE) });
    expect(f.columns.map((c) => c.header)).toEqual(['Name', 'E-mail', 'Age', 'City', 'Born']);
    expect(f.columns[2]?.sample).toEqual(['36', 'twelve', '40', '22']);
    expect(f.mapping).toEqual(MAPPING);
    expect(f.keys).toEqual(['id', 'email']);
    expect(f.fields.map((x) => x.name)).toEqual(['name', 'email', 'age', 'city', 'born']);
    expect(f.references).toEqual([{ field: 'city', label: 'city', target: 'City', unique: ['code'], proposed: 'display' }]);
    expect(f.earlier).toEqual([]);
  });

  it('reads an XLSX workbook: dates as YYYY-MM-DD, numbers as text', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('People');
    ws.addRow(['full_name', 'Age', 'born']);
    ws.addRow(['Eve', 51, new Date(Date.UTC(1973, 4, 6))]);
    const res = await upload(t, 'Person', Buffer.from(await wb.xlsx.writeBuffer()), 'people.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.format).toBe('xlsx');
    expect(res.body.columns.map((c) => [c.header, c.sample])).toEqual([['full_name', ['Eve']], ['Age', ['51']], ['born', ['1973-05-06']]]);
    expect(res.body.mapping).toEqual({ full_name: null, Age: 'age', born: 'born' });
  });

  it('refuses a file that is neither CSV nor XLSX, text not in its encoding, and a ragged row, with the line', async () => {
    const binary = await upload(t, 'Person', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]), 'photo.png');
    expect(binary.status).toBe(400);
    expect(binary.body.error).toBe('The file is neither a CSV nor an XLSX file: it holds binary data');
    const latin = Buffer.concat([Buffer.from('Name,City\nAda,Paris\nJos'), Buffer.from([0xe9]), Buffer.from(',Rome\n')]);
    const bad = await upload(t, 'Person', latin);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('The file is not valid utf-8 text: choose the encoding it was saved in (line 3)');
    const good = await upload(t, 'Person', latin, 'latin.csv', { encoding: 'windows-1252' });
    expect(good.status).toBe(200);
    expect(good.body.columns[0]?.sample).toEqual(['Ada', 'José']);
    const ragged = await upload(t, 'Person', 'Name,Age\nAda,3\nBob,4,extra\n');
    expect(ragged.status).toBe(400);
    expect(ragged.body.error).toBe('The row has 3 cells where the header has 2 (line 3)');
  });

  it('refuses a file over IMPORT_MAX_MB with 413 naming the limit', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-import-'));
    const small = await buildApp(loadConfig({ dataDir, databaseUrl: t.databaseUrl ?? `sqlite:${t.app.services.database.file}`, logLevel: 'silent', clientDir: join(dataDir, 'none'), importMaxMb: 1 / 1024 }));
    try {
      const res = await upload({ ...t, app: small }, 'Person', `Name\n${'x'.repeat(4000)}\n`);
      expect(res.status).toBe(413);
      expect(res.body.error).toBe('The file is larger than the 0.0009765625 MiB an import accepts (IMPORT_MAX_MB)');
    } finally {
      await small.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('jobs', () => {
  it('refuses a request that cannot run: unknown field, key not unique, upsert without key, unknown file', async () => {
    const { body: f } = await upload(t, 'Person', PEOPLE);
    const base = { file: f.file, mapping: MAPPING, mode: 'insert', dryRun: true };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, mapping: { ...MAPPING, Age: 'nope' } }, "The model Person has no field 'nope' a column can fill"],
      [{ ...base, mode: 'upsert', key: 'age' }, "The field 'age' is not unique: a key must be 'id' or a unique field"],
      [{ ...base, mode: 'upsert' }, 'An upsert needs a key: the field that matches a row to a record'],
      [{ ...base, file: 'a'.repeat(64) }, `No uploaded file has the hash '${'a'.repeat(64)}': upload it first`],
    ];
    for (const [body, error] of cases) {
      const res = await startJob('Person', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
  });

  it('dry run: counts the rows, lists the refused ones with their reasons, writes nothing; the refused CSV has them', async () => {
    const { body: f } = await upload(t, 'Person', PEOPLE);
    const job = await run('Person', { file: f.file, mapping: MAPPING, mode: 'insert', dryRun: true });
    expect(job).toMatchObject({ state: 'done', dryRun: true, total: 4, done: 4, counts: { added: 2, updated: 0, unchanged: 0, refused: 2 }, error: null });
    expect(job.refused).toEqual([
      { line: 3, reasons: ["age: 'twelve' is not a number"] },
      { line: 4, reasons: ["city: no City has the name 'Atlantis'"] },
    ]);
    expect(await t.app.services.store.count('Person')).toBe(0);
    const res = await t.app.inject({ method: 'GET', url: `/api/import/jobs/${job.id}/refused`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(parse(res.body, { bom: true })).toEqual([
      ['Name', 'E-mail', 'Age', 'City', 'Born', 'Reason'],
      ['Bob', 'bob@example.com', 'twelve', 'Paris', '', "age: 'twelve' is not a number"],
      ['Cy', 'cy@example.com', '40', 'Atlantis', '1990-01-01', "city: no City has the name 'Atlantis'"],
    ]);
  });

  it('imports: the rows read back through the grid, references by display; a second insert is 409 IMPORT_DONE_BEFORE until again', async () => {
    const { body: f } = await upload(t, 'Person', PEOPLE);
    const job = await run('Person', { file: f.file, mapping: MAPPING, mode: 'insert', dryRun: false });
    expect(job).toMatchObject({ state: 'done', counts: { added: 2, refused: 2 } });
    const page = await ok<{ rows: Record<string, unknown>[] }>('GET', '/api/grid/people/data/0/10');
    const rows = (page.rows ?? (page as unknown as { data: Record<string, unknown>[] }).data).map((r) => [r.name, r.email, r.age, (r._labels as Record<string, string> | undefined)?.city]);
    expect(rows.sort()).toEqual([['Ada', 'ada@example.com', 36, 'Paris'], ['Dee', null, 22, 'Rome']]);
    const again = await startJob('Person', { file: f.file, mapping: MAPPING, mode: 'insert', dryRun: false });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('IMPORT_DONE_BEFORE');
    expect(again.body.error).toMatch(/^This file was already imported into Person on \d{4}-\d\d-\d\d \d\d:\d\d UTC by admin\. Import it again\?$/);
    const earlier = (await upload(t, 'Person', PEOPLE)).body.earlier;
    expect(earlier.map((e) => [e.mode, e.dryRun, e.state])).toContainEqual(['insert', false, 'done']);
    // Again: Ada's e-mail is now taken, Dee (no e-mail) is added a second time.
    const second = await run('Person', { file: f.file, mapping: MAPPING, mode: 'insert', dryRun: false, again: true });
    expect(second.counts).toEqual({ added: 1, updated: 0, unchanged: 0, refused: 3 });
    expect(second.refused[0]).toEqual({ line: 2, reasons: ["E-mail: 'ada@example.com' is already used by another record"] });
  });

  it('a unique value repeated in a later group of rows is refused for the line it repeats, by the import as by its dry run', async () => {
    const lines = ['Name,E-mail'];
    for (let i = 0; i < 700; i++) lines.push(`Twice ${i},${i === 0 || i === 650 ? 'twice@example.com' : `twice-${i}@example.com`}`);
    const { body: f } = await upload(t, 'Person', `${lines.join('\n')}\n`, 'twice.csv');
    const request = { file: f.file, mapping: { Name: 'name', 'E-mail': 'email' }, mode: 'insert' };
    const reasons = [{ line: 652, reasons: ["E-mail: 'twice@example.com' repeats line 2"] }];
    const dry = await run('Person', { ...request, dryRun: true });
    expect(dry).toMatchObject({ state: 'done', counts: { added: 699, refused: 1 }, refused: reasons });
    // The import wrote line 2's record before it checked line 652: that record is not "another record".
    const job = await run('Person', { ...request, dryRun: false });
    expect(job).toMatchObject({ state: 'done', counts: { added: 699, refused: 1 }, refused: reasons });
  });

  it('upsert by a unique field updates only what changed; the same file again changes nothing', async () => {
    const csv = 'email,Age\nada@example.com,37\nnew@example.com,5\n';
    const { body: f } = await upload(t, 'Person', csv);
    const mapping = { email: 'email', Age: 'age' };
    // The new row has no name, which is required: refused; Ada is updated.
    const first = await run('Person', { file: f.file, mapping, mode: 'upsert', key: 'email', dryRun: false });
    expect(first.counts).toEqual({ added: 0, updated: 1, unchanged: 0, refused: 1 });
    expect(first.refused).toEqual([{ line: 3, reasons: ['name is a required field'] }]);
    const again = await run('Person', { file: f.file, mapping, mode: 'upsert', key: 'email', dryRun: false });
    expect(again.counts).toEqual({ added: 0, updated: 0, unchanged: 1, refused: 1 });
    const ada = await t.app.services.database.db.selectFrom(tableOf('Person')).select(['age', 'name']).where('email', '=', 'ada@example.com').executeTakeFirst();
    expect(ada).toEqual({ age: 37, name: 'Ada' });
  });

  it("writes history entries with the source 'import', the admin, grouped by the job", async () => {
    const csv = 'Name,City\nHistoric,ROM\n';
    const { body: f } = await upload(t, 'Person', csv);
    const job = await run('Person', { file: f.file, mapping: { Name: 'name', City: 'city' }, references: { city: { field: 'code' } }, mode: 'insert', dryRun: false });
    expect(job.counts.added).toBe(1);
    const entries = await t.app.services.database.db.selectFrom('sys_record_history').selectAll().where('request_id', '=', `import:${job.id}`).execute();
    expect(entries.map((e) => [e.model, e.action, e.source, e.user_name, e.user_id])).toEqual([['Person', 'insert', 'import', 'admin', 1]]);
    // The Data history lists the job's entries, and only those.
    const other = await run('Person', { file: (await upload(t, 'Person', 'Name\nLater one\nLater two\n', 'later.csv')).body.file, mapping: { Name: 'name' }, mode: 'insert', dryRun: false });
    const listed = await ok<{ entries: { model: string; action: string; source: string; requestId: string }[] }>('GET', `/api/history?job=${job.id}`);
    expect(listed.entries.map((e) => [e.model, e.action, e.source, e.requestId])).toEqual([['Person', 'insert', 'import', `import:${job.id}`]]);
    expect((await ok<{ entries: unknown[] }>('GET', `/api/history?job=${other.id}`)).entries).toHaveLength(2);
    expect((await t.call('GET', '/api/history?job=not-a-job', { token: admin })).status).toBe(400);
    if (t.app.services.database.dialect === 'sqlite') {
      // The partial index is what answers it, not a walk of every entry.
      const plan = await t.app.services.database.db.executeQuery(
        (await import('kysely')).sql`explain query plan select * from sys_record_history where source = 'import' and request_id = ${`import:${job.id}`} order by id desc limit 51`.compile(t.app.services.database.db),
      );
      expect(JSON.stringify(plan.rows)).toContain('sys_record_history_import');
    }
  });

  it("writes each new record's entry as a form's save does, all or nothing and in batches, and leaves the table's history trigger on", async () => {
    await ok('POST', '/api/definitions/model', {
      name: 'Ledger',
      history: { exclude: ['memo'] },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'amount', type: 'number' },
        { name: 'paid', type: 'boolean' },
        { name: 'day', type: 'date' },
        { name: 'memo', type: 'text' },
      ],
    });
    const rows = [
      { title: 'Rent, "March"', amount: 1250.5, paid: true, day: '2026-03-01', memo: 'secret' },
      { title: 'Ünïcode ✓', amount: -3, paid: false, day: null, memo: null },
      { title: 'Only a title', amount: null, paid: null, day: null, memo: null },
    ];
    const cell = (v: unknown) => (v === null ? '' : typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v));
    const csv = `Title,Amount,Paid,Day,Memo\n${rows.map((r) => [r.title, r.amount, r.paid, r.day, r.memo].map(cell).join(',')).join('\n')}\n`;
    const mapping = { Title: 'title', Amount: 'amount', Paid: 'paid', Day: 'day', Memo: 'memo' };
    const db = t.app.services.database.db;
    const changesOf = async (requestId: string) =>
      (await db.selectFrom('sys_record_history').select(['action', 'changes']).where('model', '=', 'Ledger').where('request_id', '=', requestId).orderBy('id').execute()).map((e) => [e.action, JSON.parse(String(e.changes))]);
    // What the table's trigger writes for the same records saved one at a time.
    const saved: unknown[] = [];
    for (const r of rows) {
      const id = await t.app.services.store.insert('Ledger', Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)));
      const entry = await db.selectFrom('sys_record_history').select(['action', 'changes']).where('model', '=', 'Ledger').where('record_id', '=', String(id)).executeTakeFirstOrThrow();
      saved.push([entry.action, JSON.parse(String(entry.changes))]);
    }
    // A yes/no as each database keeps it (SQLite: 1).
    const yes = t.app.services.database.dialect === 'sqlite' ? 1 : true;
    expect(saved[0]).toEqual(['insert', { title: [null, 'Rent, "March"'], amount: [null, 1250.5], paid: [null, yes], day: [null, '2026-03-01'], memo: 'changed' }]);
    for (const batches of [false, true]) {
      const { body: f } = await upload(t, 'Ledger', csv, `ledger-${batches}.csv`);
      const job = await run('Ledger', { file: f.file, mapping, mode: 'insert', dryRun: false, batches, again: true });
      expect(job.state, JSON.stringify(job.error)).toBe('done');
      expect(job.counts.added).toBe(3);
      expect(await changesOf(`import:${job.id}`)).toEqual(saved);
    }
    // The trigger is on again: a later write and a delete are recorded.
    const later = await t.app.services.store.insert('Ledger', { title: 'After the imports' });
    await t.app.services.store.delete('Ledger', later);
    const after = await db.selectFrom('sys_record_history').select(['action', 'changes']).where('model', '=', 'Ledger').where('record_id', '=', String(later)).orderBy('id').execute();
    expect(after.map((e) => [e.action, JSON.parse(String(e.changes))])).toEqual([['insert', { title: [null, 'After the imports'] }], ['delete', { title: ['After the imports', null] }]]);
    if (t.app.services.database.dialect === 'postgres') {
      const { sql } = await import('kysely');
      const states = await sql<{ tgname: string; tgenabled: string }>`select tgname, tgenabled from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relname = ${tableOf('Ledger')} and c.relnamespace = current_schema()::regnamespace and not t.tgisinternal order by tgname`.execute(db);
      expect(states.rows.every((r) => r.tgenabled === 'O'), JSON.stringify(states.rows)).toBe(true);
      expect(states.rows.map((r) => r.tgname)).toContain(`${tableOf('Ledger')}__history`);
    }
  });

  it('stops at a ragged row past the sample with its line: the dry run and the import fail, nothing is written', async () => {
    const lines = ['Name,Age'];
    for (let i = 0; i < 3000; i++) lines.push(i === 1998 ? `Broken ${i},${i},extra` : `Ragged ${i},${i}`);
    const { status, body: f } = await upload(t, 'Person', `${lines.join('\n')}\n`, 'ragged-late.csv');
    expect(status).toBe(200);
    const before = await t.app.services.store.count('Person');
    const dry = await run('Person', { file: f.file, mapping: { Name: 'name', Age: 'age' }, mode: 'insert', dryRun: true });
    expect(dry.state).toBe('failed');
    expect(dry.error).toEqual({ message: 'The row has 3 cells where the header has 2 (line 2000).', line: 2000 });
    const real = await run('Person', { file: f.file, mapping: { Name: 'name', Age: 'age' }, mode: 'insert', dryRun: false });
    expect(real.state).toBe('failed');
    expect(real.error).toEqual({ message: 'The row has 3 cells where the header has 2 (line 2000). Nothing was written.', line: 2000 });
    await t.app.services.store.forget();
    expect(await t.app.services.store.count('Person')).toBe(before);
  });

  it('a row the database refuses stops the job at its line, before a ragged row in the next group: all or nothing writes nothing, batches keep the batches before', async () => {
    // A rule of the database's own that no check of a form knows (added by hand, as a DBA might).
    await ok('POST', '/api/definitions/model', { name: 'Guarded', fields: [{ name: 'name', type: 'text' }, { name: 'age', type: 'number' }] });
    const { db, dialect } = t.app.services.database;
    const { sql } = await import('kysely');
    const table = tableOf('Guarded');
    if (dialect === 'sqlite') {
      await sql.raw(`create trigger guarded_refuses before insert on "${table}" when new.age = 6198 begin select raise(abort, 'Nobody is 6198'); end`).execute(db);
    } else {
      await sql.raw(`create function guarded_refuses() returns trigger language plpgsql as $$ begin raise exception 'Nobody is 6198'; end $$`).execute(db);
      await sql.raw(`create trigger guarded_refuses before insert on "${table}" for each row when (new.age = 6198) execute function guarded_refuses()`).execute(db);
    }
    // Line 6200 is in the 13th group of 500 rows, in the second batch of 5,000; the ragged line 6600 in the next group.
    const lines = ['Name,Age'];
    for (let i = 0; i < 7000; i++) lines.push(i === 6598 ? `Broken ${i},${i},extra` : `Guarded ${i},${i}`);
    const { body: f } = await upload(t, 'Guarded', `${lines.join('\n')}\n`, 'guarded.csv');
    const body = { file: f.file, mapping: { Name: 'name', Age: 'age' }, mode: 'insert', dryRun: false };
    const whole = await run('Guarded', body);
    expect(whole.state).toBe('failed');
    expect(whole.error).toEqual({ message: 'Nobody is 6198. Nothing was written.', line: 6200 });
    await t.app.services.store.forget();
    expect(await t.app.services.store.count('Guarded')).toBe(0);
    // In batches the first 5,000 rows stay committed; the second batch is rolled back.
    const batched = await run('Guarded', { ...body, batches: true, again: true });
    expect(batched.state).toBe('failed');
    expect(batched.error).toEqual({ message: 'Nobody is 6198. The batches committed before (5000 rows) stay written.', line: 6200 });
    await t.app.services.store.forget();
    expect(await t.app.services.store.count('Guarded')).toBe(5000);
  });

  it('a statement the database refuses but whose rows it takes one at a time, while the next group looks up new references: every row is written', async () => {
    // A lookup sent while a refused statement waits for its rollback would fail with it: a job that looks up references does not write a group while it checks the next.
    await ok('POST', '/api/definitions/model', { name: 'Town', display: 'title', fields: [{ name: 'title', type: 'text' }] });
    await ok('POST', '/api/definitions/model', { name: 'Resident', fields: [{ name: 'name', type: 'text' }, { name: 'age', type: 'number' }, { name: 'town', type: 'reference', target: 'Town' }] });
    const { db, dialect } = t.app.services.database;
    const { sql } = await import('kysely');
    const towns = Array.from({ length: 7000 }, (_, i) => ({ title: `Town ${i}` }));
    for (let i = 0; i < towns.length; i += 500) await db.insertInto(tableOf('Town')).values(towns.slice(i, i + 500)).execute();
    await t.app.services.store.forget();
    if (dialect === 'postgres') {
      // Refuses a statement of many rows holding age 6198, not the row on its own (as a DBA's statement-level rule might).
      await sql.raw(`create function resident_refuses() returns trigger language plpgsql as $$ begin
        if (select count(*) from new_rows) > 1 and exists (select 1 from new_rows where age = 6198) then raise exception 'Not in a crowd'; end if;
        return null; end $$`).execute(db);
      await sql.raw(`create trigger resident_refuses after insert on "${tableOf('Resident')}" referencing new table as new_rows for each statement execute function resident_refuses()`).execute(db);
    }
    // Every group of 500 rows names 500 towns not seen before.
    const lines = ['Name,Age,Town'];
    for (let i = 0; i < 7000; i++) lines.push(`Resident ${i},${i},Town ${i}`);
    const { body: f } = await upload(t, 'Resident', `${lines.join('\n')}\n`, 'residents.csv');
    const job = await run('Resident', { file: f.file, mapping: { Name: 'name', Age: 'age', Town: 'town' }, mode: 'insert', dryRun: false, references: { town: 'display' } });
    expect(job).toMatchObject({ state: 'done', error: null, counts: { added: 7000, refused: 0 } });
    await t.app.services.store.forget();
    expect(await t.app.services.store.count('Resident')).toBe(7000);
    const written = await db.selectFrom(`${tableOf('Resident')} as r`).innerJoin(`${tableOf('Town')} as t`, 't.id', 'r.town').select(['r.age', 't.title']).where('r.age', 'in', [0, 6198, 6999]).orderBy('r.age').execute();
    expect(written).toEqual([{ age: 0, title: 'Town 0' }, { age: 6198, title: 'Town 6198' }, { age: 6999, title: 'Town 6999' }]);
  });

  it('all or nothing: a cancel in the middle rolls every row back', async () => {
    // Enough rows that the job is still writing when the cancel comes on a loaded machine: a plain
    // file goes in at 20,000 to 30,000 rows a second, and 40,000 ended before the cancel on CI.
    // The cancel comes at 1,000, so the rest cost only the upload.
    const lines = ['Name,Age'];
    for (let i = 0; i < 200_000; i++) lines.push(`Many ${i},${i}`);
    const { body: f } = await upload(t, 'Person', `${lines.join('\n')}\n`, 'many.csv');
    const before = await t.app.services.store.count('Person');
    const started = await startJob('Person', { file: f.file, mapping: { Name: 'name', Age: 'age' }, mode: 'insert', dryRun: false });
    expect(started.status).toBe(202);
    for (let i = 0; i < 600; i++) {
      const j = (await t.call<ImportJob>('GET', `/api/import/jobs/${started.body.id}`, { token: admin })).body;
      if (j.done >= 1000 || j.state !== 'queued' && j.state !== 'running') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const cancel = await t.call<ImportJob>('POST', `/api/import/jobs/${started.body.id}/cancel`, { token: admin });
    expect(cancel.status).toBe(200);
    const job = await finished(started.body.id);
    expect(job.state).toBe('cancelled');
    expect(job.error?.message).toBe('The import was cancelled: nothing was written');
    await t.app.services.store.forget();
    expect(await t.app.services.store.count('Person')).toBe(before);
    const listed = await ok<ImportJob[]>('GET', '/api/import/Person/jobs');
    expect(listed[0]?.id).toBe(started.body.id);
  });
});

describe("the model's before-triggers", () => {
  it('refuse rows with their words (dry run and import), set fields of new rows, and log their runs only for a real import', async () => {
    await ok('POST', '/api/definitions/model', { name: 'Member', fields: [{ name: 'name', type: 'text', required: true, unique: true }, { name: 'age', type: 'number' }, { name: 'note', type: 'text' }] });
    await ok('POST', '/api/definitions/automation', {
      name: 'memberAge',
      trigger: { type: 'record', model: 'Member', on: ['insert', 'update'], timing: 'before' },
      condition: { and: [{ field: 'age', op: 'gt', value: 120 }] },
      steps: [{ type: 'refuse', message: 'Nobody is {{record.age}}' }],
    });
    await ok('POST', '/api/definitions/automation', {
      name: 'memberNote',
      trigger: { type: 'record', model: 'Member', on: ['insert'], timing: 'before' },
      steps: [{ type: 'setFields', values: { note: 'imported by {{user.user}}' } }],
    });
    const runs = async (automation: string) => (await ok<{ runs: { state: string; trigger: string }[] }>('GET', `/api/automations/runs?automation=${automation}`)).runs;
    const request = { mapping: { Name: 'name', Age: 'age' }, mode: 'insert' };
    const file = (await upload(t, 'Member', 'Name,Age\nAda,36\nOld,130\nBea,40\n', 'members.csv')).body.file;
    const dry = await run('Member', { ...request, file, dryRun: true });
    expect(dry).toMatchObject({ state: 'done', counts: { added: 2, refused: 1 }, refused: [{ line: 3, reasons: ['Nobody is 130'] }] });
    expect(await t.app.services.store.count('Member')).toBe(0);
    expect(await runs('memberAge')).toEqual([]);

    const job = await run('Member', { ...request, file, dryRun: false });
    expect(job).toMatchObject({ state: 'done', counts: { added: 2, refused: 1 }, refused: [{ line: 3, reasons: ['Nobody is 130'] }] });
    const rows = await t.app.services.database.db.selectFrom(tableOf('Member')).select(['name', 'age', 'note']).orderBy('name').execute();
    // The note is no column of the file: the row that a trigger gave it was written with it.
    expect(rows).toEqual([
      { name: 'Ada', age: 36, note: 'imported by admin' },
      { name: 'Bea', age: 40, note: 'imported by admin' },
    ]);
    expect((await runs('memberAge')).map((r) => [r.trigger, r.state])).toEqual([['before insert', 'stopped']]);
    expect((await runs('memberNote')).map((r) => r.state)).toEqual(['done', 'done']);

    // An update by the key is guarded too: Ada's 200 is refused, Bea's 41 written, the note left as it was.
    const upsert = (await upload(t, 'Member', 'Name,Age\nAda,200\nBea,41\n', 'ages.csv')).body.file;
    const updated = await run('Member', { file: upsert, mapping: { Name: 'name', Age: 'age' }, mode: 'upsert', key: 'name', dryRun: false });
    expect(updated).toMatchObject({ state: 'done', counts: { added: 0, updated: 1, refused: 1 }, refused: [{ line: 2, reasons: ['Nobody is 200'] }] });
    const after = await t.app.services.database.db.selectFrom(tableOf('Member')).select(['name', 'age', 'note']).orderBy('name').execute();
    expect(after).toEqual([
      { name: 'Ada', age: 36, note: 'imported by admin' },
      { name: 'Bea', age: 41, note: 'imported by admin' },
    ]);
    for (const name of ['memberAge', 'memberNote']) await ok('DELETE', `/api/definitions/automation/${name}`);
  });
});

describe('batches and restarts', () => {
  const csv = (prefix: string, n: number) => `Name,Age\n${Array.from({ length: n }, (_, i) => `${prefix} ${i},${i}`).join('\n')}\n`;

  it('batches: commits every row with its checkpoint', async () => {
    const { body: f } = await upload(t, 'Person', csv('Batch', 12_000), 'batches.csv');
    const job = await run('Person', { file: f.file, mapping: { Name: 'name', Age: 'age' }, mode: 'insert', dryRun: false, batches: true });
    expect(job).toMatchObject({ state: 'done', batches: true, total: 12_000, done: 12_000, counts: { added: 12_000, refused: 0 } });
    const row = await t.app.services.database.db.selectFrom('sys_import_jobs').select('checkpoint').where('id', '=', job.id).executeTakeFirst();
    expect(Number(row?.checkpoint)).toBe(12_000);
  });

  it("takes over a stopped server's jobs: a batches job resumes from its checkpoint, another is marked failed", async () => {
    const { body: f } = await upload(t, 'Person', csv('Resumed', 5), 'resume.csv');
    const { db } = t.app.services.database;
    const stale = (id: string, batches: number) => ({
      id, model: 'Person', file_hash: f.file, file_name: 'resume.csv', file_format: 'csv', file_size: f.size, encoding: 'utf-8', mode: 'insert', key_field: null,
      dry_run: 0, batches, request: JSON.stringify({ mapping: { Name: 'name', Age: 'age' }, references: {}, header: ['Name', 'Age'] }), state: 'running',
      total: 5, done: 2, added: 2, checkpoint: 2, by_id: 1, by_name: 'admin', started_at: '2020-01-01T00:00:00.000Z', owner: 'a-host-long-gone:1:000000000000', heartbeat: 0,
    });
    await db.insertInto('sys_import_jobs').values([stale('a'.repeat(32), 1), stale('b'.repeat(32), 0)]).execute();
    await t.app.services.imports.takeOver();
    const resumed = await finished('a'.repeat(32));
    expect(resumed).toMatchObject({ state: 'done', done: 5, counts: { added: 5, refused: 0 } });
    // The two rows before the checkpoint were the stopped server's: the resumed job skipped them.
    const names = await db.selectFrom(tableOf('Person')).select('name').where('name', 'like', 'Resumed %').orderBy('name').execute();
    expect(names.map((r) => r.name)).toEqual(['Resumed 2', 'Resumed 3', 'Resumed 4']);
    const failed = await finished('b'.repeat(32));
    expect(failed).toMatchObject({ state: 'failed', error: { message: 'The server stopped during the import; nothing was written' } });
  });
});

describe('access', () => {
  it('removes uploaded files and refused rows past IMPORT_FILES_DAYS, keeping the job and what an open job needs', async () => {
    const { body: f } = await upload(t, 'Person', 'Name,Age\nOld file,1\nOld bad,x\n', 'old.csv');
    const job = await run('Person', { file: f.file, mapping: { Name: 'name', Age: 'age' }, mode: 'insert', dryRun: true });
    expect(job.counts.refused).toBe(1);
    const jobs = t.app.services.imports;
    const dir = jobs.dir;
    const { utimes, writeFile, readdir } = await import('node:fs/promises');
    await writeFile(join(dir, 'upload-0123456789abcdef.part'), 'half');
    const eightDays = (Date.now() - 8 * 24 * 3600 * 1000) / 1000;
    for (const name of [f.file, `${f.file}.json`, `${job.id}.refused.csv`, 'upload-0123456789abcdef.part']) await utimes(join(dir, name), eightDays, eightDays);
    // An open job's file stays whatever its age.
    const { body: kept } = await upload(t, 'Person', 'Name\nStill needed\n', 'open.csv');
    await t.app.services.database.db.insertInto('sys_import_jobs').values({
      id: 'f'.repeat(32), model: 'Person', file_hash: kept.file, file_name: 'open.csv', file_format: 'csv', file_size: 1, encoding: 'utf-8', mode: 'insert',
      dry_run: 1, batches: 0, request: '{}', state: 'queued', owner: 'elsewhere:1:x', heartbeat: Date.now(), started_at: new Date().toISOString(),
    }).execute();
    await utimes(join(dir, kept.file), eightDays, eightDays);
    try {
      expect(await jobs.pruneFiles()).toBe(4);
      const left = await readdir(dir);
      expect(left).toContain(kept.file);
      for (const name of [f.file, `${f.file}.json`, `${job.id}.refused.csv`, 'upload-0123456789abcdef.part']) expect(left).not.toContain(name);
      // The job still answers; its refused rows are gone, and a new job on the file asks for it again.
      expect((await t.call('GET', `/api/import/jobs/${job.id}`, { token: admin })).status).toBe(200);
      expect((await t.call('GET', `/api/import/jobs/${job.id}/refused`, { token: admin })).status).toBe(404);
      const again = await startJob('Person', { file: f.file, mapping: { Name: 'name' }, mode: 'insert', dryRun: true });
      expect(again.status).toBe(400);
    } finally {
      await t.app.services.database.db.deleteFrom('sys_import_jobs').where('id', '=', 'f'.repeat(32)).execute();
    }
  });

  it('is for administrators only', async () => {
    const clerk = await t.user('clerk');
    expect((await t.call('GET', '/api/import/Person/jobs', { token: clerk.token })).status).toBe(403);
  });
});
