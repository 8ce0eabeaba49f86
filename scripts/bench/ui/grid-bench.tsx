import type { Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { GridView } from '../../../src/runtime/views/GridView';
import { clientSearch, clientSort, type GridRow, type SortDir } from '../../../src/runtime/views/grid-data';
import { afterFrame, forceLayout, type GridFigures } from './harness';
import { definition, generateRows, GRID_NAME } from './grid-fixture';

/** Same-origin stand-in for the server: GridView fetches through window.fetch like in the app. */
function installFakeServer(rowsJson: string): void {
  const real = window.fetch.bind(window);
  const json = (body: string) => new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
  window.fetch = async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(href, location.href).pathname;
    if (path === `/api/grid/${GRID_NAME}/definition`) return json(JSON.stringify(definition));
    if (path === `/api/grid/${GRID_NAME}/data`) return json(rowsJson);
    return real(input, init);
  };
}

async function waitFor<T>(what: string, probe: () => T | null | undefined | false, timeoutMs = 30_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found) return found;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await afterFrame();
  }
}

const scroller = () => document.querySelector<HTMLDivElement>('.grid-scroll');
const dataRows = () => Array.from(document.querySelectorAll<HTMLTableRowElement>('tbody tr:not(.grid-spacer)'));
const firstRowText = () => dataRows()[0]?.textContent ?? '';

/**
 * The rows in the DOM now: all <tr> of the body, the data rows, the spacer rows (one <tr>
 * standing for all rows above, one for all below), and the data rows actually in view.
 */
function countDom(at: string): GridFigures['dom'][number] {
  const trs = document.querySelectorAll('tbody tr').length;
  const spacers = document.querySelectorAll('tbody tr.grid-spacer').length;
  const box = scroller()?.getBoundingClientRect();
  const headBottom = document.querySelector('thead')?.getBoundingClientRect().bottom ?? 0;
  const inView = box
    ? dataRows().filter((r) => {
        const rect = r.getBoundingClientRect();
        return rect.bottom > headBottom && rect.top < box.bottom;
      }).length
    : 0;
  return { at, trs, dataRows: trs - spacers, spacers, inView };
}

/** Scrolls the grid and waits until the virtualizer has rendered the rows of the new offset. */
async function scrollTo(top: number): Promise<void> {
  const el = scroller();
  if (!el) throw new Error('no .grid-scroll');
  const before = firstRowText();
  el.scrollTop = top;
  await waitFor(`rows after scrolling to ${top}`, () => firstRowText() !== before);
  // The virtualizer may settle over one more frame (scroll end, measurement).
  await afterFrame();
  await afterFrame();
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

/** Time of one call, ms. */
function timed<T>(work: () => T): { ms: number; result: T } {
  const t0 = performance.now();
  const result = work();
  return { ms: performance.now() - t0, result };
}

const REPEATS = 3;

/**
 * The pure helpers over 100,000 rows. Their caches are keyed by the rows array, so every cold
 * figure uses a fresh copy (what a new server answer is); the median of three copies is kept.
 * "Reverse" is the other direction right after, which is what a second header click does.
 */
function measureHelpers(rows: readonly GridRow[], figures: GridFigures): void {
  const sortFields = definition.definition?.filter((f) => f.name !== 'email') ?? [];
  for (const field of sortFields) {
    const cold: number[] = [];
    const reverse: number[] = [];
    for (let r = 0; r < REPEATS; r++) {
      const copy = rows.slice();
      const first = timed(() => clientSort(copy, field.name, 'asc'));
      const second = timed(() => clientSort(copy, field.name, 'desc'));
      if (first.result.length !== rows.length || second.result.length !== rows.length || first.result[0] === second.result[0]) {
        throw new Error(`clientSort by ${field.name} did not sort`);
      }
      cold.push(first.ms);
      reverse.push(second.ms);
    }
    const type = field.type ?? 'Text';
    figures.sort.push({ field: field.name, type, dir: 'asc' as SortDir, cold: true, ms: median(cold) });
    figures.sort.push({ field: field.name, type, dir: 'desc' as SortDir, cold: false, ms: median(reverse) });
  }
  const fields = definition.definition ?? [];
  // 'son' is in Johnson, Wilson, Anderson, Jackson, Thompson, Robinson, Nelson: a common term.
  for (const [term, cold] of [['son', true], ['berlin', false], ['a', false]] as const) {
    const runs: number[] = [];
    let matches = 0;
    for (let r = 0; r < REPEATS; r++) {
      const copy = rows.slice();
      // The cold figure includes building the lowercase text of every cell; the warm ones reuse it.
      if (!cold) clientSearch(copy, fields, 'warm up');
      const run = timed(() => clientSearch(copy, fields, term));
      matches = run.result.length;
      if (!matches) throw new Error(`clientSearch for ${term} found nothing`);
      runs.push(run.ms);
    }
    figures.search.push({ term, cold, ms: median(runs), matches });
  }
}

/** A header click in the real GridView: discrete event, synchronous render; until the first row changed. */
async function clickHeader(label: string): Promise<GridFigures['clicks'][number]> {
  const button = Array.from(document.querySelectorAll<HTMLButtonElement>('thead button.grid-sort')).find((b) => b.textContent?.startsWith(label));
  if (!button) throw new Error(`no header button ${label}`);
  const before = firstRowText();
  const t0 = performance.now();
  button.click();
  await Promise.resolve();
  forceLayout();
  const ms = performance.now() - t0;
  if (firstRowText() === before) throw new Error(`clicking ${label} did not change the first row`);
  const dir = button.closest('th')?.getAttribute('aria-sort') ?? '';
  await afterFrame();
  return { field: label, dir, ms };
}

/** Typing a term into the search box; the grid renders the result in a deferred (transition) render. */
async function typeSearch(term: string): Promise<GridFigures['searchBox']> {
  const input = document.querySelector<HTMLInputElement>('.grid-search input');
  const status = document.querySelector('[aria-live="polite"].small');
  if (!input || !status) throw new Error('no search box or record count');
  const before = status.textContent ?? '';
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  const shown = new Promise<number>((done) => {
    const observer = new MutationObserver(() => {
      if (status.textContent !== before) {
        observer.disconnect();
        done(performance.now());
      }
    });
    observer.observe(status, { childList: true, characterData: true, subtree: true });
  });
  const t0 = performance.now();
  setter?.call(input, term);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  const t1 = await Promise.race([shown, new Promise<number>((_, fail) => setTimeout(() => fail(new Error('search result never shown')), 10_000))]);
  return { term, ms: t1 - t0, shown: status.textContent ?? '' };
}

/**
 * Scrolls top to bottom in 200 jumps, one a frame (every jump shows all-new rows: the worst
 * case for a virtual list), watching long tasks and the gaps between frames.
 */
async function scrollThrough(when: string): Promise<GridFigures['scroll'][number]> {
  const el = scroller();
  if (!el) throw new Error('no .grid-scroll');
  const long: number[] = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => long.push(e.duration)));
  observer.observe({ type: 'longtask', buffered: false });
  const steps = 200;
  const max = el.scrollHeight - el.clientHeight;
  let last = 0;
  let maxGap = 0;
  for (let i = 0; i <= steps; i++) {
    const now = await new Promise<number>((done) => requestAnimationFrame(done));
    if (last) maxGap = Math.max(maxGap, now - last);
    last = now;
    el.scrollTop = Math.round((max * i) / steps);
  }
  await afterFrame();
  observer.disconnect();
  return { when, steps, longTasks: long.length, longestTaskMs: long.length ? Math.max(...long) : 0, maxFrameGapMs: maxGap };
}

export async function mountGrid(root: Root): Promise<void> {
  const rows = generateRows();
  installFakeServer(JSON.stringify(rows));
  const t0 = performance.now();
  root.render(
    <MemoryRouter>
      <GridView name={GRID_NAME} />
    </MemoryRouter>,
  );
  // Loaded: the first data row (a row with the generated e-mail) is in the DOM.
  await waitFor('the grid rows', () => dataRows().length > 1 && firstRowText().includes('@example.com'));
  const loadMs = performance.now() - t0;

  window.benchGrid = async () => {
    const figures: GridFigures = {
      rows: rows.length,
      loadMs,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      rowHeight: 0,
      bodyHeight: 0,
      visibleRows: 0,
      dom: [],
      sort: [],
      search: [],
      clicks: [],
      searchBox: { term: '', ms: 0, shown: '' },
      scroll: [],
    };
    const el = scroller();
    const head = document.querySelector('thead');
    const row = dataRows()[0];
    if (!el || !head || !row) throw new Error('grid not rendered');
    const count = document.querySelector('[aria-live="polite"].small')?.textContent ?? '';
    if (!count.startsWith(`${rows.length} `)) throw new Error(`the grid shows "${count}", expected ${rows.length} records`);
    // Rows visible at once: the scroll box below its sticky header, over one row's real height.
    figures.rowHeight = row.getBoundingClientRect().height;
    figures.bodyHeight = el.clientHeight - head.getBoundingClientRect().height;
    figures.visibleRows = Math.ceil(figures.bodyHeight / figures.rowHeight);
    figures.dom.push(countDom('after load'));
    await scrollTo(Math.round((el.scrollHeight - el.clientHeight) / 2));
    figures.dom.push(countDom('scrolled to the middle'));
    await scrollTo(el.scrollHeight);
    figures.dom.push(countDom('scrolled to the end'));
    if (!firstRowText() || !dataRows().some((r) => r.textContent?.includes(`${rows.length - 1}@example.com`))) {
      throw new Error('the last row is not shown after scrolling to the end');
    }
    // Right after load GridView is still pre-sorting its columns in idle callbacks; the second
    // pass, seconds later, shows scrolling on its own.
    figures.scroll.push(await scrollThrough('right after load'));
    figures.dom.push(countDom('after a scroll through'));
    await scrollTo(0);

    measureHelpers(rows, figures);
    await afterFrame();
    figures.scroll.push(await scrollThrough('later'));
    await scrollTo(0);

    figures.clicks.push(await clickHeader('Name'));
    figures.clicks.push(await clickHeader('Name'));
    figures.clicks.push(await clickHeader('Amount'));
    figures.dom.push(countDom('after sorting'));
    figures.searchBox = await typeSearch('son');
    return figures;
  };
}
