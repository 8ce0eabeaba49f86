/**
 * What a value of each Input type must look like, checked as the user types and again by the
 * server before a record is written (src/shared/field-validation.ts): the forms are noValidate,
 * so without this "bad@" in an e-mail field was saved as it was. The shapes are the HTML
 * standard's values for the same input types (what Chromium's own picker produces), so
 * anything a browser's date or colour picker fills in passes.
 */

/** The HTML standard's "valid e-mail address" (the one type=email uses): a local part, @, and a host name. */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** Digits with the separators people write in telephone numbers, a leading +, an extension. */
const TEL = /^\+?[0-9 ()./-]+(?:\s*(?:x|ext\.?)\s*[0-9]+)?$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const WEEK = /^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

/** A real day of the calendar as YYYY-MM-DD (not 1965-02-30, which Date.parse takes as 2 March). */
export function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (leap years included).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    // An address with a scheme; a web address needs a host as well ('https:foo' is not one).
    return /^https?:$/.test(url.protocol) ? url.hostname !== '' && /^https?:\/\//i.test(text) : /^[a-z][a-z0-9+.-]*:./i.test(text);
  } catch {
    return false;
  }
}

/** What each checked type must be, as the end of "<Label> must be ...". */
const SHAPES: Record<string, { what: string; ok: (text: string) => boolean }> = {
  email: { what: 'an e-mail address, such as name@example.com', ok: (t) => EMAIL.test(t) },
  url: { what: 'a full web address, such as https://example.com', ok: isUrl },
  tel: { what: 'a telephone number (digits, spaces, + ( ) - .)', ok: (t) => TEL.test(t) && /[0-9]/.test(t) && t.replace(/\D/g, '').length <= 20 },
  number: { what: 'a number', ok: (t) => t.trim() !== '' && Number.isFinite(Number(t)) },
  date: { what: 'a date (YYYY-MM-DD)', ok: isDate },
  // What the picker fills in (2024-05-01T09:30), and what a stored date and time reads back as
  // (seconds, milliseconds, a zone), so a record saved untouched passes.
  'datetime-local': {
    what: 'a date and time (YYYY-MM-DDTHH:MM)',
    ok: (t) => {
      const m = /^(\d{4}-\d{2}-\d{2})[T ](.+?)(?:Z|[+-]\d{2}:?\d{2})?$/.exec(t);
      return m !== null && isDate(m[1] ?? '') && TIME.test(m[2] ?? '');
    },
  },
  time: { what: 'a time (HH:MM)', ok: (t) => TIME.test(t) },
  month: { what: 'a month (YYYY-MM)', ok: (t) => MONTH.test(t) },
  week: { what: 'a week (YYYY-Www)', ok: (t) => WEEK.test(t) },
  color: { what: 'a colour (#rrggbb)', ok: (t) => COLOR.test(t) },
};

/**
 * Why `text` is not a value of the Input type `fieldtype` ("an e-mail address, such as ..."),
 * or null when it is one, or when the type takes any text (text, password, hidden).
 */
export function formatProblem(fieldtype: string | undefined, text: string): string | null {
  const shape = fieldtype ? SHAPES[fieldtype] : undefined;
  // No value of these types is long (an e-mail address is at most 254 characters): a longer
  // text is refused before any pattern sees it, so a megabyte costs nothing on the server.
  // Spaces around a value are not part of it, as the browser strips them from these types (and
  // the server trims a user name and e-mail address before storing them).
  const value = text.trim();
  return shape && (value.length > MAX_SHAPED_LENGTH || !shape.ok(value)) ? shape.what : null;
}

/** The longest value a typed Input takes: a web address of 2,000 characters is already rare. */
export const MAX_SHAPED_LENGTH = 4096;
