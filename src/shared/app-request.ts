/**
 * The value of the X-Requested-With header the client sends on every API call: a page of
 * another origin cannot add it without a CORS preflight, which the server never grants, so it
 * is one of the proofs that a change (or a sign-out) came from the app's own page
 * (src/server/http/origin-check.ts).
 */
export const APP_REQUEST_HEADER = 'tessera';
