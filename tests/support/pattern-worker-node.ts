import { Worker } from 'node:worker_threads';
import { answerPatternJob, type PatternAnswer, type PatternReady } from '../../src/runtime/pattern-job';
import type { PatternWorker } from '../../src/runtime/patterns';

/**
 * A pattern worker for Node (jsdom has no Web Worker): a real thread running the very function
 * the browser's worker runs (answerPatternJob, self-contained for this), so a test shows the
 * main thread free while a pattern backtracks, and the worker stopped when its time is up.
 */
export function nodePatternWorker(): PatternWorker {
  const source = `
    const { parentPort } = require('node:worker_threads');
    const answerPatternJob = ${answerPatternJob.toString()};
    parentPort.on('message', (job) => parentPort.postMessage(answerPatternJob(job)));
    parentPort.postMessage({ ready: true });
  `;
  const thread = new Worker(source, { eval: true });
  const worker: PatternWorker = {
    postMessage: (job) => thread.postMessage(job),
    terminate: () => void thread.terminate(),
    onmessage: null,
    onerror: null,
  };
  thread.on('message', (data: PatternAnswer | PatternReady) => worker.onmessage?.(data));
  thread.on('error', () => worker.onerror?.());
  // A terminated thread must not keep the test process alive.
  thread.unref();
  return worker;
}
