import type { PatternMatcher } from '../shared/field-validation';
import type { PatternAnswer, PatternJob, PatternReady } from './pattern-job';

/**
 * Definitions' regular expressions in the browser. The browser's engine backtracks: `^(a+)+$`
 * against 32 a's and a '!' froze a tab for 17 s (minutes on a busy machine). The server runs
 * RE2 (src/server/records/patterns.ts), but its re2-wasm build cannot load under our Content-Security-
 * Policy: its glue code builds functions from strings (embind's `new Function`), which needs
 * 'unsafe-eval', not merely 'wasm-unsafe-eval'. So the browser's engine runs here, in a Web
 * Worker given PATTERN_BUDGET_MS per check; past it the worker is terminated (the only way to
 * stop a running RegExp) and a fresh one takes the next check.
 *
 * A check that ran out of time, or a pattern the browser cannot compile, answers undefined:
 * "cannot tell", which validation treats as no error (src/shared/field-validation.ts), as the server
 * does a broken pattern. The server checks every value with RE2 when the record is saved and
 * its answer shows under the field, so the browser may miss an error but never blocks a value
 * the server would take. While a check runs, the field keeps the message it had.
 */
export const PATTERN_BUDGET_MS = 50;

/** How long a new worker may take to say it is ready before patterns are given up on in this page. */
const START_BUDGET_MS = 10_000;
/** Answers kept: at most this many, holding at most this many characters of patterns and texts. */
const KEEP_ANSWERS = 500;
const KEEP_CHARS = 2_000_000;
/** A worker that fails this many times in a row (not by timing out) is not started again. */
const MAX_FAILURES = 3;

/** What the checker needs of a worker: a Web Worker in the browser, a worker thread in tests. */
export interface PatternWorker {
  postMessage(job: PatternJob): void;
  terminate(): void;
  onmessage: ((data: PatternAnswer | PatternReady) => void) | null;
  onerror: (() => void) | null;
}

export type PatternOutcome = boolean | undefined;
export const PENDING = Symbol('pending');

interface Job {
  key: string;
  id: number;
  pattern: string;
  text: string;
  slot: string | undefined;
  resolvers: ((outcome: PatternOutcome) => void)[];
}

/** The browser's worker, or null where there is none (jsdom): then every pattern is "cannot tell". */
function browserWorker(): PatternWorker | null {
  if (typeof Worker === 'undefined') return null;
  // This exact form lets vite build the worker as a file of its own (script-src 'self' allows it).
  const worker = new Worker(new URL('./pattern-worker.ts', import.meta.url), { type: 'module', name: 'patterns' });
  const adapter: PatternWorker = {
    postMessage: (job) => worker.postMessage(job),
    terminate: () => worker.terminate(),
    onmessage: null,
    onerror: null,
  };
  worker.onmessage = (event: MessageEvent<PatternAnswer | PatternReady>) => adapter.onmessage?.(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    adapter.onerror?.();
  };
  return adapter;
}

/** Runs pattern checks one at a time in a worker, each within its budget, and remembers the answers. */
export class PatternChecker {
  private worker: PatternWorker | null = null;
  private ready = false;
  private startTimer: ReturnType<typeof setTimeout> | undefined;
  /** No worker can run here (none exists, or it keeps failing): every check is "cannot tell". */
  private broken = false;
  private failures = 0;
  private nextId = 1;
  private readonly queue: Job[] = [];
  private running: { job: Job; timer: ReturnType<typeof setTimeout> } | null = null;
  private readonly waiting = new Map<string, Job>();
  private readonly answers = new Map<string, PatternOutcome>();
  private answerChars = 0;

  constructor(
    private readonly spawn: () => PatternWorker | null = browserWorker,
    private readonly budgetMs = PATTERN_BUDGET_MS,
  ) {}

  /** The answer already known, or PENDING when the check has not run yet. */
  known(pattern: string, text: string): PatternOutcome | typeof PENDING {
    const key = keyOf(pattern, text);
    return this.answers.has(key) ? this.answers.get(key) : PENDING;
  }

  /**
   * Runs the check (or joins the same one already on its way). A check of a `slot` (a field)
   * drops the slot's older check still queued, which answers undefined: only the value the
   * field now holds is worth the wait.
   */
  check(pattern: string, text: string, slot?: string): Promise<PatternOutcome> {
    const key = keyOf(pattern, text);
    if (this.answers.has(key)) return Promise.resolve(this.answers.get(key));
    return new Promise((resolve) => {
      const joined = this.waiting.get(key);
      if (joined) {
        joined.resolvers.push(resolve);
        return;
      }
      if (slot !== undefined) {
        for (const old of this.queue.filter((j) => j.slot === slot)) {
          this.queue.splice(this.queue.indexOf(old), 1);
          this.settle(old, undefined, false);
        }
      }
      const job: Job = { key, id: this.nextId++, pattern, text, slot, resolvers: [resolve] };
      this.waiting.set(key, job);
      this.queue.push(job);
      this.pump();
    });
  }

  /** Stops the worker; what is waiting answers undefined. */
  dispose(): void {
    this.broken = true;
    this.stopWorker();
    this.pump();
  }

  private pump(): void {
    if (this.running) return;
    if (this.broken) {
      for (const job of this.queue.splice(0)) this.settle(job, undefined, false);
      return;
    }
    if (this.queue.length === 0) return;
    if (!this.worker) {
      this.startWorker();
      return;
    }
    if (!this.ready) return;
    const job = this.queue.shift() as Job;
    this.running = { job, timer: setTimeout(() => this.timedOut(job), this.budgetMs) };
    this.worker.postMessage({ id: job.id, pattern: job.pattern, text: job.text });
  }

  private startWorker(): void {
    let spawned: PatternWorker | null;
    try {
      spawned = this.spawn();
    } catch {
      spawned = null;
    }
    if (!spawned) {
      this.broken = true;
      this.pump();
      return;
    }
    const worker = spawned;
    this.worker = worker;
    this.ready = false;
    worker.onmessage = (data) => this.answered(worker, data);
    worker.onerror = () => this.failed(worker);
    this.startTimer = setTimeout(() => this.failed(worker), START_BUDGET_MS);
  }

  private stopWorker(): void {
    clearTimeout(this.startTimer);
    if (this.worker) {
      this.worker.onmessage = null;
      this.worker.onerror = null;
      this.worker.terminate();
    }
    this.worker = null;
    this.ready = false;
  }

  private answered(worker: PatternWorker, data: PatternAnswer | PatternReady): void {
    if (worker !== this.worker) return;
    if ('ready' in data) {
      clearTimeout(this.startTimer);
      this.ready = true;
      this.pump();
      return;
    }
    const running = this.running;
    if (!running || data.id !== running.job.id) return;
    clearTimeout(running.timer);
    this.running = null;
    this.failures = 0;
    this.settle(running.job, data.matched === null ? undefined : data.matched, true);
    this.pump();
  }

  /** Out of time: the worker is stopped mid-match and the text is "cannot tell" for good. */
  private timedOut(job: Job): void {
    if (this.running?.job !== job) return;
    this.running = null;
    this.stopWorker();
    this.settle(job, undefined, true);
    this.pump();
  }

  /** The worker failed to start or crashed: the check in hand cannot tell; a few failures in a row and no worker is tried again. */
  private failed(worker: PatternWorker): void {
    if (worker !== this.worker) return;
    this.stopWorker();
    this.failures += 1;
    if (this.failures >= MAX_FAILURES) this.broken = true;
    const running = this.running;
    this.running = null;
    if (running) {
      clearTimeout(running.timer);
      this.settle(running.job, undefined, false);
    }
    this.pump();
  }

  private settle(job: Job, outcome: PatternOutcome, remember: boolean): void {
    this.waiting.delete(job.key);
    if (remember) this.remember(job.key, outcome);
    for (const resolve of job.resolvers) resolve(outcome);
  }

  private remember(key: string, outcome: PatternOutcome): void {
    if (key.length > KEEP_CHARS) return;
    this.answers.set(key, outcome);
    this.answerChars += key.length;
    for (const old of this.answers.keys()) {
      if (this.answers.size <= KEEP_ANSWERS && this.answerChars <= KEEP_CHARS) break;
      this.answers.delete(old);
      this.answerChars -= old.length;
    }
  }
}

function keyOf(pattern: string, text: string): string {
  return `${pattern.length}:${pattern}${text}`;
}

let checker = new PatternChecker();

/** Tests only: the checker's workers come from `spawn` from now on (a Node worker thread where jsdom has none). */
export function setPatternWorkers(spawn: () => PatternWorker | null, budgetMs = PATTERN_BUDGET_MS): PatternChecker {
  checker.dispose();
  checker = new PatternChecker(spawn, budgetMs);
  return checker;
}

/** The checks started by the validation running now (see withPatternChecks). */
let collecting: { slot: string | undefined; pending: Promise<PatternOutcome>[] } | null = null;

/**
 * The client's PatternMatcher: a known answer at once; otherwise undefined ("cannot tell yet",
 * so no error for now) while the check runs in the worker.
 */
export const boundedMatch: PatternMatcher = (pattern, text) => {
  const known = checker.known(pattern, text);
  if (known !== PENDING) return known;
  const pending = checker.check(pattern, text, collecting?.slot);
  collecting?.pending.push(pending);
  return undefined;
};

/**
 * Runs a validation (which may call boundedMatch any number of times, through a plugin's own
 * validate too) and answers its result, and a promise that settles once every pattern check it
 * had to start has an answer (null when it needed none): run it again then for the final result.
 */
export function withPatternChecks<T>(validate: () => T, slot?: string): { result: T; settled: Promise<unknown> | null } {
  const outer = collecting;
  const mine: { slot: string | undefined; pending: Promise<PatternOutcome>[] } = { slot, pending: [] };
  collecting = mine;
  try {
    const result = validate();
    return { result, settled: mine.pending.length ? Promise.all(mine.pending) : null };
  } finally {
    collecting = outer;
  }
}
