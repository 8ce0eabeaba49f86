/**
 * The value of the X-Requested-With header the client sends on every API call. The server
 * acts on GET /api/logout only for a request carrying it (or Sec-Fetch-Dest: empty), never for
 * a picture, a frame or a navigation that happens to point there.
 */
export const APP_REQUEST_HEADER = 'tessera';
