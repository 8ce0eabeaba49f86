import { formatProblem } from './field-formats';
import { pluginHints } from './plugin-hints';

/**
 * The generic field validator (required, the value's shape by Input type, length, pattern,
 * numeric min and max), shared by the client (as the user types) and the server (before a record is written). Its messages are the
 * product's contract, word for word, typos included ('less then', 'more then'): do not correct
 * them (tests/unit/plugin-hints.test.ts and tests/api/records.test.ts assert them). For a
 * numeric max the message shows the max, which is what a user needs to read (the product's
 * original wording showed the min; either is accepted).
 * It checks the column types whose schema hints say `validation: "generic"`, numerically when
 * they say `value: "number"` (or an Input's fieldtype is number).
 */
export interface ValidatedField {
  childType: string;
  name?: string;
  label?: string;
  fieldtype?: string;
  required?: boolean;
  regularexpressionchecked?: boolean;
  regularexpression?: string;
  minchecked?: boolean;
  min?: number;
  maxchecked?: boolean;
  max?: number;
  errormessage?: string;
}

export interface FieldCheck {
  valid: boolean;
  /** Empty when the field is valid, and for a failed regular expression unless the column gives its own `errormessage` (there is no built-in one). */
  message: string;
}

const VALID: FieldCheck = { valid: true, message: '' };

/** The longest text a generic field holds, whatever its definition says. */
export const MAX_TEXT_LENGTH = 1_000_000;

/**
 * Runs a definition's pattern: true or false, or undefined when it cannot tell (an admin's
 * broken pattern must not lock users out of the form). Every caller names its engine, and none
 * is the native RegExp on a thread that matters, which can backtrack for minutes: the server
 * passes RE2 (src/server/records/patterns.ts, linear time), the browser a worker it stops after a few
 * milliseconds (src/runtime/patterns.ts).
 */
export type PatternMatcher = (pattern: string, text: string) => boolean | undefined;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function validateField(field: ValidatedField, value: unknown, match: PatternMatcher): FieldCheck {
  const hints = pluginHints(field.childType);
  if (hints?.validation !== 'generic') return VALID;
  const label = field.label || field.name || 'Field';
  if (isEmpty(value)) {
    return field.required ? { valid: false, message: `${label} is a required field` } : VALID;
  }
  const text = String(value);
  const numeric = hints.value === 'number' || field.fieldtype === 'number';
  // The value's shape first (an e-mail address, a date...): a length or a pattern says little about 'bad@'.
  const shape = formatProblem(numeric ? 'number' : field.fieldtype, text);
  if (shape) return { valid: false, message: `${label} must be ${shape}` };
  // Lengths first: a pattern never sees a text longer than the field may hold.
  if (!numeric) {
    if (field.minchecked && field.min !== undefined && text.length < field.min) {
      return { valid: false, message: `Length of ${label} is less then ${field.min}` };
    }
    const max = field.maxchecked && field.max !== undefined ? Math.min(field.max, MAX_TEXT_LENGTH) : MAX_TEXT_LENGTH;
    if (text.length > max) return { valid: false, message: `Length of ${label} is more then ${max}` };
  }
  if (field.regularexpressionchecked && field.regularexpression) {
    if (match(field.regularexpression, text) === false) return { valid: false, message: field.errormessage ?? '' };
  }
  if (numeric) {
    const n = Number(text);
    if (field.minchecked && field.min !== undefined && n < field.min) {
      return { valid: false, message: `${label} is less than ${field.min}` };
    }
    if (field.maxchecked && field.max !== undefined && n > field.max) {
      return { valid: false, message: `${label} is more than ${field.max}` };
    }
  }
  return VALID;
}

/** The banner shown when any field of a form is invalid. */
export const VALIDATION_FAILED = 'Validation Failed';
