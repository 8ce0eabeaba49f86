/**
 * One definition pattern checked against one text, off the main thread (runtime/patterns.ts
 * sends it to runtime/pattern-worker.ts). A separate module with no imports, so the worker's
 * bundle is this and nothing more.
 */
export interface PatternJob {
  id: number;
  pattern: string;
  text: string;
}

/** `matched` is null when the browser cannot compile the pattern (a broken pattern blocks nobody). */
export interface PatternAnswer {
  id: number;
  matched: boolean | null;
}

/** The worker's first message: it has loaded and takes jobs (their time is counted from then). */
export interface PatternReady {
  ready: true;
}

/**
 * Runs a job with the browser's own engine, which may backtrack for ever: only ever inside a
 * worker that can be terminated. The 'u' flag, as the server's RE2 has it (src/server/records/patterns.ts):
 * `\p{L}` is a letter class on both sides, and what 'u' refuses is answered as not compilable.
 * Self-contained (no outer names), so a Node test can run its very source in a worker thread.
 */
export function answerPatternJob(job: PatternJob): PatternAnswer {
  let matched: boolean | null;
  try {
    matched = new RegExp(job.pattern, 'u').test(job.text);
  } catch {
    matched = null;
  }
  return { id: job.id, matched };
}
