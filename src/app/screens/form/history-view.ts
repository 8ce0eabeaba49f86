/**
 * How the record history's entries read on screen (docs/history.md, "Reading the history"): the
 * pure part of the History dialog and the Data history screen, tested without a browser.
 */
import type { FieldChangeAnswer, HistoryEntryAnswer } from '../../../shared/record-history-answers';
import type { HistoryAction } from '../../../shared/record-history';

/** Entries a page asks for. */
export const HISTORY_PAGE_SIZE = 20;

export const ACTION_WORDS: Readonly<Record<HistoryAction, string>> = {
  insert: 'Added',
  update: 'Changed',
  delete: 'Deleted',
  restore: 'Restored',
};

/** A value as a person reads it: a reference by its name, yes/no, "(empty)". */
export function shownValue(value: unknown, name?: string): string {
  if (name !== undefined) return name;
  if (value === null || value === undefined || value === '') return '(empty)';
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One change in words: "Amount: 25 → 30", "Password: (changed)". */
export function changeText(change: FieldChangeAnswer): string {
  if (change.kept) return `${change.label}: (changed)`;
  return `${change.label}: ${shownValue(change.before, change.beforeName)} → ${shownValue(change.after, change.afterName)}`;
}

/** When, in the reader's own time zone: "3/1/2026, 9:01:00 AM (2 hours ago)". */
export function whenText(at: string, now = Date.now()): string {
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) return at;
  return `${time.toLocaleString()} (${relative(now - time.getTime())})`;
}

function relative(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

export function whoText(entry: HistoryEntryAnswer): string {
  return entry.user ? (entry.user.name ?? `user ${entry.user.id}`) : 'the server';
}

/** Whether an entry (or one of its fields) can be put back: an update's changes whose values were kept. */
export function revertible(entry: HistoryEntryAnswer, change?: FieldChangeAnswer): boolean {
  if (entry.action !== 'update') return false;
  return change ? change.kept !== true : entry.changes.some((c) => c.kept !== true);
}
