import { APP_REQUEST_HEADER } from '../../shared/app-request';
import { viewAsHeaders } from '../view-as';

// Beside the client: `ok` is 200 alone, this says whether a call that may create (201) did it.
export { succeeded } from '../succeeded';

/** The answer of a call: its status and its JSON body (null when the body is not JSON). */
export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  data: T | null;
  /** The text to show when !ok: the server's `error` field, else a generic line. */
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
 * True when a path holds a '.' or '..' segment (also spelt %2e, as the browser reads it). Paths
 * are built from route parameters and record values; encodeURIComponent leaves dots alone, and
 * the browser resolves such segments before sending, so a value '..' would walk the call up to
 * another API (/api/select/../logout is /api/logout). src/shared/url-template.ts keeps them out of
 * definitions' urls; this keeps them out of every call, whoever built the path.
 */
export function walksUp(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
}

/**
 * Every call goes through here; cookies carry the session (HttpOnly `token`). A network
 * failure is turned into an answer with status 0 so screens have one error path.
 */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<ApiAnswer<T>> {
  if (walksUp(path)) return { ok: false, status: 0, data: null, error: "This address is not valid: a part of it is '.' or '..'" };
  try {
    const res = await fetch(path, {
      method,
      credentials: 'same-origin',
      // X-Requested-With marks the app's own calls: GET /api/logout acts on nothing else.
      headers: {
        Accept: 'application/json',
        'X-Requested-With': APP_REQUEST_HEADER,
        // While an administrator views as someone, every call is answered as that user sees it.
        ...viewAsHeaders(),
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
    // The API's contract: anything other than 200 is an error.
    const ok = res.status === 200;
    return { ok, status: res.status, data: data as T | null, error: ok ? '' : errorText(res.status, data), headers: res.headers };
  } catch (e) {
    return { ok: false, status: 0, data: null, error: (e as Error).message };
  }
}

/**
 * A GET whose answer is a file, read as it arrives (a grid's export): the open response when the
 * server answers 200, else the error as api() words it. `signal` stops it (Cancel).
 */
export async function openDownload(path: string, signal: AbortSignal): Promise<{ ok: true; response: Response } | { ok: false; status: number; error: string }> {
  if (walksUp(path)) return { ok: false, status: 0, error: "This address is not valid: a part of it is '.' or '..'" };
  try {
    const res = await fetch(path, { credentials: 'same-origin', signal, headers: { 'X-Requested-With': APP_REQUEST_HEADER, ...viewAsHeaders() } });
    if (res.status === 200) return { ok: true, response: res };
    const text = await res.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    return { ok: false, status: res.status, error: errorText(res.status, data) };
  } catch (e) {
    return { ok: false, status: 0, error: (e as Error).message };
  }
}

/** How far an upload is: bytes sent of the body's size. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * A multipart POST (an import's file) through XMLHttpRequest, whose upload reports its progress
 * as fetch cannot; answered as api() answers (200 alone is ok, the server's error text else,
 * status 0 when the request did not reach it). `signal` stops it.
 */
export function apiUpload<T>(path: string, form: FormData, onProgress?: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<ApiAnswer<T>> {
  if (walksUp(path)) return Promise.resolve({ ok: false, status: 0, data: null, error: "This address is not valid: a part of it is '.' or '..'" });
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', APP_REQUEST_HEADER);
    for (const [name, value] of Object.entries(viewAsHeaders())) xhr.setRequestHeader(name, value);
    if (onProgress) xhr.upload.addEventListener('progress', (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 }));
    const failed = (error: string) => resolve({ ok: false, status: 0, data: null, error });
    xhr.addEventListener('load', () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      const ok = xhr.status === 200;
      resolve({ ok, status: xhr.status, data: data as T | null, error: ok ? '' : errorText(xhr.status, data) });
    });
    xhr.addEventListener('error', () => failed('The upload did not reach the server'));
    xhr.addEventListener('abort', () => failed('The upload was stopped'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
