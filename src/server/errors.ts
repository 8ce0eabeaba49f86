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
  setupNotCompleted: () => new ApiError(403, 'SETUP_NOT_COMPLETED', 'Setup is not completed yet'),
  setupCompleted: () => new ApiError(403, 'SETUP_COMPLETED', 'Setup has already been completed'),
  notFound: (what: string) => new ApiError(404, 'NOT_FOUND', `${what} was not found`),
  conflict: (message: string) => new ApiError(409, 'CONFLICT', message),
  staleVersion: (kind: string, name: string) =>
    new ApiError(
      409,
      'STALE_VERSION',
      `The ${kind} '${name}' was changed by someone else since you opened it; reload it and apply your change again`,
    ),
  tooManyFailures: () =>
    new ApiError(429, 'TOO_MANY_FAILURES', 'Too many failed sign-in attempts; please try again later'),
  tooManyRequests: (message: string) => new ApiError(429, 'TOO_MANY_REQUESTS', message),
  badUrl: () => new ApiError(400, 'BAD_URL', 'The url is not valid: a part of it is not valid percent-encoding'),
  urlTooLong: () => new ApiError(414, 'URL_TOO_LONG', 'A part of the url is too long'),
  invalidToken: () => new ApiError(400, 'INVALID_TOKEN', 'The token is not valid or has expired'),
};
