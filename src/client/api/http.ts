import { APP_REQUEST_HEADER } from '../../core/app-request';

/** The answer of a call: its status and its JSON body (null when the body is not JSON). */
export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  data: T | null;
  /** The text to show when !ok: the server's `error` field, else a generic line (spec 8). */
  error: string;
  /** The response headers (none when the request did not reach the server). */
  headers?: Headers;
}

function errorText(status: number, body: unknown): string {
  if (body && typeof body === 'object' && 'error' in body) {
    const e = (body as { error: unknown }).error;
    if (typeof e === 'string' && e) return e;
    if (e && typeof e === 'object' && 'message' in e) return String((e as { message: unknown }).message);
  }
  return `Request failed with status ${status}`;
}

/**
 * Every call goes through here; cookies carry the session (HttpOnly `token`). A network
 * failure is turned into an answer with status 0 so screens have one error path.
 */
export async function api<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<ApiAnswer<T>> {
  try {
    const res = await fetch(path, {
      method,
      credentials: 'same-origin',
      // X-Requested-With marks the app's own calls: GET /api/logout acts on nothing else.
      headers: {
        Accept: 'application/json',
        'X-Requested-With': APP_REQUEST_HEADER,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    // Spec 7: anything other than 200 is an error.
    const ok = res.status === 200;
    return { ok, status: res.status, data: data as T | null, error: ok ? '' : errorText(res.status, data), headers: res.headers };
  } catch (e) {
    return { ok: false, status: 0, data: null, error: (e as Error).message };
  }
}
