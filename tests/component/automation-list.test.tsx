import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutomationListScreen } from '../../src/app/screens/automations/AutomationListScreen';
import { BUILD_GROUPS } from '../../src/app/shell/build-entries';
import type { AutomationOverview } from '../../src/shared/api-types';
import { server } from '../support/msw';

/**
 * The /automations list over a mocked API: each automation's name, title, trigger in words,
 * on or off and step count; New, Design, Edit JSON and Runs lead where the other screens live;
 * Delete asks first; the loading, error and empty states; every action reachable by keyboard.
 */
const AUTOMATIONS: AutomationOverview[] = [
  { id: 'a1', name: 'loan_returned', title: 'Loan returned', enabled: true, trigger: { type: 'record', model: 'Loan', on: ['update'] }, steps: 2, version: 3 },
  { id: 'a2', name: 'overdue', title: '', enabled: false, trigger: { type: 'schedule', cron: '0 8 * * *' }, steps: 1, version: 1 },
  { id: 'a3', name: 'mark_available', title: 'Available again', enabled: true, trigger: { type: 'button', model: 'Book' }, steps: 1, version: 1 },
  { id: 'a4', name: 'member joined', title: 'From the website', enabled: true, trigger: { type: 'webhook', signed: true }, steps: 4, version: 2 },
];

let listed: AutomationOverview[];
let deleted: string[];

beforeEach(() => {
  listed = AUTOMATIONS;
  deleted = [];
  server.use(
    http.get('/api/definitions/automation-overview', () => HttpResponse.json(listed)),
    http.delete('/api/definitions/automation/:name', ({ params }) => {
      deleted.push(String(params.name));
      listed = listed.filter((a) => a.name !== params.name);
      return HttpResponse.json({ success: true });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderScreen() {
  render(
    <MemoryRouter initialEntries={['/automations']}>
      <Routes>
        <Route path="/automations" element={<AutomationListScreen />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const cells = (row: HTMLElement) => Array.from(row.children).map((c) => c.textContent);
const rowOf = (name: string) => screen.getAllByRole('row').find((r) => r.getAttribute('data-automation') === name) as HTMLElement;

describe('the automations list', () => {
  it('lists each automation with its title, trigger in words, on or off and steps', async () => {
    renderScreen();
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Loading'))).toBe(true);
    const table = await screen.findByRole('table', { name: 'Automations' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Title', 'Trigger', 'Enabled', 'Steps', 'Actions']);
    expect(within(table).getAllByRole('row').slice(1).map((r) => cells(r).slice(0, 5))).toEqual([
      ['loan_returned', 'Loan returned', 'After a Loan is updated', 'On', '2'],
      ['overdue', '', 'Every day at 08:00 (cron 0 8 * * *)', 'Off', '1'],
      ['mark_available', 'Available again', 'Button on Book', 'On', '1'],
      ['member joined', 'From the website', 'Webhook (signed)', 'On', '4'],
    ]);
  });

  it('leads to the designer, the raw editor and the run log of each, and to a new one', async () => {
    renderScreen();
    await screen.findByRole('table', { name: 'Automations' });
    const row = within(rowOf('member joined'));
    expect(row.getByRole('link', { name: 'Design member joined' }).getAttribute('href')).toBe('/automationdesigner/edit/member%20joined');
    expect(row.getByRole('link', { name: 'Edit JSON of member joined' }).getAttribute('href')).toBe('/automationdesignerraw/edit/a4');
    expect(row.getByRole('link', { name: 'Runs of member joined' }).getAttribute('href')).toBe('/automations/member%20joined/runs');
    expect(screen.getByRole('link', { name: 'New' }).getAttribute('href')).toBe('/automationdesigner/new');
    expect(screen.getByRole('link', { name: 'New as JSON' }).getAttribute('href')).toBe('/automationdesignerraw/add/0');
    expect(screen.getByRole('link', { name: 'All runs' }).getAttribute('href')).toBe('/automations/runs');
    fireEvent.click(within(rowOf('loan_returned')).getByRole('link', { name: 'Design loan_returned' }));
    expect(screen.getByTestId('where').textContent).toBe('/automationdesigner/edit/loan_returned');
  });

  it('offers every action to the keyboard: links and buttons in the tab order, each named for its row', async () => {
    renderScreen();
    await screen.findByRole('table', { name: 'Automations' });
    for (const a of AUTOMATIONS) {
      const row = within(rowOf(a.name));
      const actions = [...row.getAllByRole('link'), ...row.getAllByRole('button')];
      expect(actions.map((e) => e.getAttribute('aria-label'))).toEqual([`Design ${a.name}`, `Edit JSON of ${a.name}`, `Runs of ${a.name}`, `Delete ${a.name}`]);
      for (const action of actions) {
        expect(action.getAttribute('tabindex')).toBeNull();
        action.focus();
        expect(document.activeElement).toBe(action);
      }
    }
  });

  it('deletes an automation after asking, and reads the list again', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    renderScreen();
    await screen.findByRole('table', { name: 'Automations' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete overdue' }));
    expect(deleted).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete overdue' }));
    expect(confirm).toHaveBeenCalledWith("Delete the automation 'overdue'? No new run starts; its runs stay in the log.");
    await screen.findByText("The automation 'overdue' was deleted.");
    expect(deleted).toEqual(['overdue']);
    await waitFor(() => expect(rowOf('overdue')).toBeUndefined());
  });

  it("shows the server's refusal of a delete as it words it", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    server.use(http.delete('/api/definitions/automation/:name', () => HttpResponse.json({ error: 'Nope, not now', code: 'CONFLICT' }, { status: 409 })));
    renderScreen();
    await screen.findByRole('table', { name: 'Automations' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete overdue' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Nope, not now');
    expect(rowOf('overdue')).toBeDefined();
  });

  it('says when there are none, and leads to New', async () => {
    listed = [];
    renderScreen();
    expect((await screen.findByText(/No automations yet/)).querySelector('a')?.getAttribute('href')).toBe('/automationdesigner/new');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers Try again when the list cannot be read', async () => {
    let fail = true;
    server.use(http.get('/api/definitions/automation-overview', () => (fail ? HttpResponse.json({ error: 'The database is away', code: 'INTERNAL' }, { status: 500 }) : HttpResponse.json(AUTOMATIONS))));
    renderScreen();
    expect((await screen.findByRole('alert')).textContent).toContain('The automations could not be read: The database is away');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Automations' });
  });
});

describe('the Build menu', () => {
  it('lists Automations after Selects', () => {
    const labels = BUILD_GROUPS[0]?.map((e) => e.label) ?? [];
    expect(labels.slice(labels.indexOf('Selects'), labels.indexOf('Selects') + 2)).toEqual(['Selects', 'Automations']);
    expect(BUILD_GROUPS[0]?.find((e) => e.label === 'Automations')?.to).toBe('/automations');
  });
});
