import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPatternWorkers, type PatternChecker } from '../../src/runtime/patterns';
import type { Column } from '../../src/generated/definitions';
import { checkForm, renderField } from '../../src/plugin-kit/testing';
import { nodePatternWorker } from '../support/pattern-worker-node';

/**
 * A definition's pattern on the client's validation path (the Interpreter's onChange, as a user
 * types): the browser's engine backtracks, and `^(a+)+$` against 32 a's and a '!' held the main
 * thread for minutes. It now runs in a worker stopped after its budget (src/runtime/patterns.ts);
 * jsdom has no Web Worker, so a Node worker thread runs the same job function here.
 */
const CATASTROPHIC = '^(a+)+$';
const SLOW_VALUE = `${'a'.repeat(32)}!`;

let checker: PatternChecker;
beforeAll(() => {
  checker = setPatternWorkers(nodePatternWorker);
});
afterAll(() => {
  checker.dispose();
});

function patternField(pattern: string): Column {
  return { childType: 'Input', width: 12, name: 'code', label: 'Code', fieldtype: 'text', regularexpressionchecked: true, regularexpression: pattern, errormessage: 'Only the letter a' } as Column;
}

/** The field after a first save, so its messages show as the user types. */
function submittedField(pattern: string): HTMLElement {
  const column = patternField(pattern);
  const rt = renderField(column, { code: '' });
  checkForm(rt.store, [{ cols: [column] }]);
  return screen.getByLabelText('Code', { selector: 'input' });
}

describe("a definition's pattern on the client validation path", () => {
  it(`checks '${SLOW_VALUE}' against ${CATASTROPHIC} without holding the main thread, and gives up on it well within a second`, async () => {
    const input = submittedField(CATASTROPHIC);
    const started = performance.now();
    fireEvent.change(input, { target: { value: SLOW_VALUE } });
    expect(performance.now() - started).toBeLessThan(250);
    // Given up: the browser cannot tell, so it shows no error and the server (RE2) decides on save.
    expect(await checker.check(CATASTROPHIC, SLOW_VALUE)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it("keeps the server's refusal when the worker gives up on the same value after it", async () => {
    const column = patternField(CATASTROPHIC);
    const rt = renderField(column, { code: '' });
    checkForm(rt.store, [{ cols: [column] }]);
    const input = screen.getByLabelText('Code', { selector: 'input' });
    const value = `${'a'.repeat(33)}!`;
    fireEvent.change(input, { target: { value } });
    // Create was pressed at once and the server's RE2 refused the value before the worker's budget ran out.
    rt.store.setState({ errors: { code: { valid: false, message: 'Only the letter a' } } });
    expect(await checker.check(CATASTROPHIC, value)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 50));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Only the letter a')).toBeTruthy();
  });

  it("shows the field's message once the worker has answered, and keeps it while the next check runs", async () => {
    const input = submittedField('^a+$');
    fireEvent.change(input, { target: { value: 'ab' } });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Only the letter a')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'abc' } });
    // Still invalid while 'abc' is being checked: no flicker of a valid field.
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'aaa' } });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBeNull());
  });
});
