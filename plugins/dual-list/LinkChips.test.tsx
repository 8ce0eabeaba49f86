import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DualListColumn } from '../../src/plugin-kit';
import { mockApi as server, renderField } from '../../src/plugin-kit/testing';
import { fakeLinkServer, PAGE, people } from './fake-link-server';

/** A DualList column shown as chips: a combobox searching the server, the chosen records as chips. */
const members: DualListColumn = { childType: 'DualList', width: 12, label: 'Members', link: 'id', url: '/link/Team/members', picker: 'chips' };

const input = () => screen.getByRole('combobox', { name: 'Members' }) as HTMLInputElement;
const chips = () => within(screen.getByRole('list', { name: 'Members: chosen' })).queryAllByRole('listitem').map((li) => li.firstChild?.textContent);
const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

function serve(linked: number[], n = 45) {
  const fake = fakeLinkServer('/api/link/Team/members', people(n), linked);
  server.use(fake.handler);
  return fake.asked;
}

async function shown(saveWith = new Map<string, () => unknown>(), column = members) {
  const rt = renderField(column, {}, { model: 'Team', saveWith });
  await waitFor(() => expect(input().disabled).toBe(false));
  return { rt, saveWith };
}

describe('the DualList column as chips', () => {
  it("shows the record's linked records as chips by name, each with a Remove button", async () => {
    const asked = serve([30, 3]);
    await shown();
    expect(chips()).toEqual(['Person 03', 'Person 30']);
    expect(screen.getByRole('button', { name: 'Remove Person 03' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Person 30' })).toBeTruthy();
    // Nothing is searched until the list is opened.
    expect(asked).toEqual(['5?selected=true']);
  });

  it('searches the server as one types, and arrows and Enter add chips, the list staying open for the next', async () => {
    const asked = serve([3]);
    const { saveWith } = await shown();
    fireEvent.click(input());
    await waitFor(() => expect(options()).toHaveLength(PAGE - 1));
    expect(options()).not.toContain('Person 03');
    fireEvent.change(input(), { target: { value: '4' } });
    fireEvent.change(input(), { target: { value: '41' } });
    await waitFor(() => expect(options()).toEqual(['Person 41']));
    expect(asked.slice(1)).toEqual(['5?search=&page=0', '5?search=41&page=0']);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(chips()).toEqual(['Person 03', 'Person 41']);
    expect(input().value).toBe('');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    // The whole first page again, less Person 03 (a chip); Person 41 is on the second page.
    await waitFor(() => expect(options()).toHaveLength(PAGE - 1));
    fireEvent.click(screen.getByRole('option', { name: 'Person 01' }));
    expect(chips()).toEqual(['Person 03', 'Person 41', 'Person 01']);
    expect(saveWith.get('members')?.()).toEqual([3, 41, 1]);
  });

  it('says when nothing matches', async () => {
    serve([]);
    await shown();
    fireEvent.click(input());
    fireEvent.change(input(), { target: { value: 'nobody' } });
    expect(await screen.findByText("No records match 'nobody'.")).toBeTruthy();
  });

  it('removes the last chip with Backspace in the empty input, and any chip with its Remove button', async () => {
    serve([1, 2, 3]);
    const { saveWith } = await shown();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Person 02' }));
    expect(chips()).toEqual(['Person 01', 'Person 03']);
    input().focus();
    fireEvent.keyDown(input(), { key: 'Backspace' });
    expect(chips()).toEqual(['Person 01']);
    // Backspace with text typed edits the text, not the chips.
    fireEvent.change(input(), { target: { value: 'x' } });
    input().setSelectionRange(1, 1);
    fireEvent.keyDown(input(), { key: 'Backspace' });
    expect(chips()).toEqual(['Person 01']);
    expect(saveWith.get('members')?.()).toEqual([1]);
  });

  it('loads the next page as the highlight nears the end of the list', async () => {
    const asked = serve([]);
    await shown();
    fireEvent.click(input());
    await waitFor(() => expect(options()).toHaveLength(PAGE));
    for (let i = 0; i < PAGE - 1; i++) fireEvent.keyDown(input(), { key: 'ArrowDown' });
    await waitFor(() => expect(options()).toHaveLength(2 * PAGE));
    expect(asked.at(-1)).toBe('5?search=&page=1');
  });

  it('shows the chips but changes nothing while the record is being deleted', async () => {
    serve([1, 2]);
    renderField(members, {}, { model: 'Team', mode: 'delete' });
    await waitFor(() => expect(chips()).toEqual(['Person 01', 'Person 02']));
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(input().disabled).toBe(true);
  });

  it("posts the chosen records after the form's save for a link of another model", async () => {
    const fake = fakeLinkServer('/api/link/Group/users', people(5), [2]);
    let posted: unknown;
    server.use(
      fake.handler,
      http.post('/api/link/Group/users/:id', async ({ request, params }) => {
        posted = { id: params.id, body: await request.json() };
        return HttpResponse.json({ success: true });
      }),
    );
    const saveWith = new Map<string, () => unknown>();
    const { rt } = await shown(saveWith, { ...members, url: '/link/Group/users' });
    expect(saveWith.size).toBe(0);
    await Promise.all([...rt.afterSave].map((task) => task(5)));
    expect(posted).toEqual({ id: '5', body: [{ id: 2, name: 'Person 02', selected: true }] });
  });

  it('says a url that is no link route cannot show chips, and saves nothing', async () => {
    const saveWith = new Map<string, () => unknown>();
    const rt = renderField({ ...members, url: '/duallist/roles' }, {}, { model: 'Team', saveWith });
    expect(await screen.findByText('Chips need a link url (/link/{Model}/{field}).')).toBeTruthy();
    // An unanswered request would fail the test (msw onUnhandledRequest: 'error').
    const answers = await Promise.all([...rt.afterSave].map((task) => task(5)));
    expect(answers.map((a) => a.ok)).toEqual([true]);
  });
});
