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
  ) {
    super(message);
  }
}

export const errors = {
  invalid: (message: string, details?: ErrorDetail[]) => new ApiError(400, 'INVALID', message, details),
  unauthenticated: () => new ApiError(401, 'UNAUTHENTICATED', 'Please sign in first'),
  forbidden: (message = 'You are not allowed to do this') => new ApiError(403, 'FORBIDDEN', message),
  setupNotCompleted: () => new ApiError(403, 'SETUP_NOT_COMPLETED', 'Setup is not completed yet'),
  setupCode: () =>
    new ApiError(403, 'SETUP_CODE', "The setup code is missing or wrong: it is printed in the server's log when it started"),
  setupCompleted: () => new ApiError(403, 'SETUP_COMPLETED', 'Setup has already been completed'),
  notFound: (what: string) => new ApiError(404, 'NOT_FOUND', `${what} was not found`),
  conflict: (message: string) => new ApiError(409, 'CONFLICT', message),
  staleVersion: (kind: string, name: string) =>
    new ApiError(
      409,
      'STALE_VERSION',
      `The ${kind} '${name}' was changed by someone else since you opened it; reload it and apply your change again`,
    ),
  tooManyFailures: (retryAfterSeconds: number) =>
    new ApiError(
      429,
      'TOO_MANY_FAILURES',
      `Too many failed attempts; please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`,
      undefined,
      { 'retry-after': String(retryAfterSeconds) },
    ),
  tooManyRequests: (message: string) => new ApiError(429, 'TOO_MANY_REQUESTS', message),
  invalidToken: () => new ApiError(400, 'INVALID_TOKEN', 'The token is not valid or has expired'),
};
