import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HistoryPanel } from '../../src/designer/history/HistoryPanel';
import { WithDesignerServices } from '../support/designer-services';
import { server } from '../support/msw';

/** The History panel over a mocked versions API: list, compare by pointer and as text, restore with the version read. */
const DOCS: Record<number, Record<string, unknown>> = {
  1: { id: 'a1', name: 'colours', title: 'Colours', version: 1, items: [{ value: 'r', label: 'Red' }] },
  2: { id: 'a1', name: 'colours', title: 'Colors', version: 2, items: [{ value: 'r', label: 'Red' }] },
  3: { id: 'a1', name: 'colours', title: 'Colors', version: 3, items: [{ value: 'r', label: 'Red' }, { value: 'g', label: 'Green' }] },
};
const base = '/api/definitions/select/a1/versions';
let restored: unknown[];

beforeEach(() => {
  restored = [];
  server.use(
    http.get(base, () =>
      HttpResponse.json([
        { version: 3, savedAt: '2026-11-23T10:00:00.000Z', savedBy: 'admin', current: true },
        { version: 2, savedAt: '2026-11-22T10:00:00.000Z', savedBy: 'bob', current: false },
        { version: 1, savedAt: null, savedBy: null, current: false },
      ]),
    ),
    http.get(`${base}/:n`, ({ params }) => HttpResponse.json({ version: Number(params.n), document: DOCS[Number(params.n)] })),
    http.post(`${base}/:n/restore`, async ({ params, request }) => {
      restored.push({ n: Number(params.n), body: await request.json() });
      return HttpResponse.json({ ...DOCS[Number(params.n)], version: 4 });
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

function open(onRestored = vi.fn(), dirty = false) {
  render(<HistoryPanel kind="select" id="a1" version={3} idPrefix="t" dirty={() => dirty} onRestored={onRestored} />, { wrapper: WithDesignerServices });
  fireEvent.click(screen.getByRole('button', { name: 'History' }));
  return onRestored;
}

describe('HistoryPanel', () => {
  it('lists the versions newest first with who saved them, and compares the current with the one before', async () => {
    open();
    await screen.findByRole('cell', { name: 'bob' });
    const rows = within(screen.getAllByRole('table')[0]!).getAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent)[0])).toEqual(['3current', '2', '1']);
    expect(rows[2]!.textContent).toContain('bob');
    expect(rows[3]!.textContent).toContain('before versions were kept');
    const comparison = await screen.findByRole('region', { name: 'Version 2 against version 3' });
    expect(within(comparison).getByRole('heading').textContent).toBe('Version 2 → version 3: one difference');
    const diffRows = within(comparison).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(diffRows).toEqual(['/items/1added{"value":"g","label":"Green"}']);
    expect(within(comparison).getByLabelText('Version 2 as JSON').textContent).toContain('"title": "Colors"');
  });

  it('compares any two chosen versions', async () => {
    open();
    await screen.findByRole('region', { name: 'Version 2 against version 3' });
    fireEvent.click(screen.getByRole('radio', { name: 'Compare version 1 as A' }));
    const comparison = await screen.findByRole('region', { name: 'Version 1 against version 3' });
    await waitFor(() => expect(within(comparison).getByRole('heading').textContent).toBe('Version 1 → version 3: 2 differences'));
    expect(within(comparison).getAllByRole('row').slice(1).map((r) => r.firstChild?.textContent)).toEqual(['/title', '/items/1']);
  });

  it('restores a version with the version read, after asking, and hands back what was saved', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const onRestored = open(vi.fn(), true);
    fireEvent.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    expect(confirm).toHaveBeenLastCalledWith('Restore version 1 as a new version? Your unsaved changes here are discarded.');
    expect(restored).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Restore version 1' }));
    await waitFor(() => expect(onRestored).toHaveBeenCalledWith({ ...DOCS[1], version: 4 }));
    expect(restored).toEqual([{ n: 1, body: { version: 3 } }]);
  });

  it("shows the server's answer when a restore is refused", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    server.use(http.post(`${base}/:n/restore`, () => HttpResponse.json({ error: 'The select was changed by someone else', code: 'STALE_VERSION' }, { status: 409 })));
    const onRestored = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Restore version 2' }));
    expect((await screen.findByRole('alert')).textContent).toContain('changed by someone else');
    expect(onRestored).not.toHaveBeenCalled();
  });

  describe('of a model', () => {
    const modelBase = '/api/definitions/model/m1';
    const BOOK: Record<number, Record<string, unknown>> = {
      1: { id: 'm1', name: 'Book', title: 'Book', version: 1, fields: [{ name: 'title', type: 'text', label: 'Title' }] },
      2: {
        id: 'm1',
        name: 'Book',
        title: 'Book',
        version: 2,
        fields: [
          { name: 'title', type: 'text', label: 'Title' },
          { name: 'pages', type: 'number', label: 'Pages' },
        ],
      },
    };
    const plan = {
      model: 'Book',
      created: [],
      rows: 3,
      added: [],
      renamed: [],
      retyped: [],
      required: [],
      unique: [],
      deleted: [{ field: 'pages', type: 'number', values: 3, uses: [] }],
      problems: [],
      warning: "Deleting 'pages' loses 3 values: the version history keeps the definition, not the data (a backup does)",
    };
    let sent: { path: string; body: unknown }[];

    beforeEach(() => {
      sent = [];
      const record = (path: string) => async ({ request }: { request: Request }) => {
        sent.push({ path, body: await request.json() });
      };
      server.use(
        http.get(`${modelBase}/versions`, () =>
          HttpResponse.json([
            { version: 2, savedAt: '2026-11-23T10:00:00.000Z', savedBy: 'admin', current: true },
            { version: 1, savedAt: '2026-11-22T10:00:00.000Z', savedBy: 'admin', current: false },
          ]),
        ),
        http.get(`${modelBase}/versions/:n`, ({ params }) => HttpResponse.json({ version: Number(params.n), document: BOOK[Number(params.n)] })),
        http.get('/api/models', () => HttpResponse.json(['Book', 'User'])),
        http.post(`${modelBase}/versions/:n/restore`, async (info) => {
          await record('restore')(info);
          return HttpResponse.json({ error: 'not this way', code: 'CONFLICT' }, { status: 409 });
        }),
        http.post(`${modelBase}/preview`, async (info) => {
          await record('preview')(info);
          return HttpResponse.json(plan);
        }),
        http.post(`${modelBase}/change`, async (info) => {
          await record('change')(info);
          return HttpResponse.json({ model: { ...BOOK[1], version: 3 }, plan, updated: [] });
        }),
        http.get(modelBase, () => HttpResponse.json({ ...BOOK[1], version: 3 })),
      );
    });

    function openModel(onRestored = vi.fn()) {
      render(<HistoryPanel kind="model" id="m1" version={2} idPrefix="t" dirty={() => false} onRestored={onRestored} />, { wrapper: WithDesignerServices });
      fireEvent.click(screen.getByRole('button', { name: 'History' }));
      return onRestored;
    }

    it('previews the restore of a version that lacks a field with data, names the lost field, and Cancel changes nothing', async () => {
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      const onRestored = openModel();
      fireEvent.click(await screen.findByRole('button', { name: 'Restore version 1' }));
      const dialog = await screen.findByRole('dialog', { name: "Change the model 'Book'" });
      expect(within(dialog).getByRole('region', { name: 'Fields deleted' }).textContent).toContain('pages (number) is deleted with its 3 values.');
      expect(dialog.textContent).toContain('Restoring version 1 saves it as a new version of the model');
      const { id: _id, version: _version, ...document } = BOOK[1]!;
      expect(sent).toEqual([{ path: 'preview', body: { model: { ...document, version: 2 }, renames: {}, convert: {} } }]);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(sent.map((s) => s.path)).toEqual(['preview']);
      expect(onRestored).not.toHaveBeenCalled();
      expect(screen.queryByRole('alert')).toBeNull();
      expect((screen.getByRole('button', { name: 'Restore version 1' }) as HTMLButtonElement).disabled).toBe(false);
    });

    it('applies the restore as the change the plan showed, and hands back the model as stored', async () => {
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      const onRestored = openModel();
      fireEvent.click(await screen.findByRole('button', { name: 'Restore version 1' }));
      const dialog = await screen.findByRole('dialog', { name: "Change the model 'Book'" });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(onRestored).toHaveBeenCalledWith({ ...BOOK[1], version: 3 }));
      expect(sent.map((s) => s.path)).toEqual(['preview', 'change']);
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
