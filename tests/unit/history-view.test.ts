import { describe, expect, it } from 'vitest';
import { changeText, revertible, shownValue } from '../../src/app/screens/form/history-view';
import type { HistoryEntryAnswer } from '../../src/shared/record-history-answers';

/** How the History dialogue and the Data history screen put a change in words (docs/history.md). */
describe('history in words', () => {
  it('says a change as Label: before → after, with names, Yes/No and (empty)', () => {
    expect(changeText({ field: 'customer', label: 'Customer', before: 1, after: 2, beforeName: 'Acme', afterName: 'Globex' })).toBe('Customer: Acme → Globex');
    expect(changeText({ field: 'paid', label: 'Paid', before: false, after: true })).toBe('Paid: No → Yes');
    expect(changeText({ field: 'title', label: 'Title', before: null, after: 'Lamp' })).toBe('Title: (empty) → Lamp');
    expect(changeText({ field: 'password', label: 'Password', before: null, after: null, kept: true })).toBe('Password: (changed)');
    expect(shownValue({ a: 1 })).toBe('{"a":1}');
  });

  it('offers a revert only for an update, and never for a value kept out', () => {
    const entry = (action: HistoryEntryAnswer['action'], kept: boolean): HistoryEntryAnswer => ({
      id: 1, action, at: '2026-03-01T00:00:00.000Z', user: null, source: null, requestId: null,
      changes: [{ field: 'x', label: 'X', before: null, after: null, ...(kept ? { kept: true as const } : {}) }],
    });
    expect(revertible(entry('update', false))).toBe(true);
    expect(revertible(entry('update', true))).toBe(false);
    expect(revertible(entry('insert', false))).toBe(false);
    expect(revertible(entry('delete', false))).toBe(false);
    const u = entry('update', true);
    expect(revertible(u, u.changes[0])).toBe(false);
  });
});
