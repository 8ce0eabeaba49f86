/**
 * A grid's Export in Chromium (docs/api.md, "Grid export"): on the demo's customers grid filtered
 * by the url's filter, the admin opens Export by keyboard, picks XLSX, and the downloaded file,
 * read back with exceljs, holds exactly the filtered customers, headed by the grid's labels, with
 * "Customer since" a real date cell. Screenshots in test-results/ are to be looked at.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shot } from '../support/browser';
import { signIn, startDemoSuite, type DemoSuite } from '../support/demo-suite';

let demo: DemoSuite;

beforeAll(async () => {
  demo = await startDemoSuite();
}, 120_000);

afterAll(async () => {
  await demo?.close();
});

type Page = { rows: { id: number; name: string; city: string | null }[]; count: number };

describe('exporting a grid', () => {
  it('downloads the filtered grid as XLSX, every row of the filter and no other', async () => {
    await demo.call('POST', '/api/form/customer/add', { name: 'Export Åsa, "Ltd"', email: 'asa@example.com', city: 'Bergen', since: '2021-06-15' });
    await demo.call('POST', '/api/form/customer/add', { name: 'Export Bo', email: 'bo@example.com', city: 'Bergen', since: '2022-01-02' });
    const filter = { and: [{ field: 'city', op: 'eq', value: 'Bergen' }] };
    const expected = await demo.call<Page>('GET', `/api/grid/customers/data/0/50?sort=name&dir=asc&filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(expected.count).toBe(2);

    const page = await signIn(demo, { width: 1280, height: 900 });
    await page.goto(`${demo.server.url}/grid/customers?sort=name&dir=asc&filter=${encodeURIComponent(JSON.stringify(filter))}`);
    await page.getByRole('cell', { name: 'Export Bo' }).waitFor();
    const exportButton = page.getByRole('button', { name: 'Export' });
    await exportButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Export' });
    await dialog.waitFor();
    expect((await seriousViolations(page)).join('\n'), 'axe on the export dialog').toBe('');
    await shot(page, 'grid-export-dialog');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /^XLSX/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    const rows = (sheet?.getSheetValues() ?? []).slice(1) as unknown[][];
    expect(rows[0]?.slice(1)).toEqual(['Name', 'E-mail', 'City', 'Customer since']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(expected.rows.map((r) => r.name));
    expect(rows[1]?.slice(1)).toEqual(['Export Bo', 'bo@example.com', 'Bergen', new Date('2022-01-02T00:00:00Z')]);
    expect(rows[2]?.[1]).toBe('Export Åsa, "Ltd"');
    expect(sheet?.getCell('D2').type).toBe(ExcelJS.ValueType.Date);
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
