/**
 * Record history (docs/history.md): what the server keeps of every insert, update and delete of
 * a model record, one entry per record and change, in `sys_record_history`, written in the
 * change's own transaction. Shared by the server that writes and reads it and the screens that
 * show it.
 */

/** The kinds of change: a record added, changed or deleted; `restore` is one entry for a whole restore. */
export const HISTORY_ACTIONS = ['insert', 'update', 'delete', 'restore'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/**
 * One field's change as stored: its value before and after as the database column holds it (an
 * insert's before and a delete's after are null), or `"changed"` for a field whose values are
 * never kept (a password, a field the model keeps out of its history).
 */
export type StoredFieldChange = [before: unknown, after: unknown] | 'changed';

/** The word stored for a field whose values are kept out. */
export const VALUE_KEPT_OUT = 'changed';

/** A row of `sys_record_history` as the database holds it. */
export interface HistoryRow {
  id: number | string;
  /** The model's name. */
  model: string;
  /** The record's id, as text. */
  record_id: string;
  action: HistoryAction;
  /** JSON: { [field]: StoredFieldChange }, the fields that changed only; `{}` for a restore. */
  changes: string;
  /** Who: the user's id and name at the time; null for the server's own writes (setup, scripts, housekeeping). */
  user_id: number | null;
  user_name: string | null;
  /** When: an ISO date and time in UTC with milliseconds. */
  at: string;
  /** From where: the route (`POST /api/form/:name/update/:id`) or the job (`restore`, `import`, `model change`). */
  source: string | null;
  /** The client's address, for a request. */
  address: string | null;
  /** Groups the entries one request made. */
  request_id: string | null;
}
