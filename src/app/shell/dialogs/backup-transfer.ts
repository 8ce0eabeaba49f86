/**
 * The network side of the Backup and Restore dialogues: the backup comes as a stream whose
 * length is known once the server has packed it (so its download shows real progress), the
 * restore goes up through XMLHttpRequest, whose upload events fetch does not offer.
 */
import { APP_REQUEST_HEADER } from '../../../shared/app-request';
import { viewAsHeaders } from '../../../runtime/view-as';

export const BACKUP_FILE_NAME = 'backup.7z';

export interface Progress {
  /** Bytes moved so far. */
  loaded: number;
  /** Bytes in all, when known. */
  total: number | null;
}

export type Outcome<T> = { ok: true; data: T } | { ok: false; error: string };

function errorOf(status: number, text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed.error === 'string' && parsed.error) return parsed.error;
  } catch {
    // not JSON: the generic line
  }
  return `Request failed with status ${status}`;
}

/** Asks the server for backup.7z; `onProgress` follows the download once the server starts sending. */
export async function fetchBackup(password: string, onProgress: (p: Progress) => void, signal?: AbortSignal): Promise<Outcome<Blob>> {
  try {
    const res = await fetch('/api/backup/backup', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/x-7z-compressed, application/json', 'Content-Type': 'application/json', 'X-Requested-With': APP_REQUEST_HEADER, ...viewAsHeaders() },
      body: JSON.stringify({ password }),
      signal,
    });
    if (res.status !== 200) return { ok: false, error: errorOf(res.status, await res.text()) };
    const length = Number(res.headers.get('content-length'));
    const total = Number.isFinite(length) && length > 0 ? length : null;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let loaded = 0;
    onProgress({ loaded, total });
    const reader = res.body?.getReader();
    if (!reader) return { ok: true, data: await res.blob() };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      loaded += value.byteLength;
      onProgress({ loaded, total });
    }
    return { ok: true, data: new Blob(chunks, { type: 'application/x-7z-compressed' }) };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

export interface RestoreAnswer {
  ok: true;
  message: string;
  tables: number;
  rows: number;
  deleted: boolean;
  /** What the server kept against the backup (a restore never lowers its security) or changed that an admin should know. */
  warnings?: string[];
}

/**
 * Sends the restore form (multipart with file, delete, password). `onProgress` follows
 * the upload; when it reaches the total, the server is restoring. Answers an abort function too.
 */
export function sendRestore(
  form: { file: File; password: string; deleteFirst: boolean },
  onProgress: (p: Progress) => void,
): { done: Promise<Outcome<RestoreAnswer>>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Outcome<RestoreAnswer>>((resolve) => {
    xhr.open('POST', '/api/backup/restore');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', APP_REQUEST_HEADER);
    // Viewing as someone, a restore is refused (read only) rather than run as the administrator.
    for (const [name, value] of Object.entries(viewAsHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : null });
    // Sent whole (also when the sizes were not computable): the server is at work now.
    xhr.upload.onload = () => onProgress({ loaded: form.file.size, total: form.file.size });
    xhr.onload = () => {
      if (xhr.status !== 200) {
        resolve({ ok: false, error: errorOf(xhr.status, xhr.responseText) });
        return;
      }
      try {
        resolve({ ok: true, data: JSON.parse(xhr.responseText) as RestoreAnswer });
      } catch {
        resolve({ ok: false, error: 'The server answered something that is not JSON' });
      }
    };
    xhr.onerror = () => resolve({ ok: false, error: 'The restore could not reach the server' });
    xhr.onabort = () => resolve({ ok: false, error: 'The restore was cancelled' });
    const body = new FormData();
    body.append('delete', form.deleteFirst ? 'true' : 'false');
    body.append('password', form.password);
    body.append('file', form.file, form.file.name);
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}

/** 1,234,567 bytes as '1.2 MB'. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** After a restore the whole app must read the restored data again: a full reload. Replaceable in tests. */
export const page = {
  reload(): void {
    window.location.reload();
  },
};
