import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransferScreen } from '../../src/app/screens/TransferScreen';
import { server } from '../support/msw';

/** The /transfer screen over a mocked app API: preview, refusal, a file that is not JSON, import, and a chosen export. */
const APP_FILE = { format: 'tessera-app', formatVersion: 1, definitions: { form: [{ name: 'customer', title: 'Customer' }] } };
// In the server's order (by kind); the screen lists new and changed ones first.
const CHANGES = [
  { kind: 'model', name: 'customer', status: 'new' },
  { kind: 'model', name: 'product', status: 'unchanged' },
  { kind: 'form', name: 'customer', status: 'changed', diff: [{ op: 'change', pointer: '/title', before: 'Client', after: 'Customer' }] },
  { kind: 'grid', name: 'customers', status: 'unchanged' },
];

let calls: { url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  server.use(
    http.post('/api/app/import', async ({ request }) => {
      calls.push({ url: new URL(request.url).pathname + new URL(request.url).search, body: await request.json() });
      return HttpResponse.json({ ok: true, changes: CHANGES });
    }),
  );
});

const originals = { create: URL.createObjectURL, revoke: URL.revokeObjectURL, click: HTMLAnchorElement.prototype.click };
afterEach(() => {
  URL.createObjectURL = originals.create;
  URL.revokeObjectURL = originals.revoke;
  HTMLAnchorElement.prototype.click = originals.click;
});

function renderScreen() {
  render(
    <MemoryRouter>
      <TransferScreen />
    </MemoryRouter>,
  );
}

function choose(content: string, name = 'app.json') {
  const input = screen.getByLabelText('App file');
  fireEvent.change(input, { target: { files: [new File([content], name, { type: 'application/json' })] } });
}

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .filter((r) => r.parentElement?.closest('table') === table)
    .map((r) => Array.from(r.children).map((c) => c.textContent));

describe('the Export and import screen', () => {
  it('previews a file: new, changed with its diff, and unchanged, without writing', async () => {
    renderScreen();
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect((importButton as HTMLButtonElement).disabled).toBe(true);
    choose(JSON.stringify(APP_FILE));
    const table = await screen.findByRole('table', { name: 'What the import would change' });
    expect(calls).toEqual([{ url: '/api/app/import?dryRun=1', body: APP_FILE }]);
    expect(rows(table)[0]).toEqual(['model', 'customer', 'new']);
    expect(rows(table)[1]).toEqual(['form', 'customer', 'changed']);
    expect(rows(table).slice(3)).toEqual([
      ['model', 'product', 'unchanged'],
      ['grid', 'customers', 'unchanged'],
    ]);
    const diff = screen.getByRole('table', { name: 'Differences of form customer' });
    expect(rows(diff)).toEqual([['/title', 'changed', '"Client"', '"Customer"']]);
    expect(screen.getByText('app.json: 1 new, 1 changed, 2 unchanged.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the reasons of a refused file with their pointers, and offers no import', async () => {
    server.use(
      http.post('/api/app/import', () =>
        HttpResponse.json(
          {
            error: 'The app file cannot be imported: /definitions/form/0/name is required',
            code: 'INVALID',
            details: [
              { pointer: '/definitions/form/0', message: "must have required property 'name'" },
              { pointer: '/formVersion', message: 'unknown property' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    renderScreen();
    choose(JSON.stringify({ format: 'tessera-app' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This file cannot be imported.');
    const items = within(alert).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(["/definitions/form/0 must have required property 'name'", '/formVersion unknown property']);
    expect(screen.queryByRole('table')).toBeNull();
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a file that is not JSON without sending it', async () => {
    renderScreen();
    choose('{ "format": "tessera-app", ', 'broken.json');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^broken\.json is not a JSON file: /);
    expect(calls).toEqual([]);
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers no import when nothing is new or changed', async () => {
    server.use(http.post('/api/app/import', () => HttpResponse.json({ ok: true, changes: [{ kind: 'form', name: 'customer', status: 'unchanged' }] })));
    renderScreen();
    choose(JSON.stringify(APP_FILE));
    await screen.findByText('app.json: 0 new, 0 changed, 1 unchanged. Nothing to import.');
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('imports after the preview, shows progress, and reports the counts', async () => {
    let release: () => void = () => undefined;
    renderScreen();
    choose(JSON.stringify(APP_FILE));
    await screen.findByRole('table', { name: 'What the import would change' });
    server.use(
      http.post('/api/app/import', async ({ request }) => {
        calls.push({ url: new URL(request.url).pathname + new URL(request.url).search, body: await request.json() });
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json({ ok: true, changes: CHANGES });
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Importing…');
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('App file') as HTMLInputElement).disabled).toBe(true);
    await waitFor(() => expect(calls).toHaveLength(2));
    release();
    expect((await screen.findByText('Imported: 1 new, 1 changed')).getAttribute('role')).toBe('status');
    expect(calls[1]).toEqual({ url: '/api/app/import', body: APP_FILE });
    const table = screen.getByRole('table', { name: 'What the import changed' });
    expect(rows(table).map((r) => r.join(' '))).toEqual(['model customer new', 'form customer changed', expect.stringContaining('/title'), 'model product unchanged', 'grid customers unchanged']);
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('exports a chosen set of definitions as tessera-app.json', async () => {
    const exported: unknown[] = [];
    server.use(
      http.get('/api/definitions/:kind', ({ params }) =>
        HttpResponse.json(params.kind === 'form' ? [{ id: 'f1', name: 'customer', title: 'Customer' }, { id: 'f2', name: 'product', title: 'Product' }] : []),
      ),
      http.post('/api/app/export', async ({ request }) => {
        exported.push(await request.json());
        return HttpResponse.json(APP_FILE);
      }),
    );
    const created: Blob[] = [];
    const downloads: string[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:app';
    };
    URL.revokeObjectURL = () => undefined;
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      downloads.push(this.download);
    };
    renderScreen();
    fireEvent.click(screen.getByRole('radio', { name: 'Chosen definitions (and the models they use)' }));
    const box = await screen.findByRole('checkbox', { name: 'customer (Customer)' });
    const download = screen.getByRole('button', { name: 'Download' });
    expect((download as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(box);
    fireEvent.click(download);
    await screen.findByText('Saved tessera-app.json');
    expect(exported).toEqual([{ definitions: { form: ['customer'] } }]);
    expect(downloads).toEqual(['tessera-app.json']);
    const saved = await new Promise<string>((ok) => {
      const reader = new FileReader();
      reader.onload = () => ok(String(reader.result));
      reader.readAsText(created[0]!);
    });
    expect(JSON.parse(saved)).toEqual(APP_FILE);
  });
});
