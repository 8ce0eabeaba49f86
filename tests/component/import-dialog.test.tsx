import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GridDefinition } from '../../src/generated/definitions';
import type { ImportFile, ImportJob, ImportRequest } from '../../src/shared/import-types';
import type { ModelOverview } from '../../src/shared/api-types';
import { ImportDialog } from '../../src/runtime/views/ImportDialog';
import { GridView } from '../../src/runtime/views/GridView';
import { ModelsScreen } from '../../src/app/screens/models/ModelsScreen';
import { useSession } from '../../src/runtime/session';
import { server } from '../support/msw';

/**
 * The import dialog over a mocked API (the contract of src/shared/import-types.ts): the upload and
 * its refusal, the proposed mapping and the choices sent, the dry run's counts and refused rows,
 * the import read back until it ends, Cancel, the confirm of a file imported before, a job under
 * way shown on open; and where the dialog is offered (an admin's grid, the Models list).
 */
const FILE: ImportFile = {
  file: 'ab'.repeat(32),
  name: 'customers.csv',
  size: 2048,
  format: 'csv',
  columns: [
    { index: 0, header: 'Name', sample: ['Ann', 'Bob'] },
    { index: 1, header: 'E-mail', sample: ['ann@example.com', 'bob@example.com'] },
    { index: 2, header: 'Region', sample: ['North', 'South'] },
    { index: 3, header: 'Remarks', sample: ['', 'late payer'] },
  ],
  fields: [
    { name: 'name', label: 'Full name', type: 'text', required: true, unique: false },
    { name: 'email', label: 'Email', type: 'text', required: false, unique: true },
    { name: 'region', label: 'Region', type: 'reference', required: false, unique: false },
    { name: 'notes', label: 'Notes', type: 'text', required: false, unique: false },
  ],
  mapping: { Name: 'name', 'E-mail': 'email', Region: 'region', Remarks: null },
  keys: ['id', 'email'],
  references: [{ field: 'region', label: 'Region', target: 'Region', unique: ['code'], proposed: 'display' }],
  earlier: [],
};

const job = (extra: Partial<ImportJob> = {}): ImportJob => ({
  id: 'j1',
  model: 'Customer',
  file: { hash: FILE.file, name: FILE.name, format: 'csv', size: FILE.size },
  mode: 'insert',
  key: null,
  dryRun: true,
  batches: false,
  state: 'running',
  total: 100,
  done: 0,
  rate: 0,
  secondsLeft: null,
  counts: { added: 0, updated: 0, unchanged: 0, refused: 0 },
  refused: [],
  error: null,
  cancelling: false,
  by: 'ann',
  startedAt: '2024-05-01T10:00:00Z',
  endedAt: null,
  ...extra,
});

let uploads: FormData[];
let started: ImportRequest[];
let cancelled: string[];
/** What GET /api/import/jobs/:id answers, one answer per read; the last one again once the list is used up. */
let reads: ImportJob[];

function answerJob(): ImportJob {
  return (reads.length > 1 ? reads.shift() : reads[0]) as ImportJob;
}

beforeEach(() => {
  uploads = [];
  started = [];
  cancelled = [];
  reads = [];
  useSession.setState({ user: { id: 1, user: 'ann', Admin: true } as never });
  server.use(
    http.get('/api/import/:model/jobs', () => HttpResponse.json([])),
    http.post('/api/import/:model/files', async ({ request }) => {
      uploads.push(await request.formData());
      return HttpResponse.json(FILE);
    }),
    http.post('/api/import/:model/jobs', async ({ request }) => {
      const body = (await request.json()) as ImportRequest;
      started.push(body);
      return HttpResponse.json(job({ dryRun: body.dryRun, mode: body.mode, key: body.key ?? null, state: 'queued', id: body.dryRun ? 'j1' : 'j2' }), { status: 202 });
    }),
    http.get('/api/import/jobs/:id', () => HttpResponse.json(answerJob())),
    http.post('/api/import/jobs/:id/cancel', ({ params }) => {
      cancelled.push(String(params.id));
      return HttpResponse.json(job({ id: String(params.id), dryRun: false, cancelling: true, done: 30 }));
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

function renderDialog(onClose = vi.fn()) {
  render(<ImportDialog model="Customer" title="Customers" onClose={onClose} />);
  return onClose;
}

/** Chooses a CSV in the file step and uploads it; resolves once the mapping step shows. */
async function upload(encoding?: string) {
  const input = await screen.findByLabelText('File (CSV or XLSX)');
  fireEvent.change(input, { target: { files: [new File(['Name,E-mail\nAnn,ann@example.com\n'], 'customers.csv', { type: 'text/csv' })] } });
  if (encoding) fireEvent.change(screen.getByLabelText('Encoding of a CSV file'), { target: { value: encoding } });
  fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
  await screen.findByRole('heading', { name: 'Match the columns to fields' });
}

const fieldSelect = (header: string) => screen.getByRole('combobox', { name: `Field for column ${header}` }) as HTMLSelectElement;

describe('The import dialog', () => {
  it('shows the proposed mapping and sends the choices the user made', async () => {
    renderDialog();
    await upload('windows-1252');
    const sent = uploads[0] as FormData;
    // (The part's file name does not survive msw's reading of jsdom's FormData; a browser sends it.)
    expect(await (sent.get('file') as File).text()).toBe('Name,E-mail\nAnn,ann@example.com\n');
    expect(sent.get('encoding')).toBe('windows-1252');
    // The step's heading has the focus, so the keyboard carries on from the top.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Match the columns to fields' }));

    // The proposal, preselected; samples shown; a skipped column says Skip.
    expect(fieldSelect('Name').value).toBe('name');
    expect(fieldSelect('E-mail').value).toBe('email');
    expect(fieldSelect('Remarks').value).toBe('');
    expect(within(fieldSelect('Remarks')).getByRole('option', { selected: true }).textContent).toBe('Skip');
    expect(within(fieldSelect('Name')).getByRole('option', { name: 'Full name' })).toBeTruthy();
    expect(screen.getByText('late payer')).toBeTruthy();
    const findRegion = screen.getByLabelText('Region: find the Region by') as HTMLSelectElement;
    expect(findRegion.value).toBe('display');
    expect(screen.getByLabelText('Add new records only')).toHaveProperty('checked', true);

    // The user's changes.
    fireEvent.change(fieldSelect('Remarks'), { target: { value: 'notes' } });
    fireEvent.click(screen.getByLabelText('Add or update by'));
    const key = screen.getByRole('combobox', { name: /^Key/ }) as HTMLSelectElement;
    expect(key.value).toBe('email'); // the mapped unique field is proposed as the key
    fireEvent.change(key, { target: { value: 'id' } });
    expect(screen.getByText(/No column is mapped to Id, the key/)).toBeTruthy();
    fireEvent.change(key, { target: { value: 'email' } });
    fireEvent.change(findRegion, { target: { value: 'field:code' } });
    fireEvent.click(screen.getByLabelText(/Import in committed batches/));

    reads = [job({ state: 'done', done: 2, counts: { added: 1, updated: 1, unchanged: 0, refused: 0 } })];
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByRole('heading', { name: 'Dry run result' });
    expect(started).toEqual([
      {
        file: FILE.file,
        mapping: { Name: 'name', 'E-mail': 'email', Region: 'region', Remarks: 'notes' },
        mode: 'upsert',
        key: 'email',
        references: { region: { field: 'code' } },
        dryRun: true,
        batches: true,
      },
    ]);
  });

  it('refuses two columns filling one field before anything is sent', async () => {
    renderDialog();
    await upload();
    fireEvent.change(fieldSelect('Remarks'), { target: { value: 'name' } });
    expect(screen.getByRole('alert').textContent).toContain("'Name' and 'Remarks' all fill Full name");
    expect(screen.getByRole('button', { name: 'Dry run' })).toHaveProperty('disabled', true);
    fireEvent.change(fieldSelect('Remarks'), { target: { value: '' } });
    expect(screen.getByRole('button', { name: 'Dry run' })).toHaveProperty('disabled', false);
  });

  it('says when the file was imported before', async () => {
    server.use(
      http.post('/api/import/:model/files', () =>
        HttpResponse.json({ ...FILE, earlier: [{ job: 'old', mode: 'insert', dryRun: false, state: 'done', at: '2024-04-02T08:30:00Z', by: 'bob' }] }),
      ),
    );
    renderDialog();
    await upload();
    expect(screen.getByRole('note').textContent).toMatch(new RegExp(`This file was imported on ${new Date('2024-04-02T08:30:00Z').toLocaleString().replace(/[/.]/g, '\\$&')} by bob`));
  });

  it('shows the dry run: its counts, the refused rows and their download, then Back keeps the choices', async () => {
    renderDialog();
    await upload();
    fireEvent.change(fieldSelect('Remarks'), { target: { value: 'notes' } });
    reads = [
      job({ done: 40, rate: 80, secondsLeft: 1 }),
      job({
        state: 'done',
        done: 100,
        counts: { added: 97, updated: 0, unchanged: 0, refused: 3 },
        refused: [
          { line: 4, reasons: ['Full name is required'] },
          { line: 9, reasons: ['Email: not an email address', "Region: no Region called 'West'"] },
        ],
      }),
    ];
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByText('40 of 100 rows · 80 rows/s · about 1 s left');
    await screen.findByRole('heading', { name: 'Dry run result' });
    expect(screen.getByLabelText('What importing would do').textContent).toBe('To add97To update0Unchanged0Refused3');
    const refused = screen.getByRole('region', { name: 'Refused rows' });
    expect(within(refused).getByRole('row', { name: /4 Full name is required/ })).toBeTruthy();
    expect(within(refused).getByText("Region: no Region called 'West'")).toBeTruthy();
    expect(within(refused).getByText(/The first 2 of 3 are listed/)).toBeTruthy();
    expect(within(refused).getByRole('link', { name: 'Download refused rows' }).getAttribute('href')).toBe('/api/import/jobs/j1/refused');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Match the columns to fields' });
    expect(fieldSelect('Remarks').value).toBe('notes');
  });

  it('imports after the dry run, reads the job back until it is done, and closes saying it imported', async () => {
    const onClose = renderDialog();
    await upload();
    reads = [job({ state: 'done', done: 100, counts: { added: 100, updated: 0, unchanged: 0, refused: 0 } })];
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByRole('heading', { name: 'Dry run result' });
    reads = [
      job({ id: 'j2', dryRun: false, done: 50, rate: 25, secondsLeft: 2, counts: { added: 50, updated: 0, unchanged: 0, refused: 0 } }),
      job({ id: 'j2', dryRun: false, state: 'done', done: 100, endedAt: '2024-05-01T10:00:04Z', counts: { added: 100, updated: 0, unchanged: 0, refused: 0 } }),
    ];
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(screen.getByText('50 of 100 rows · 25 rows/s · about 2 s left')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('closing this dialog does not stop it');
    await screen.findByText('The import is done: 100 rows read.');
    expect(started.map((r) => r.dryRun)).toEqual([true, false]);
    expect(started[1]).toEqual({ ...started[0], dryRun: false });
    expect(screen.getByLabelText('What the import did').textContent).toBe('Added100Updated0Unchanged0Refused0');
    expect(screen.getByRole('link', { name: 'See these changes in Data history' }).getAttribute('href')).toBe('/history?job=j2');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('cancels a running import', async () => {
    server.use(http.get('/api/import/:model/jobs', () => HttpResponse.json([job({ dryRun: false, done: 10 })])));
    reads = [job({ dryRun: false, done: 20 })];
    renderDialog();
    await screen.findByText('20 of 100 rows');
    reads = [job({ dryRun: false, done: 30, cancelling: true }), job({ dryRun: false, state: 'cancelled', done: 30 })];
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the import' }));
    expect(await screen.findByRole('button', { name: 'Cancelling…' })).toHaveProperty('disabled', true);
    expect(cancelled).toEqual(['j1']);
    await screen.findByText('The import was cancelled after 30 rows. Nothing was written.');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("shows a failed job's reason as the server words it, once", async () => {
    server.use(http.get('/api/import/:model/jobs', () => HttpResponse.json([job({ dryRun: false, done: 10 })])));
    reads = [job({ dryRun: false, state: 'failed', done: 1999, error: { message: 'The row has 3 cells where the header has 2 (line 2000). Nothing was written.', line: 2000 } })];
    renderDialog();
    const said = await screen.findByText(/The import failed/);
    expect(said.textContent).toBe('The import failed: The row has 3 cells where the header has 2 (line 2000). Nothing was written.');
    expect(screen.queryByRole('link', { name: 'See these changes in Data history' })).toBeNull();
  });

  it('asks before importing a file imported before, and sends again when the user confirms', async () => {
    let refusals = 0;
    server.use(
      http.post('/api/import/:model/jobs', async ({ request }) => {
        const body = (await request.json()) as ImportRequest;
        started.push(body);
        if (!body.dryRun && !body.again) {
          refusals++;
          return HttpResponse.json({ error: 'This file was imported into Customer on 2 April 2024 by bob: its rows would be added again.', code: 'IMPORT_DONE_BEFORE' }, { status: 409 });
        }
        return HttpResponse.json(job({ id: body.dryRun ? 'j1' : 'j2', dryRun: body.dryRun, state: 'queued' }), { status: 202 });
      }),
    );
    renderDialog();
    await upload();
    reads = [job({ state: 'done', done: 100, counts: { added: 100, updated: 0, unchanged: 0, refused: 0 } })];
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByRole('heading', { name: 'Dry run result' });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const warning = await screen.findByText(/its rows would be added again/);
    expect(refusals).toBe(1);
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    expect(warning.closest('[role="alert"]')).toBeTruthy();
    reads = [job({ id: 'j2', dryRun: false, state: 'done', done: 100, counts: { added: 100, updated: 0, unchanged: 0, refused: 0 } })];
    fireEvent.click(screen.getByRole('button', { name: 'Import again' }));
    await screen.findByText('The import is done: 100 rows read.');
    expect(started.at(-1)).toMatchObject({ dryRun: false, again: true });
    expect(started).toHaveLength(3);
  });

  it('shows a job already under way on open, and Escape leaves it running', async () => {
    server.use(
      http.get('/api/import/:model/jobs', ({ params }) =>
        HttpResponse.json(params.model === 'Customer' ? [job({ id: 'j9', dryRun: false, done: 60, state: 'running' }), job({ id: 'j8', state: 'done' })] : []),
      ),
    );
    reads = [job({ id: 'j9', dryRun: false, done: 61, rate: 10, secondsLeft: 4 })];
    const onClose = renderDialog();
    expect(await screen.findByRole('heading', { name: 'Import under way' })).toBeTruthy();
    expect(screen.queryByLabelText('File (CSV or XLSX)')).toBeNull();
    await screen.findByText('61 of 100 rows · 10 rows/s · about 4 s left');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith(false);
    expect(cancelled).toEqual([]);
  });

  it('shows why an upload was refused', async () => {
    server.use(http.post('/api/import/:model/files', () => HttpResponse.json({ error: 'The file is larger than the limit of 50 MB', code: 'TOO_LARGE' }, { status: 413 })));
    renderDialog();
    const input = await screen.findByLabelText('File (CSV or XLSX)');
    fireEvent.change(input, { target: { files: [new File(['x'], 'big.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The file is too large: The file is larger than the limit of 50 MB');
    // The user can choose another file: the step stays.
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', false);
  });

  it('shows a bad file as the server words it', async () => {
    server.use(http.post('/api/import/:model/files', () => HttpResponse.json({ error: 'The file has no header line', code: 'INVALID' }, { status: 400 })));
    renderDialog();
    fireEvent.change(await screen.findByLabelText('File (CSV or XLSX)'), { target: { files: [new File([''], 'empty.csv')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The file has no header line');
  });
});

describe('Where Import is offered', () => {
  const grid = { id: 'g1', name: 'customers', title: 'Customers', model: 'Customer', paging: 3, pageSize: 50, definition: [{ name: 'name', label: 'Name', type: 'Text' }], fields: { name: 'text' } } as unknown as GridDefinition;
  let dataReads: number;

  function renderGrid() {
    dataReads = 0;
    server.use(
      http.get('/api/grid/customers/definition', () => HttpResponse.json(grid)),
      http.get('/api/grid/customers/data/:page/:size', () => {
        dataReads++;
        return HttpResponse.json({ rows: [{ id: 1, name: 'Ann' }], count: 1 });
      }),
      http.get('/api/grid/customers/views', () => HttpResponse.json({ shared: [], mine: [] })),
    );
    render(
      <MemoryRouter initialEntries={['/grid/customers']}>
        <Routes>
          <Route path="/grid/customers" element={<GridView name="customers" />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it("is on an administrator's grid, and the grid reads its rows again after an import", async () => {
    server.use(http.get('/api/import/:model/jobs', ({ params }) => HttpResponse.json(params.model === 'Customer' ? [job({ id: 'j5', dryRun: false, done: 90 })] : [])));
    reads = [job({ id: 'j5', dryRun: false, state: 'done', done: 100, counts: { added: 100, updated: 0, unchanged: 0, refused: 0 } })];
    renderGrid();
    await screen.findByRole('cell', { name: 'Ann' });
    expect(dataReads).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: /Import/ }));
    await screen.findByRole('dialog', { name: 'Import into Customer' });
    await screen.findByText('The import is done: 100 rows read.');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(dataReads).toBe(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not on the grid of someone who is not an administrator', async () => {
    useSession.setState({ user: { id: 2, user: 'bob', Admin: false } as never });
    renderGrid();
    await screen.findByRole('cell', { name: 'Ann' });
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
  });

  it('is an action of each own model on the Models list', async () => {
    const models: ModelOverview[] = [
      { id: 'a1', name: 'Customer', title: 'Customers', system: false, fields: 3, rows: 4, uses: [], deletable: true },
      { id: 'u1', name: 'User', title: 'Users', system: true, fields: 6, rows: 2, uses: [], deletable: false },
    ];
    server.use(http.get('/api/definitions/model-overview', () => HttpResponse.json(models)));
    render(
      <MemoryRouter>
        <ModelsScreen />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Import into Customer' }));
    expect(screen.queryByRole('button', { name: 'Import into User' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Import into Customers' });
    expect(await within(dialog).findByLabelText('File (CSV or XLSX)')).toBeTruthy();
  });
});
