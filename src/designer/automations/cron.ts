/**
 * A schedule's cron text read as the runner reads it (five fields: minute hour day month weekday),
 * for the trigger panel's preview: what is wrong with it, in words, or its next runs. Free of
 * React; the times are this browser's, which the panel says.
 */

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of the month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] },
  { name: 'weekday', min: 0, max: 7, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
];

export interface Cron {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  weekdays: ReadonlySet<number>;
  /** Whether the day of the month and the weekday were both restricted (then either one matching is enough). */
  eitherDay: boolean;
}

export type CronParse = { ok: true; cron: Cron } | { ok: false; error: string };

function number(text: string, spec: FieldSpec): number | null {
  const named = spec.names?.indexOf(text.toLowerCase()) ?? -1;
  if (named >= 0) return named + (spec.name === 'month' ? 1 : 0);
  return /^\d+$/.test(text) ? Number(text) : null;
}

function field(text: string, spec: FieldSpec): Set<number> | string {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) return `the ${spec.name} has a step '${stepText ?? ''}' that is not a whole number from 1`;
    let low = spec.min;
    let high = spec.max;
    if (range !== '*') {
      const [a = '', b] = range.split('-');
      const from = number(a, spec);
      const to = b === undefined ? (stepText === undefined ? from : spec.max) : number(b, spec);
      if (from === null || to === null) return `the ${spec.name} '${part}' is not understood`;
      low = from;
      high = to;
    }
    if (low < spec.min || high > spec.max || low > high) return `the ${spec.name} '${part}' is outside ${spec.min}-${spec.max}`;
    for (let v = low; v <= high; v += step) out.add(spec.name === 'weekday' && v === 7 ? 0 : v);
  }
  return out;
}

export function parseCron(text: string): CronParse {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5 || parts[0] === '') return { ok: false, error: `It has ${parts[0] === '' ? 0 : parts.length} fields; a schedule has five: minute hour day month weekday` };
  const sets: Set<number>[] = [];
  for (let i = 0; i < 5; i++) {
    const read = field(parts[i] as string, FIELDS[i] as FieldSpec);
    if (typeof read === 'string') return { ok: false, error: read.charAt(0).toUpperCase() + read.slice(1) };
    sets.push(read);
  }
  const [minutes, hours, days, months, weekdays] = sets as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  return { ok: true, cron: { minutes, hours, days, months, weekdays, eitherDay: parts[2] !== '*' && parts[4] !== '*' } };
}

function dayMatches(cron: Cron, date: Date): boolean {
  const day = cron.days.has(date.getDate());
  const weekday = cron.weekdays.has(date.getDay());
  return cron.eitherDay ? day || weekday : day && weekday;
}

/** The next `count` times the schedule fires after `from` (local time), looking at most four years ahead. */
export function nextRuns(cron: Cron, from: Date, count: number): Date[] {
  const out: Date[] = [];
  const t = new Date(from.getFullYear(), from.getMonth(), from.getDate(), from.getHours(), from.getMinutes() + 1, 0, 0);
  const limit = from.getTime() + 4 * 366 * 24 * 3600 * 1000;
  while (out.length < count && t.getTime() <= limit) {
    if (!cron.months.has(t.getMonth() + 1)) {
      t.setMonth(t.getMonth() + 1, 1);
      t.setHours(0, 0);
    } else if (!dayMatches(cron, t)) {
      t.setDate(t.getDate() + 1);
      t.setHours(0, 0);
    } else if (!cron.hours.has(t.getHours())) {
      t.setHours(t.getHours() + 1, 0);
    } else if (!cron.minutes.has(t.getMinutes())) {
      t.setMinutes(t.getMinutes() + 1);
    } else {
      out.push(new Date(t));
      t.setMinutes(t.getMinutes() + 1);
    }
  }
  return out;
}
