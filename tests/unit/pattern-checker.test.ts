import { afterEach, describe, expect, it } from 'vitest';
import { answerPatternJob } from '../../src/runtime/pattern-job';
import { PatternChecker, PENDING, type PatternWorker } from '../../src/runtime/patterns';
import { nodePatternWorker } from '../support/pattern-worker-node';

/**
 * The browser's pattern checks (src/runtime/patterns.ts): run in a worker, each within a
 * budget, the worker stopped and replaced when a pattern backtracks past it.
 */
const CATASTROPHIC = '^(a+)+$';
const SLOW_VALUE = `${'a'.repeat(32)}!`;

let checker: PatternChecker | undefined;
afterEach(() => checker?.dispose());

describe('the pattern checker', () => {
  it(`gives up on '${SLOW_VALUE}' against ${CATASTROPHIC} after its budget, and goes on with a new worker`, async () => {
    let spawned = 0;
    checker = new PatternChecker(() => {
      spawned += 1;
      return nodePatternWorker();
    }, 50);
    const started = performance.now();
    expect(await checker.check(CATASTROPHIC, SLOW_VALUE)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
    // The answer is kept: asking again costs nothing and starts no worker.
    expect(checker.known(CATASTROPHIC, SLOW_VALUE)).toBeUndefined();
    expect(spawned).toBe(1);
    // The next check runs in a fresh worker, since the stuck one was terminated.
    expect(await checker.check(CATASTROPHIC, 'aaaa')).toBe(true);
    expect(await checker.check('^[A-Z]+$', 'abc')).toBe(false);
    expect(spawned).toBe(2);
  });

  it("answers a pattern as the server's RE2 reads it ('u'), and a broken one as cannot tell", async () => {
    checker = new PatternChecker(nodePatternWorker, 1000);
    expect(checker.known('^\\p{L}+$', 'Zoë')).toBe(PENDING);
    expect(await checker.check('^\\p{L}+$', 'Zoë')).toBe(true);
    expect(await checker.check('^\\p{L}+$', 'Zoë1')).toBe(false);
    expect(await checker.check('(', 'x')).toBeUndefined();
    expect(answerPatternJob({ id: 1, pattern: '(', text: 'x' })).toEqual({ id: 1, matched: null });
  });

  it("drops a field's older check still waiting when the field changes again", async () => {
    checker = new PatternChecker(nodePatternWorker, 200);
    const first = checker.check(CATASTROPHIC, `${'a'.repeat(40)}!`, 'f'); // runs, and will run out of time
    const second = checker.check('^[a-z]+$', 'ab', 'f'); // waits behind it ...
    const third = checker.check('^[a-z]+$', 'abc', 'f'); // ... and is dropped for this one
    expect(await second).toBeUndefined();
    expect(checker.known('^[a-z]+$', 'ab')).toBe(PENDING);
    expect(await third).toBe(true);
    expect(await first).toBeUndefined();
  });

  it('answers cannot tell, at once, where no worker can start', async () => {
    checker = new PatternChecker(() => null);
    expect(await checker.check('^a$', 'a')).toBeUndefined();
    const failing: PatternWorker = { postMessage() {}, terminate() {}, onmessage: null, onerror: null };
    let tries = 0;
    checker = new PatternChecker(() => {
      tries += 1;
      queueMicrotask(() => failing.onerror?.());
      return failing;
    });
    for (let i = 0; i < 5; i++) expect(await checker.check('^a$', `a${i}`)).toBeUndefined();
    expect(tries).toBe(3); // not started again and again
  });
});
