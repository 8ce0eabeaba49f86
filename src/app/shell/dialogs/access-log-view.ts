/** The Access Log dialogue's rules (paging, times, red lines), kept apart from React so they read at a glance. */

import type { AccessLogEntry } from '../../../shared/api-types';

export type { AccessLogEntry };

/** The two datetime-local values, `YYYY-MM-DDTHH:mm` in local time. */
export interface DayRange {
  from: string;
  until: string;
}

/** The first load, and what the two buttons add. */
export const FIRST_LINES = 50;
export const MORE_LINES = [100, 1000] as const;

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A day from 00:00 to 23:59 (the default is today); `daysBack` 1 is yesterday. */
export function dayRange(now: Date, daysBack = 0): DayRange {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack);
  return { from: `${localDate(day)}T00:00`, until: `${localDate(day)}T23:59` };
}

/**
 * The range as the API's ISO instants, or null when an end is missing. The inputs are local
 * minutes; the until minute is included whole (23:59 means up to 23:59:59.999).
 */
export function rangeQuery(range: DayRange): { fromDate: string; untilDate: string } | null {
  const from = new Date(range.from).getTime();
  const until = new Date(range.until).getTime();
  if (!range.from || !range.until || Number.isNaN(from) || Number.isNaN(until)) return null;
  return { fromDate: new Date(from).toISOString(), untilDate: new Date(until + 59_999).toISOString() };
}

/**
 * The first 19 characters with the T replaced by a space, of the timestamp in local
 * time (the range is chosen in local time, so the lines read in it too).
 */
export function logTime(timestamp: string): string {
  const t = new Date(timestamp);
  if (Number.isNaN(t.getTime())) return timestamp.slice(0, 19).replace('T', ' ');
  return `${localDate(t)} ${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}`;
}

const ALARMING = /Error|Failure| 500 | 400 | 404 /;

/** A line is red when its message holds Error, Failure, ' 500 ', ' 400 ' or ' 404 '; an error-level line (any 5xx) too. */
export function isAlarming(entry: Pick<AccessLogEntry, 'message' | 'level'>): boolean {
  return entry.level === 'error' || ALARMING.test(entry.message);
}
