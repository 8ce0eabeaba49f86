import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccessLogDialog, LogTable } from '../../src/app/shell/dialogs/AccessLogDialog';
import { SettingsMenu } from '../../src/app/shell/SettingsMenu';
import { useSession } from '../../src/runtime/session';
import { dayRange, isAlarming, logTime, rangeQuery, type AccessLogEntry } from '../../src/app/shell/dialogs/access-log-view';
import { server } from '../support/msw';

// The machine running the suites is shared; the default 1 s wait for an msw answer proved too tight under load.
configure({ asyncUtilTimeout: 5000 });

interface Asked {
  start: number;
  limit: number;
  fromDate: string;
  untilDate: string;
}

/** A log of `total` lines, one a second from 09:00 local on 23 November 2026; every 7th is a 404. */
const BASE = new Date(2026, 10, 23, 9, 0, 0).getTime();
function line(i: number): AccessLogEntry {
  const status = i % 7 === 3 ? 404 : 200;
  return {
    id: i + 1,
    timestamp: new Date(BASE + i * 1000 + 250).toISOString(),
    level: status === 404 ? 'warn' : 'info',
    message: `GET /api/thing/${i} ${status} 1.5ms user=root id=req-${i} ip=127.0.0.1`,
    method: 'GET',
    path: `/api/thing/${i}`,
    status,
    durationMs: 1.5,
    user: 'root',
    requestId: `req-${i}`,
    address: '127.0.0.1',
  };
}

let asked: Asked[];
let total: number;

beforeEach(() => {
  asked = [];
  total = 2000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 23, 10, 30, 0));
  localStorage.clear();
  server.use(
    http.post('/api/log', async ({ request }) => {
      const body = (await request.json()) as Asked;
      asked.push(body);
      const lines: AccessLogEntry[] = [];
      for (let i = body.start; i < Math.min(total, body.start + body.limit); i++) lines.push(line(i));
      return HttpResponse.json(lines);
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
});

const rows = () => screen.getAllByRole('row').filter((r) => r.querySelector('td') && !r.classList.contains('access-log-spacer'));

describe('the Access Log dialogue', () => {
  it('opens full screen on today 00:00 to 23:59 and loads the first 50 lines', async () => {
    render(<AccessLogDialog onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Access Log' });
    expect(dialog.querySelector('.modal-fullscreen')).not.toBeNull();
    expect(within(dialog).getByText('Loading...')).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-23T00:00');
    expect((screen.getByLabelText('Until') as HTMLInputElement).value).toBe('2026-11-23T23:59');
    await screen.findByText('50 lines');
    expect(asked).toEqual([
      {
        start: 0,
        limit: 50,
        fromDate: new Date(2026, 10, 23, 0, 0, 0, 0).toISOString(),
        untilDate: new Date(2026, 10, 23, 23, 59, 59, 999).toISOString(),
      },
    ]);
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('shows the time as the first 19 characters with a space for the T, and 404 lines red', async () => {
    render(<AccessLogDialog onClose={() => undefined} />);
    await screen.findByText('50 lines');
    const [first, , , fourth] = rows();
    expect(within(first as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('2026-11-23 09:00:00');
    expect(first?.className).not.toContain('table-danger');
    expect(fourth?.textContent).toContain(' 404 ');
    expect(fourth?.className).toContain('table-danger');
  });

  it("'Load next 100 lines' grows the limit to 150, asking only for the lines it does not hold", async () => {
    render(<AccessLogDialog onClose={() => undefined} />);
    await screen.findByText('50 lines');
    fireEvent.click(screen.getByRole('button', { name: 'Load next 100 lines' }));
    await screen.findByText('150 lines');
    expect(asked[1]).toMatchObject({ start: 50, limit: 100, fromDate: asked[0]?.fromDate, untilDate: asked[0]?.untilDate });
    // start + limit: the dialogue now holds up to 150 lines.
    expect((asked[1]?.start ?? 0) + (asked[1]?.limit ?? 0)).toBe(150);
    fireEvent.click(screen.getByRole('button', { name: 'Load next 1000 lines' }));
    await screen.findByText('1,150 lines');
    expect(asked[2]).toMatchObject({ start: 150, limit: 1000 });
  });

  it('Yesterday and Today change the range and load again from the start', async () => {
    render(<AccessLogDialog onClose={() => undefined} />);
    await screen.findByText('50 lines');
    fireEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-22T00:00');
    expect((screen.getByLabelText('Until') as HTMLInputElement).value).toBe('2026-11-22T23:59');
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toEqual({
      start: 0,
      limit: 50,
      fromDate: new Date(2026, 10, 22, 0, 0).toISOString(),
      untilDate: new Date(2026, 10, 22, 23, 59, 59, 999).toISOString(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-23T00:00');
    await waitFor(() => expect(asked).toHaveLength(3));
    expect(asked[2]).toMatchObject({ start: 0, limit: 50, fromDate: asked[0]?.fromDate });
  });

  it('loads again when a date is typed', async () => {
    render(<AccessLogDialog onClose={() => undefined} />);
    await screen.findByText('50 lines');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20T08:30' } });
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toMatchObject({ start: 0, limit: 50, fromDate: new Date(2026, 10, 20, 8, 30).toISOString() });
  });

  it("shows the server's error in the red banner", async () => {
    server.use(http.post('/api/log', () => HttpResponse.json({ error: 'Only administrators may do this', code: 'FORBIDDEN' }, { status: 403 })));
    render(<AccessLogDialog onClose={() => undefined} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Only administrators may do this');
    expect(alert.className).toContain('alert-danger');
  });

  it('says so when the range holds nothing', async () => {
    total = 0;
    render(<AccessLogDialog onClose={() => undefined} />);
    expect(await screen.findByText('No entries in this range')).toBeTruthy();
    expect(screen.getByText('0 lines')).toBeTruthy();
  });

  it('closes on Escape and on Close', async () => {
    const onClose = vi.fn();
    render(<AccessLogDialog onClose={onClose} />);
    await screen.findByText('50 lines');
    fireEvent.keyDown(screen.getByLabelText('From'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps the DOM small however many lines are loaded (virtual rows)', async () => {
    render(<AccessLogDialog onClose={() => undefined} />);
    await screen.findByText('50 lines');
    fireEvent.click(screen.getByRole('button', { name: 'Load next 1000 lines' }));
    await screen.findByText('1,050 lines');
    fireEvent.click(screen.getByRole('button', { name: 'Load next 1000 lines' }));
    await screen.findByText('2,000 lines');
    expect(rows().length).toBeGreaterThan(5);
    expect(rows().length).toBeLessThan(200);
  });
});

describe('Settings > Access Log', () => {
  it('opens the dialogue, not a placeholder, and gives focus back to Settings on Escape', async () => {
    useSession.setState({
      loading: false,
      user: { id: 1, user: 'root', email: 'root@example.com', Admin: true, FrontPage: 'home' },
      env: { ENVIRONMENT_NAME: 'Acme', LICENCE_STATUS: 'Registered', EXPIRED: false, ENABLE_SECURITY: 1, ENABLE_PREFERENCES_SCREEN: 1, TOOLBAR_CLASS: '' },
      setupNotCompleted: false,
      error: '',
    });
    render(
      <MemoryRouter>
        <SettingsMenu />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Access Log' }));
    const dialog = screen.getByRole('dialog', { name: 'Access Log' });
    expect(within(dialog).queryByText('This screen arrives with the administration release.')).toBeNull();
    await within(dialog).findByText('50 lines');
    fireEvent.keyDown(within(dialog).getByLabelText('From'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Settings' }));
  });
});

describe('the log table with 100,000 lines', () => {
  it('renders far fewer rows than it holds, and scrolls to the end', async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => line(i));
    const { container } = render(<LogTable entries={many} />);
    expect(rows().length).toBeGreaterThan(5);
    expect(rows().length).toBeLessThan(200);
    const spacer = container.querySelector('.access-log-spacer td') as HTMLElement;
    // The spacer stands for the rest: about 100,000 rows high.
    expect(parseFloat(spacer.style.height)).toBeGreaterThan(99_000 * 28);
    const scroller = container.querySelector('.access-log-scroll') as HTMLElement;
    scroller.scrollTop = 99_990 * 29;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(screen.getByText(many[99_999]?.message ?? '')).toBeTruthy());
    expect(rows().length).toBeLessThan(200);
  });
});

describe('the rules', () => {
  it('a day runs from 00:00 to 23:59, the until minute included whole', () => {
    const now = new Date(2026, 0, 1, 0, 5);
    expect(dayRange(now)).toEqual({ from: '2026-01-01T00:00', until: '2026-01-01T23:59' });
    expect(dayRange(now, 1)).toEqual({ from: '2025-12-31T00:00', until: '2025-12-31T23:59' });
    expect(rangeQuery({ from: '2026-01-01T00:00', until: '2026-01-01T23:59' })).toEqual({
      fromDate: new Date(2026, 0, 1).toISOString(),
      untilDate: new Date(2026, 0, 1, 23, 59, 59, 999).toISOString(),
    });
    expect(rangeQuery({ from: '', until: '2026-01-01T23:59' })).toBeNull();
  });

  it('shows a timestamp as 19 characters, T as a space, in local time', () => {
    const t = new Date(2026, 10, 23, 14, 5, 9, 123);
    expect(logTime(t.toISOString())).toBe('2026-11-23 14:05:09');
    expect(logTime(t.toISOString())).toHaveLength(19);
  });

  it.each([
    ['GET /api/x 404 1ms user=- id=1 ip=::1', true],
    ['GET /api/x 400 1ms user=- id=1 ip=::1', true],
    ['POST /api/x 500 1ms user=- id=1 ip=::1', true],
    ['Mail Failure: connection refused', true],
    ['TypeError in handler', true],
    ['GET /api/x/404 200 1ms user=- id=1 ip=::1', false],
    ['GET /api/x 200 400ms user=- id=1 ip=::1', false],
  ])('%s is red: %s', (message, red) => {
    expect(isAlarming({ message, level: 'info' })).toBe(red);
  });
});
