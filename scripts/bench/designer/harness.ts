/**
 * The in-page side of `npm run bench:designer`. Both designers (Tessera's and Puck) are driven
 * through the same small surface, and everything is timed inside the page with
 * performance.now(), so the figures are main-thread time, not DevTools round trips.
 */
import { afterFrame, forceLayout, nextTask } from '../ui/harness';

export type Lib = 'tessera' | 'puck';
export type Kind = 'page' | 'form';

/** What a mounted designer offers the bench. Block `target` (the middle one) is selected. */
export interface DesignerUnderTest {
  /** The selected block's property editor that types its visible text (page: Text, form: Label). */
  input(): HTMLInputElement | HTMLTextAreaElement | null;
  /** Whether the canvas shows `text` in the selected block. */
  shows(text: string): boolean;
  /** The text the canvas shows for block `index`. */
  blockText(index: number): string;
  /** Does what dropping the selected block onto the next one does (a swap of the two). */
  drop(): void;
  /** Makes `count` separate undo steps (each sets one block's text) and says how many steps the history holds. */
  makeSteps(count: number): Promise<number>;
  /** Forgets the whole history, the document and the canvas unchanged. */
  dropHistory(): void;
}

export interface DesignerInfo {
  lib: Lib;
  kind: Kind;
  blocks: number;
  /** Blocks found drawn on the canvas; must equal `blocks`. */
  drawn: number;
  mountMs: number;
}

export interface DesignerFigures {
  /** Keystroke in the property editor -> the canvas shows it, layout done, ms. */
  keystroke: number[];
  /** Long tasks (over 50 ms) seen while typing, with the longest. */
  longTasks: number;
  longestTaskMs: number;
  /** A drop (the swap a drag ends in) -> the canvas shows the new order, ms. */
  drop: number[];
  /** Ctrl+Z pressed -> the canvas shows the order before the drop, ms. */
  undo: number[];
}

declare global {
  interface Window {
    designerInfo?: DesignerInfo;
    designerError?: string;
    benchDesigner?: {
      type(count: number): Promise<number[]>;
      run(keys: number): Promise<DesignerFigures>;
      makeSteps(count: number): Promise<number>;
      dropHistory(): void;
    };
  }
}

/**
 * An element found once and kept while it stays in the document: looking the block up again on
 * every check would add a walk of the whole canvas to each measured keystroke, in both designers.
 */
export function kept(find: () => Element | null): () => Element | null {
  let found: Element | null = null;
  return () => (found?.isConnected ? found : (found = find()));
}

const inputSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
const areaSetter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;

/** Waits, a task at a time, until `done()`; fails after `limitMs`. */
async function until(done: () => boolean, what: string, limitMs = 3000): Promise<void> {
  const start = performance.now();
  while (!done()) {
    if (performance.now() - start > limitMs) throw new Error(`${what}: not seen within ${limitMs} ms`);
    await nextTask();
  }
}

/** Times `act` up to the moment `done()` holds and the layout it causes is done. */
async function timed(act: () => void, done: () => boolean, what: string): Promise<number> {
  const t0 = performance.now();
  act();
  await Promise.resolve();
  if (!done()) await until(done, what);
  forceLayout();
  return performance.now() - t0;
}

/**
 * Ctrl+Z as a keyboard sends it: Control down, Z down and up, Control up. (Puck tracks held
 * keys by their codes, Tessera reads the modifier flags; both see a real chord this way.)
 */
function pressUndo(): void {
  const at = document.activeElement ?? document.body;
  const send = (type: string, key: string, code: string) => at.dispatchEvent(new KeyboardEvent(type, { key, code, ctrlKey: true, bubbles: true, cancelable: true }));
  send('keydown', 'Control', 'ControlLeft');
  send('keydown', 'z', 'KeyZ');
  send('keyup', 'z', 'KeyZ');
  send('keyup', 'Control', 'ControlLeft');
}

/** Puck records an undo step 250 ms after the last change; waiting longer, outside the timed spans, lets both histories settle. */
const settle = () => new Promise((done) => setTimeout(done, 400));

/** Installs window.benchDesigner over a mounted designer. */
export function install(under: DesignerUnderTest, target: number): void {
  const type = async (count: number): Promise<number[]> => {
    const times: number[] = [];
    for (let k = 0; k < count; k++) {
      const input = under.input();
      if (!input) throw new Error('the property editor is not there');
      input.focus();
      const next = input.value + String.fromCharCode(97 + (k % 26));
      const setter = input instanceof HTMLTextAreaElement ? areaSetter : inputSetter;
      if (!setter) throw new Error('no value setter');
      times.push(
        await timed(
          () => {
            setter.call(input, next);
            input.dispatchEvent(new Event('input', { bubbles: true }));
          },
          () => under.shows(next),
          `keystroke ${k} (${JSON.stringify(next.slice(-12))})`,
        ),
      );
      await afterFrame();
    }
    return times;
  };

  window.benchDesigner = {
    type,
    makeSteps: (count) => under.makeSteps(count),
    dropHistory: () => under.dropHistory(),
    async run(keys) {
      const long: PerformanceEntry[] = [];
      const observer = new PerformanceObserver((list) => long.push(...list.getEntries()));
      observer.observe({ type: 'longtask' });
      const keystroke = await type(keys);
      await nextTask();
      observer.disconnect();
      long.push(...observer.takeRecords());
      (document.activeElement as HTMLElement | null)?.blur();
      await settle();

      const drop: number[] = [];
      const undo: number[] = [];
      for (let round = 0; round < 5; round++) {
        const before = [under.blockText(target), under.blockText(target + 1)];
        drop.push(await timed(() => under.drop(), () => under.blockText(target) === before[1] && under.blockText(target + 1) === before[0], `drop ${round}`));
        await settle();
        undo.push(await timed(pressUndo, () => under.blockText(target) === before[0] && under.blockText(target + 1) === before[1], `undo ${round}`));
        await afterFrame();
      }
      return {
        keystroke,
        longTasks: long.filter((e) => e.duration > 50).length,
        longestTaskMs: Math.max(0, ...long.map((e) => e.duration)),
        drop,
        undo,
      };
    },
  };
}
