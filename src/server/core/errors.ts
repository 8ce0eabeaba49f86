/**
 * The error catalogue: every error the API answers has a stable code, a status and a
 * message a person can act on. The answer's body is `{ error, code, details? }`.
 */
export interface ErrorDetail {
  pointer: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
    /** More properties of the answer's body (the current record beside a stale save's 409). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The most a refusal's body holds, whatever the request held: a refusal never amplifies. */
export const MAX_REFUSAL_BYTES = 4096;

export interface RefusalBody {
  error: string;
  code: string;
  details?: ErrorDetail[];
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * The body of a 4xx answer, kept under MAX_REFUSAL_BYTES: messages that quote the request (a
 * url, a name, a key) are shortened, and so is the list of details, until it fits.
 */
export function refusalBody(message: string, code: string, details?: ErrorDetail[], maxDetails = 10): RefusalBody {
  for (const [messageMax, detailMax, count] of [
    [500, 200, maxDetails],
    [200, 80, 3],
    [100, 0, 0],
  ] as const) {
    const body: RefusalBody = { error: cut(message, messageMax), code: cut(code, 64) };
    if (details && count > 0) {
      body.details = details.slice(0, count).map((d) => ({ pointer: cut(d.pointer, detailMax), message: cut(d.message, detailMax) }));
    }
    if (Buffer.byteLength(JSON.stringify(body)) <= MAX_REFUSAL_BYTES) return body;
  }
  // Six bytes a character at worst (JSON's \u escapes): 100 characters always fit.
  return { error: cut(message, 100), code: cut(code, 64) };
}

export const errors = {
  invalid: (message: string, details?: ErrorDetail[]) => new ApiError(400, 'INVALID', message, details),
  unauthenticated: () => new ApiError(401, 'UNAUTHENTICATED', 'Please sign in first'),
  forbidden: (message = 'You are not allowed to do this') => new ApiError(403, 'FORBIDDEN', message),
  crossOrigin: (why: string) =>
    new ApiError(403, 'CROSS_ORIGIN', `This request was refused because ${why}: Tessera accepts changes only from its own pages`),
  registrationOff: () =>
    new ApiError(403, 'REGISTRATION_OFF', 'Self-registration is turned off on this site: ask an administrator for an account'),
  setupNotCompleted: () => new ApiError(403, 'SETUP_NOT_COMPLETED', 'Setup is not completed yet'),
  setupCode: () =>
    new ApiError(403, 'SETUP_CODE', "The setup code is missing or wrong: it is printed in the server's log when it started"),
  setupCompleted: () => new ApiError(403, 'SETUP_COMPLETED', 'Setup has already been completed'),
  notFound: (what: string) => new ApiError(404, 'NOT_FOUND', `${what} was not found`),
  conflict: (message: string) => new ApiError(409, 'CONFLICT', message),
  /** A definition Tessera ships and needs (src/shared/built-ins.ts): it may be changed, not deleted or renamed. */
  builtIn: (reason: string) => new ApiError(409, 'BUILT_IN', reason),
  /** A stored model the engine could not apply (definitions/model-startup.ts): the rest of the app runs without it. */
  modelNotApplied: (name: string, reason: string) =>
    new ApiError(409, 'MODEL_NOT_APPLIED', `The model '${name}' could not be applied: ${reason}. An administrator can save a corrected definition`),
  staleVersion: (kind: string, name: string) =>
    new ApiError(
      409,
      'STALE_VERSION',
      `The ${kind} '${name}' was changed by someone else since you opened it; reload it and apply your change again`,
    ),
  /**
   * A model change (POST /api/definitions/model/{id}/change) that its own plan says would lose
   * or break something the request did not accept: values that do not convert without
   * `convert: 'clear'`, empty or repeated values under a new `required` or `unique`, a deleted
   * field still named by a definition. Nothing changed; `plan` is the preview's answer.
   */
  modelChangeBlocked: (message: string, details: ErrorDetail[], plan: unknown) =>
    new ApiError(409, 'MODEL_CHANGE_BLOCKED', message, details, undefined, { plan }),
  /** A record saved by someone else since it was read: nothing changed; `current` is the record as it is now. */
  staleRecord: (current: Record<string, unknown>) =>
    new ApiError(
      409,
      'STALE_VERSION',
      'This record was changed by someone else since you opened it: reload it, or save yours over it',
      undefined,
      undefined,
      { current },
    ),
  tooManyFailures: (retryAfterSeconds: number) =>
    new ApiError(
      429,
      'TOO_MANY_FAILURES',
      `Too many failed attempts; please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`,
      undefined,
      { 'retry-after': String(retryAfterSeconds) },
    ),
  /** An insert import of a file already imported into the model (docs/import.md): `again: true` imports it anyway. */
  importDoneBefore: (message: string) => new ApiError(409, 'IMPORT_DONE_BEFORE', message),
  tooManyRequests: (message: string) => new ApiError(429, 'TOO_MANY_REQUESTS', message),
  databaseUnavailable: () =>
    new ApiError(503, 'DATABASE_UNAVAILABLE', 'The database cannot be reached at the moment; nothing was changed. Please try again in a few seconds'),
  badUrl: () => new ApiError(400, 'BAD_URL', 'The url is not valid: a part of it is not valid percent-encoding'),
  urlTooLong: () => new ApiError(414, 'URL_TOO_LONG', 'A part of the url is too long'),
  invalidToken: () => new ApiError(400, 'INVALID_TOKEN', 'The token is not valid or has expired'),
  /** The View-as header (docs/security.md, "View as") from a caller who may not use it. */
  viewAsRefused: (reason: string) => new ApiError(403, 'VIEW_AS_REFUSED', reason),
  /** The View-as header's value is not `user:<id>` or `group:<name>`, or names nobody. */
  viewAsInvalid: (reason: string) => new ApiError(400, 'VIEW_AS_INVALID', reason),
  /** A change asked while viewing as someone: View as is read only. */
  viewingAsReadOnly: (who: string) => new ApiError(403, 'VIEW_AS_READ_ONLY', `Read only while viewing as ${who}: nothing was changed`),
  /** An automation's before-trigger refused the write (docs/automations.md): its message, as the automation words it. */
  automationRefused: (message: string) => new ApiError(400, 'AUTOMATION_REFUSED', message),
  /** An automation's before-trigger could not decide on the write (a step failed or ran out of time): nothing was written. */
  automationFailed: (automation: string, reason: string) =>
    new ApiError(500, 'AUTOMATION_FAILED', `The automation '${automation}' could not check this change, so nothing was written: ${reason}`),
};

/** Error codes of a database that is away (connection refused or lost, shutting down, starting up, too many connections). */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300', 'SQLITE_BUSY']);
const UNAVAILABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly)/;

/**
 * Whether an error means the database cannot be reached or is busy beyond the wait, rather
 * than a fault in the request or in our code: the caller gets 503 and may try again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return UNAVAILABLE_MESSAGES.test(err.message);
}
