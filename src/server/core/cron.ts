import { Cron } from 'croner';

/**
 * A schedule's cron text as the server reads it (docs/automations.md, "Triggers"): five fields,
 * minute hour day month weekday, in the instance's time zone, read by croner (a maintained
 * parser with time zones, no dependencies) so the check on save and the scheduler agree. A day
 * of the month and a weekday both given match either one, as in Vixie cron. Server only: the
 * designer's preview has its own reading (src/designer/automations/cron.ts).
 */

/** How many fields a schedule has, and their order, for messages. */
const FIVE_FIELDS = 'five fields: minute hour day month weekday';

function fieldsOf(cron: string): string[] {
  return cron.trim().split(/\s+/).filter((f) => f !== '');
}

function schedule(cron: string, timeZone?: string): Cron {
  return new Cron(cron, { paused: true, mode: '5-part', ...(timeZone ? { timezone: timeZone } : {}) });
}

/** croner's words without its prefixes ("CronPattern: Invalid value for minute: 61"). */
function words(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const message = text.replace(/^Cron\w*:\s*/, '');
  return message.charAt(0).toLowerCase() + message.slice(1);
}

/**
 * Why `cron` is not a schedule that can run, in words for a person, or undefined when it is one:
 * not five fields (croner's nicknames such as `@daily` and its seconds field are refused, so the
 * text means what any cron reader takes it to), a field croner refuses, or a schedule that never
 * comes (`0 0 31 2 *`).
 */
export function cronProblem(cron: string, timeZone?: string): string | undefined {
  const fields = fieldsOf(cron);
  if (fields.length !== 5) return `has ${fields.length} ${fields.length === 1 ? 'field' : 'fields'}: a schedule has ${FIVE_FIELDS}`;
  let job: Cron;
  try {
    job = schedule(fields.join(' '), timeZone);
  } catch (e) {
    return `is not a schedule (${FIVE_FIELDS}): ${words(e)}`;
  }
  try {
    if (job.nextRun(new Date()) === null) return 'never comes: no date matches it';
  } catch (e) {
    return `cannot be read: ${words(e)}`;
  }
  return undefined;
}

/**
 * The first time after `after` (strictly) that `cron` fires, in `timeZone` (an IANA name; the
 * process's own zone when absent), or null when it never fires again. Throws when the text is
 * not a five-field schedule (cronProblem says why) or the time zone is unknown.
 */
export function nextTick(cron: string, after: Date, timeZone?: string): Date | null {
  const fields = fieldsOf(cron);
  if (fields.length !== 5) throw new Error(`The schedule '${cron}' has ${fields.length} fields: a schedule has ${FIVE_FIELDS}`);
  return schedule(fields.join(' '), timeZone).nextRun(after);
}
