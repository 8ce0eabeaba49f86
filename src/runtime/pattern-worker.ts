/**
 * The Web Worker that runs definitions' patterns (runtime/patterns.ts starts it, and terminates
 * it when a pattern takes longer than its budget). It says it is ready first, so the time it
 * takes to load is not counted against the first pattern.
 */
import { answerPatternJob, type PatternAnswer, type PatternJob, type PatternReady } from './pattern-job';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<PatternJob>) => void) | null;
  postMessage(message: PatternAnswer | PatternReady): void;
};

scope.onmessage = (event) => scope.postMessage(answerPatternJob(event.data));
scope.postMessage({ ready: true });
