/**
 * An automation's trigger in words, as the /automations list says it: "After a Loan is updated",
 * "Every day at 08:00 (cron 0 8 * * *)", "Button on Book", "Webhook". Free of imports: the
 * list, the designer and the run log can all say it the same way. A schedule is put in words
 * for the common shapes (every minute, every n minutes, hourly, daily, on weekdays, monthly);
 * any other says "On a schedule"; each ends with its cron text, which is what runs.
 */

/** A trigger as schemas/automation.json holds it (the fields the words need). */
export interface TriggerLike {
  type?: unknown;
  model?: unknown;
  on?: unknown;
  fields?: unknown;
  timing?: unknown;
  cron?: unknown;
  label?: unknown;
  secret?: unknown;
  /** The overview's word for a webhook with a secret (the secret itself is not listed). */
  signed?: unknown;
}

const EVENT_WORDS: Record<string, string> = { insert: 'added', update: 'updated', delete: 'deleted' };
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** `a Loan`, `an Order`. */
function article(name: string): string {
  return `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;
}

/** `a`, `a or b`, `a, b or c`. */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** `a, b and c`. */
function andList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The trigger in words (see the module's comment). */
export function triggerWords(trigger: TriggerLike | null | undefined): string {
  const model = typeof trigger?.model === 'string' ? trigger.model : '?';
  switch (trigger?.type) {
    case 'record': {
      const on = Array.isArray(trigger.on) ? trigger.on.filter((e): e is string => typeof e === 'string') : [];
      const events = ['insert', 'update', 'delete'].filter((e) => on.includes(e)).map((e) => EVENT_WORDS[e] as string);
      const when = trigger.timing === 'before' ? 'Before' : 'After';
      const fields = Array.isArray(trigger.fields) ? trigger.fields.filter((f): f is string => typeof f === 'string') : [];
      const changed = fields.length && on.includes('update') ? ` (${orList(fields)} changed)` : '';
      return `${when} ${article(model)} is ${orList(events.length ? events : ['changed'])}${changed}`;
    }
    case 'schedule': {
      const cron = typeof trigger.cron === 'string' ? trigger.cron.trim().split(/\s+/).join(' ') : '';
      return `${scheduleWords(cron)} (cron ${cron})`;
    }
    case 'button':
      return typeof trigger.label === 'string' && trigger.label !== '' ? `Button "${trigger.label}" on ${model}` : `Button on ${model}`;
    case 'webhook':
      return trigger.signed === true || typeof trigger.secret === 'string' ? 'Webhook (signed)' : 'Webhook';
    default:
      return 'Unknown trigger';
  }
}

const NUMBER = /^\d{1,2}$/;
const two = (n: number) => String(n).padStart(2, '0');

/** A weekday field of numbers, names and ranges (`1-5`, `mon,wed`), as day names; undefined for anything else. */
function weekdays(field: string): string[] | undefined {
  const day = (text: string): number | undefined => {
    const named = DAY_NAMES.indexOf(text.toLowerCase());
    if (named >= 0) return named;
    if (!NUMBER.test(text) || Number(text) > 7) return undefined;
    return Number(text) % 7;
  };
  const out: string[] = [];
  for (const part of field.split(',')) {
    const [from, to, more] = part.split('-');
    if (more !== undefined || from === undefined) return undefined;
    const a = day(from);
    if (a === undefined) return undefined;
    if (to === undefined) {
      out.push(DAYS[a] as string);
      continue;
    }
    const b = day(to);
    if (b === undefined || (b < a && b !== 0)) return undefined;
    out.push(`${DAYS[a] as string} to ${DAYS[b] as string}`);
  }
  return out;
}

/** The common schedule shapes in words; "On a schedule" for the rest. */
export function scheduleWords(cron: string): string {
  const fields = cron.split(' ');
  if (fields.length !== 5) return 'On a schedule';
  const [minute, hour, day, month, weekday] = fields as [string, string, string, string, string];
  const everyDay = day === '*' && month === '*';
  if (minute === '*' && hour === '*' && everyDay && weekday === '*') return 'Every minute';
  const step = /^\*\/(\d{1,2})$/.exec(minute);
  if (step && hour === '*' && everyDay && weekday === '*') return `Every ${step[1]} minutes`;
  if (!NUMBER.test(minute) || Number(minute) > 59) return 'On a schedule';
  if (hour === '*' && everyDay && weekday === '*') return `Every hour at :${two(Number(minute))}`;
  if (!NUMBER.test(hour) || Number(hour) > 23) return 'On a schedule';
  const at = `at ${two(Number(hour))}:${two(Number(minute))}`;
  if (everyDay && weekday === '*') return `Every day ${at}`;
  if (everyDay) {
    const days = weekdays(weekday);
    return days ? `Every ${andList(days)} ${at}` : 'On a schedule';
  }
  if (NUMBER.test(day) && Number(day) >= 1 && Number(day) <= 31 && month === '*' && weekday === '*') return `Every month on day ${Number(day)} ${at}`;
  return 'On a schedule';
}
