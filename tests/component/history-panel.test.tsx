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
});
