/**
 * No lost work in the designers: unsaved work is kept as a draft (localStorage) and offered back
 * when the same definition opens again, Escape answered OK keeps it, an untouched new designer
 * leaves without asking, and Ctrl+S is a checkpoint that saves and stays.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pageForm from '../../fixtures/forms/page.json';
import { FormRoute } from '../../src/app/screens/FormScreen';
import { DRAFT_DELAY_MS, keepDraft, keptDraft, KEPT_PREFIX, MAX_DRAFT_CHARS, MAX_DRAFTS } from '../../src/designer/drafts';
import { useSession } from '../../src/runtime/session';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';

const stored = () => ({ id: '7', name: 'help', title: 'Help', version: 2, definition: [], actions: [] });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function open(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/form/:name/:action/:id" element={<FormRoute />} />
        <Route path="/pages" element={<p>pages list</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const press = (key: string, init: KeyboardEventInit = {}) => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })));
const settle = () => act(() => new Promise((r) => setTimeout(r, DRAFT_DELAY_MS + 100)));
/** Waits for the debounced draft to be written; a loaded machine may take longer than the delay to get there. */
const draftKept = (kind: string, id: string) => waitFor(() => expect(keptDraft(kind, id)).toBeDefined(), { timeout: DRAFT_DELAY_MS + 4000 });
const rows = () => within(screen.getByRole('region', { name: 'Page designer design area' })).queryAllByRole('button', { name: 'Empty' }).length;

function leaveAsks(): boolean {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
}

beforeEach(() => {
  localStorage.clear();
  server.use(
    http.get('*/api/form/page/definition', () => HttpResponse.json({ id: 'p'.repeat(32), ...pageForm })),
    http.get('*/api/form/page/data/7', () => HttpResponse.json(stored())),
  );
});
afterEach(() => vi.restoreAllMocks());

describe('a designer keeps unsaved work', () => {
  it('Escape answered OK keeps the work as a draft, offered back (and restored as one undoable step) when the page opens again', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const first = open('/form/page/edit/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Add row' }));
    await waitFor(() => expect(rows()).toBe(1));
    await settle();
    // Add row selected the new row's column: the first Escape clears the selection, the second asks.
    press('Escape');
    expect(confirm).not.toHaveBeenCalled();
    press('Escape');
    expect(confirm).toHaveBeenCalledWith('Discard changes?');
    expect(where()).toBe('/pages');
    first.unmount();

    open('/form/page/edit/7');
    const banner = await screen.findByRole('region', { name: 'Unsaved changes kept' });
    expect(banner.textContent).toMatch(/You have unsaved changes to this page from .*, kept when you left it without saving\./);
    expect(rows()).toBe(0);
    fireEvent.click(within(banner).getByRole('button', { name: 'Restore them' }));
    await waitFor(() => expect(rows()).toBe(1));
    expect(screen.queryByRole('region', { name: 'Unsaved changes kept' })).toBeNull();
    expect(leaveAsks()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    await waitFor(() => expect(rows()).toBe(0));
  });

  it('keeps the work even when the page is left before the draft was due, and Discard forgets it', async () => {
    const first = open('/form/page/edit/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Add row' }));
    first.unmount(); // at once, within the debounce
    expect(keptDraft('page', '7')).toBeDefined();

    open('/form/page/edit/7');
    const banner = await screen.findByRole('region', { name: 'Unsaved changes kept' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Discard them' }));
    expect(keptDraft('page', '7')).toBeUndefined();
    expect(rows()).toBe(0);
  });

  it("offers a draft only to the person who made it: another admin in the same browser gets none", async () => {
    const as = (id: number, user: string) => useSession.setState({ user: { id, user, email: '', Admin: true, FrontPage: '' } });
    try {
      as(1, 'ann');
      keepDraft('page', '7', `${JSON.stringify({ name: 'help', title: 'Ann was here', definition: [], actions: [] }, null, 2)}\n`, 2);
      as(2, 'bob');
      expect(keptDraft('page', '7')).toBeUndefined();
      open('/form/page/edit/7');
      await screen.findByRole('button', { name: 'Add row' });
      expect(screen.queryByRole('region', { name: 'Unsaved changes kept' })).toBeNull();
      as(1, 'ann');
      expect(keptDraft('page', '7')?.text).toContain('Ann was here');
    } finally {
      useSession.setState({ user: null });
    }
  });

  it('says when the stored definition moved on since the draft was taken', async () => {
    keepDraft('page', '7', `${JSON.stringify({ name: 'help', title: 'Help me', definition: [], actions: [] }, null, 2)}\n`, 1);
    open('/form/page/edit/7');
    const banner = await screen.findByRole('region', { name: 'Unsaved changes kept' });
    expect(banner.textContent).toContain('The page was saved again since (version 2; your changes started from version 1)');
  });

  it('offers nothing when the draft is what opened', async () => {
    keepDraft('page', '7', `${JSON.stringify({ name: 'help', title: 'Help', definition: [], actions: [] }, null, 2)}\n`, 2);
    open('/form/page/edit/7');
    await screen.findByRole('button', { name: 'Add row' });
    expect(screen.queryByRole('region', { name: 'Unsaved changes kept' })).toBeNull();
  });
});

describe('an untouched new designer', () => {
  it('leaves on Escape without asking, and the tab closes without a prompt', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    open('/form/page/add/0');
    await screen.findByRole('button', { name: 'Add row' });
    expect(leaveAsks()).toBe(false);
    press('Escape');
    expect(confirm).not.toHaveBeenCalled();
    expect(where()).toBe('/pages');
    expect(keptDraft('page', '')).toBeUndefined();
  });
});

describe('Ctrl+S in a designer', () => {
  it('saves a stored definition and stays, clean, saying Saved.; the next save goes at the new version; the Save button still returns to the list', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('*/api/form/page/update/7', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ success: true, id: '7', version: Number(body.version) + 1 });
      }),
    );
    open('/form/page/edit/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Add row' }));
    await waitFor(() => expect(rows()).toBe(1));
    await draftKept('page', '7');
    press('s', { ctrlKey: true });
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(where()).toBe('/form/page/edit/7');
    expect(bodies[0]?.version).toBe(2);
    expect(leaveAsks()).toBe(false);
    expect(keptDraft('page', '7')).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    press('s', { ctrlKey: true });
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]?.version).toBe(3);
    await waitFor(() => expect(leaveAsks()).toBe(false));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(where()).toBe('/pages'));
  });

  it('saves a new definition and turns the address into its edit route, dropping the new draft', async () => {
    server.use(
      http.post('*/api/form/page/add', () => HttpResponse.json({ success: true, id: '7', version: 1 })),
      http.get('*/api/form/page/data/7', () => HttpResponse.json({ ...stored(), version: 1, definition: [{ cols: [{ childType: 'None', width: 0 }] }] })),
    );
    open('/form/page/add/0');
    fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'help' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    await draftKept('page', '');
    press('s', { ctrlKey: true });
    await waitFor(() => expect(where()).toBe('/form/page/edit/7'));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(keptDraft('page', '')).toBeUndefined();
    expect(screen.queryByRole('region', { name: 'Unsaved changes kept' })).toBeNull();
  });
});

describe('the kept drafts', () => {
  it('are bounded in count and size, and a full storage is no error', () => {
    for (let i = 0; i < MAX_DRAFTS + 5; i++) expect(keepDraft('form', `f${i}`, '{}', 1)).toBe(true);
    const kept = Object.keys(localStorage).filter((k) => k.startsWith(KEPT_PREFIX));
    expect(kept).toHaveLength(MAX_DRAFTS);
    expect(keptDraft('form', `f${MAX_DRAFTS + 4}`)).toBeDefined();
    expect(keepDraft('form', 'big', 'x'.repeat(MAX_DRAFT_CHARS + 1), 1)).toBe(false);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(keepDraft('form', 'one-more', '{}', 1)).toBe(false);
  });
});
