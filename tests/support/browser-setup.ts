import { afterAll, afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser';

/**
 * Every browser test fails on a Content-Security-Policy violation in any page it opened: the
 * real server's policy has no 'unsafe-eval' and no 'unsafe-inline' script, and nothing the
 * app does may need them. Checked after each test and once more after the file, for a late report.
 */
function expectNoCspViolations(): void {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
}

afterEach(expectNoCspViolations);
afterAll(expectNoCspViolations);
