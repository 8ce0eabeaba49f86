import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A grid's export (docs/api.md, "Grid export"): the CSV's exact text (RFC 4180 quoting, CRLF,
 * UTF-8 with or without a byte order mark), the XLSX read back with its cell types, the user's
 * filter, sort and search, references by name, fields hidden by a grant never present, the
 * export rule applied, and who may export at all.
 */
let t: TestApp;
let admin: string;
let clerk: { token: string; id: number };
let reader: { token: string; id: number };

const ITEMS = [
  { title: 'Plain', qty: 3, due: '2024-02-29', at: '2024-03-01T10:20:30.000Z', paid: true, note: 'north', secret: 's1', customer: 'Ada' },
  { title: 'Comma, quote " and\nline', qty: 1.5, due: null, at: null, paid: false, note: 'north', secret: 's2', customer: 'Bob' },
  { title: 'Ünïcödé ✓ 日本', qty: -2, due: '1999-12-31', at: null, paid: null, note: 'south', secret: 's3', customer: null },
];

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The raw answer of an export: status, headers and bytes. */
async function download(url: string, token: string | null) {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  await ok('POST', '/api/form/group/add', { name: 'Clerks' });
  await ok('POST', '/api/form/group/add', { name: 'Readers' });
  await ok('POST', '/api/definitions/model', { name: 'Customer', fields: [{ name: 'name', type: 'text' }] });
  await ok('POST', '/api/definitions/model', {
    name: 'Item',
    fields: [
      { name: 'title', type: 'text' },
      { name: 'qty', type: 'number' },
      { name: 'due', type: 'date' },
      { name: 'at', type: 'datetime' },
      { name: 'paid', type: 'boolean' },
      { name: 'note', type: 'text' },
      { name: 'secret', type: 'text' },
      { name: 'customer', type: 'reference', target: 'Customer' },
    ],
  });
  const { store } = t.app.services;
  const customers: Record<string, number> = {};
  for (const name of ['Ada', 'Bob']) customers[name] = Number(await store.insert('Customer', { name }));
  for (const item of ITEMS) await store.insert('Item', { ...item, customer: item.customer ? customers[item.customer] : null });
  const definition = [
    { name: 'title', label: 'Title' },
    { name: 'qty', label: 'Quantity', type: 'Number' },
    { name: 'due', label: 'Due', type: 'Date' },
    { name: 'at', label: 'At' },
    { name: 'paid', label: 'Paid' },
    { name: 'note', label: 'Note' },
    { name: 'secret', label: 'Secret' },
    { name: 'customer', label: 'Customer', type: 'Reference' },
    { name: 'id', label: 'Id', hide: true },
  ];
  const grants = [
    { group: 'Clerks', actions: ['read', 'export'], rules: { export: { and: [{ field: 'note', op: 'eq', value: 'north' }] } }, fields: { secret: 'hidden' } },
    { group: 'Readers', actions: ['read'] },
  ];
  await ok('POST', '/api/definitions/grid', { name: 'items', title: 'Items', model: 'Item', paging: 3, definition, sorts: [{ fieldname: 'qty', sorttype: 'DESC' }], access: { grants } });
  await ok('POST', '/api/definitions/grid', { name: 'items_fixed', title: 'Items', model: 'Item', paging: 3, hideFilters: true, definition, access: { grants } });
  clerk = await t.user('clerk', { groups: ['Clerks'] });
  reader = await t.user('reader', { groups: ['Readers'] });
});

afterAll(async () => {
  await t?.close();
});

const CRLF = '\r\n';

describe('CSV', () => {
  it('is RFC 4180 text of the columns the grid shows, in its order and sort, references by name', async () => {
    const res = await download('/api/grid/items/export?format=csv', admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="items-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.headers['x-total-count']).toBe('3');
    const text = res.bytes.toString('utf8');
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    expect(text).toBe(
      [
        'Title,Quantity,Due,At,Paid,Note,Secret,Customer',
        'Plain,3,2024-02-29,2024-03-01T10:20:30.000Z,TRUE,north,s1,Ada',
        '"Comma, quote "" and\nline",1.5,,,FALSE,north,s2,Bob',
        'Ünïcödé ✓ 日本,-2,1999-12-31,,,south,s3,',
        '',
      ].join(CRLF),
    );
  });

  it('reads back cell for cell with an RFC 4180 parser', async () => {
    const res = await download('/api/grid/items/export?format=csv&bom=1', admin);
    const records = parse(res.bytes, { bom: true, record_delimiter: '\r\n' }) as string[][];
    expect(records.map((r) => r[0])).toEqual(['Title', 'Plain', 'Comma, quote " and\nline', 'Ünïcödé ✓ 日本']);
    expect(records.every((r) => r.length === 8)).toBe(true);
  });

  it('begins with a byte order mark when asked (bom=1), for Excel', async () => {
    const res = await download('/api/grid/items/export?format=csv&bom=1', admin);
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.bytes.subarray(3).toString('utf8').startsWith('Title,Quantity')).toBe(true);
  });

  it("applies the user's filter, sort and search as the data routes do", async () => {
    const filter = encodeURIComponent(JSON.stringify({ and: [{ field: 'note', op: 'eq', value: 'north' }] }));
    const sorted = await download(`/api/grid/items/export?sort=title&dir=desc&filter=${filter}`, admin);
    expect(sorted.headers['x-total-count']).toBe('2');
    const lines = sorted.bytes.toString('utf8').split(CRLF);
    expect(lines[1]).toMatch(/^Plain,/);
    expect(lines[2]).toMatch(/^"Comma/);
    const searched = await download('/api/grid/items/export?search=Ada', admin);
    expect(searched.bytes.toString('utf8')).toBe(['Title,Quantity,Due,At,Paid,Note,Secret,Customer', 'Plain,3,2024-02-29,2024-03-01T10:20:30.000Z,TRUE,north,s1,Ada', ''].join(CRLF));
  });

  it('refuses a filter where the grid takes none (hideFilters), and a bad filter, as JSON before any byte', async () => {
    const filter = encodeURIComponent(JSON.stringify({ and: [{ field: 'note', op: 'eq', value: 'north' }] }));
    const fixed = await t.call('GET', `/api/grid/items_fixed/export?filter=${filter}`, { token: admin });
    expect(fixed.status).toBe(400);
    expect(JSON.stringify(fixed.body)).toContain('hideFilters');
    const bad = await t.call('GET', `/api/grid/items/export?filter=${encodeURIComponent('{"and":[{"field":"nope","op":"eq","value":1}]}')}`, { token: admin });
    expect(bad.status).toBe(400);
    const format = await t.call('GET', '/api/grid/items/export?format=pdf', { token: admin });
    expect(format.status).toBe(400);
  });
});

describe('XLSX', () => {
  it('reads back with numbers as numbers, dates as dates, booleans as booleans and names of references', async () => {
    const res = await download('/api/grid/items/export?format=xlsx', admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/filename="items-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('items');
    const rows = (sheet?.getSheetValues() ?? []).slice(1) as unknown[][];
    expect(rows[0]?.slice(1)).toEqual(['Title', 'Quantity', 'Due', 'At', 'Paid', 'Note', 'Secret', 'Customer']);
    expect(rows[1]?.slice(1)).toEqual(['Plain', 3, new Date('2024-02-29T00:00:00Z'), new Date('2024-03-01T10:20:30.000Z'), true, 'north', 's1', 'Ada']);
    expect(rows[2]?.[1]).toBe('Comma, quote " and\nline');
    expect(rows[2]?.[5]).toBe(false);
    expect(rows[3]?.slice(1, 4)).toEqual(['Ünïcödé ✓ 日本', -2, new Date('1999-12-31T00:00:00Z')]);
    expect(sheet?.getCell('C2').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet?.getCell('C2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet?.getCell('B2').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet?.rowCount).toBe(4);
  });
});

describe('who may export what', () => {
  it('a grant with export gets the rows of its export rule, without the fields it hides', async () => {
    const res = await download('/api/grid/items/export', clerk.token);
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const text = res.bytes.toString('utf8');
    expect(text.split(CRLF)[0]).toBe('Title,Quantity,Due,At,Paid,Note,Customer');
    expect(text).not.toContain('Secret');
    expect(text).not.toMatch(/\bs[123]\b/);
    expect(text).not.toContain('south');
    expect(text).not.toContain('Ünïcödé');
  });

  it('a hidden field cannot be sorted or searched by in an export either', async () => {
    const sorted = await t.call('GET', '/api/grid/items/export?sort=secret', { token: clerk.token });
    expect(sorted.status).toBe(400);
    const searched = await download('/api/grid/items/export?search=s1', clerk.token);
    expect(searched.headers['x-total-count']).toBe('0');
  });

  it('the definition answer says who may export', async () => {
    expect((await t.call('GET', '/api/grid/items/definition', { token: admin })).body.mayExport).toBe(true);
    expect((await t.call('GET', '/api/grid/items/definition', { token: clerk.token })).body.mayExport).toBe(true);
    expect((await t.call('GET', '/api/grid/items/definition', { token: reader.token })).body.mayExport).toBe(false);
  });

  it('a caller whose grants do not name export is refused (403), a stranger must sign in (401)', async () => {
    expect((await t.call('GET', '/api/grid/items/export', { token: reader.token })).status).toBe(403);
    expect((await t.call('GET', '/api/grid/items/export', { token: null })).status).toBe(401);
    expect((await t.call('GET', '/api/grid/nope/export', { token: reader.token })).status).toBe(403);
  });
});
