/**
 * The access log's pure parts, shared by the server thread and the log's writer thread: what
 * a request leaves behind, the row it becomes, and the entry a reader gets back (its type is
 * src/shared/api-types.ts, the client's too). Type imports only, so the writer thread loads
 * nothing else.
 */
import type { AccessLogEntry } from '../../shared/api-types.js';

/**
 * What the response hook keeps of a request: raw values only, so the hot path allocates one
 * small array. The query string is cut, the message composed and the level decided later.
 */
export type Pending = [at: number, method: string, url: string, status: number, ms: number, user: string | null, id: string, ip: string];

/** A row as it is stored: ts, level, method, path, status, duration_ms, user_name, request_id, address, message. */
export type LogRow = [number, string, string, string, number, number, string | null, string, string, string];

export type { AccessLogEntry };

export interface AccessLogQuery {
  start?: number;
  limit?: number;
  fromDate?: string;
  untilDate?: string;
}

/** Most entries one read answers; the client asks for more pages rather than one huge one. */
export const ACCESS_LOG_MAX_LIMIT = 10_000;

/** The stored columns, in the reader's order; both stores select these. */
export const STORED_COLUMNS = ['id', 'ts', 'level', 'message', 'method', 'path', 'status', 'duration_ms', 'user_name', 'request_id', 'address'] as const;

export function levelOf(status: number): AccessLogEntry['level'] {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

/**
 * The path as logged: without the query string (it can carry search text or tokens, and is
 * not needed to read the log), and with the lost-password link's token (the client route
 * /lost_password/:stage/:token, which the server answers too) masked.
 */
export function loggedPath(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  return path.startsWith('/lost_password/') ? path.replace(/^(\/lost_password\/[^/]+\/).+$/, '$1***') : path;
}

export function composeMessage(method: string, path: string, status: number, ms: number, user: string | null, id: string, ip: string): string {
  // Spaces around the status keep the client's red-row rule (' 404 ', ' 500 ', ...) exact.
  return `${method} ${path} ${status} ${ms}ms user=${user ?? '-'} id=${id} ip=${ip}`;
}

export function toRow([at, method, url, status, ms, user, id, ip]: Pending): LogRow {
  const path = loggedPath(url);
  const duration = Math.round(ms * 10) / 10;
  return [at, levelOf(status), method, path, status, duration, user, id, ip, composeMessage(method, path, status, duration, user, id, ip)];
}

/**
 * A stored row (either database) as the API answers it. The log's own file stores neither the
 * level nor the readable line (both follow from the rest): they are made here.
 */
export function toEntry(r: Record<string, unknown>): AccessLogEntry {
  const method = String(r.method);
  const path = String(r.path);
  const status = Number(r.status);
  const durationMs = Number(r.duration_ms);
  const user = r.user_name === null || r.user_name === undefined ? null : String(r.user_name);
  const requestId = String(r.request_id);
  const address = String(r.address);
  return {
    id: Number(r.id),
    timestamp: new Date(Number(r.ts)).toISOString(),
    level: typeof r.level === 'string' ? (r.level as AccessLogEntry['level']) : levelOf(status),
    message: typeof r.message === 'string' ? r.message : composeMessage(method, path, status, durationMs, user, requestId, address),
    method,
    path,
    status,
    durationMs,
    user,
    requestId,
    address,
  };
}
