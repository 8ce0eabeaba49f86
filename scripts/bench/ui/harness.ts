/**
 * The in-page side of `npm run bench:ui`. Everything timed here is timed inside the page with
 * performance.now(), so the figures are main-thread time, not the round trips of the
 * DevTools protocol that drives the page.
 */

/** What a form page reports once mounted. */
export interface FormInfo {
  lib: 'tessera' | 'rjsf';
  fields: number;
  /** Text inputs found in the DOM after mount; must equal `fields`. */
  inputs: number;
  /** root.render in flushSync up to the end of the layout it causes. */
  mountMs: number;
}

/** One run of benchType: one entry per keystroke, in ms. */
export interface KeystrokeTimes {
  /** input event dispatched -> render done, microtasks run, layout done. */
  render: number[];
  /** The script part of `render`: up to the end of the microtasks, before the forced layout. */
  script: number[];
  /** Same start, up to the next task: catches work deferred to a later task (informational). */
  nextTask: number[];
}

export interface GridFigures {
  rows: number;
  loadMs: number;
  viewport: { width: number; height: number };
  /** Measured height of one data row and of the scroll container's body area. */
  rowHeight: number;
  bodyHeight: number;
  visibleRows: number;
  dom: { at: string; trs: number; dataRows: number; spacers: number; inView: number }[];
  sort: { field: string; type: string; dir: 'asc' | 'desc'; cold: boolean; ms: number }[];
  search: { term: string; cold: boolean; ms: number; matches: number }[];
  /** Header clicks in the real GridView: click -> first row changed (informational). */
  clicks: { field: string; dir: string; ms: number }[];
  /** Typing into the real GridView's search box -> record count shown (informational). */
  searchBox: { term: string; ms: number; shown: string };
  /** Scrolls from top to bottom, one jump a frame, right after load and again later (informational). */
  scroll: { when: string; steps: number; longTasks: number; longestTaskMs: number; maxFrameGapMs: number }[];
}

declare global {
  interface Window {
    benchInfo?: FormInfo;
    benchError?: string;
    benchType?: (fieldIndex: number, count: number) => Promise<KeystrokeTimes>;
    benchGrid?: () => Promise<GridFigures>;
  }
}

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/** Resolves at the start of the next task (MessageChannel is not clamped like setTimeout). */
export function nextTask(): Promise<void> {
  return new Promise((done) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done();
    channel.port2.postMessage(0);
  });
}

/** Resolves after the next frame has been produced, so each keystroke starts on a quiet thread. */
export function afterFrame(): Promise<void> {
  return new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
}

/** Forces style and layout of the whole document, so their cost lands in the measured span. */
export function forceLayout(): void {
  void document.body.getBoundingClientRect();
  void document.body.offsetHeight;
}

/**
 * Installs window.benchType for a form whose field i is `inputOf(i)`. Each keystroke appends one
 * letter the way a browser does it: the native value setter (so React's value tracker sees a
 * change) and a bubbling `input` event, which React 19 handles as a discrete event and renders
 * synchronously. The span ends after the microtasks queued by the event and a forced layout.
 */
export function installTyping(inputOf: (index: number) => HTMLInputElement | null): void {
  window.benchType = async (fieldIndex, count) => {
    if (!valueSetter) throw new Error('HTMLInputElement.prototype.value has no setter');
    const times: KeystrokeTimes = { render: [], script: [], nextTask: [] };
    for (let k = 0; k < count; k++) {
      const input = inputOf(fieldIndex);
      if (!input) throw new Error(`no input for field ${fieldIndex}`);
      const next = input.value + String.fromCharCode(97 + (k % 26));
      const t0 = performance.now();
      valueSetter.call(input, next);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await Promise.resolve();
      const tScript = performance.now();
      forceLayout();
      const t1 = performance.now();
      await nextTask();
      const t2 = performance.now();
      // A controlled input whose state did not change is reset by React to the old value, so
      // this also proves the form's state took the keystroke. A bench that measures nothing fails.
      const shown = inputOf(fieldIndex)?.value;
      if (shown !== next) throw new Error(`keystroke ${k} on field ${fieldIndex}: the input shows ${JSON.stringify(shown)}, expected ${JSON.stringify(next)}`);
      times.render.push(t1 - t0);
      times.script.push(tScript - t0);
      times.nextTask.push(t2 - t0);
      await afterFrame();
    }
    return times;
  };
}
