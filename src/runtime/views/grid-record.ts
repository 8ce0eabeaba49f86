/**
 * A grid embedded in a stored record's form lists what belongs to that record (docs/api.md, "The
 * records that refer to this one"): its filters name `RECORD.id`, its data requests carry
 * `?record={id}`, and its toolbar actions may carry the id as `:record`.
 */
import type { Action } from '../../generated/definitions';
import { fillUrl } from '../../shared/url-template';

const RECORD_VAR = 'RECORD.id';

function isRecordVar(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { var?: unknown }).var === RECORD_VAR;
}

/** True when a grid's filters (conditions and groups of docs/filters.md) name the embedding record anywhere. */
export function usesRecord(filters: readonly unknown[] | undefined): boolean {
  return (filters ?? []).some((item) => {
    if (typeof item !== 'object' || item === null) return false;
    const group = (item as { and?: unknown; or?: unknown }).and ?? (item as { or?: unknown }).or;
    if (Array.isArray(group)) return usesRecord(group);
    const value = (item as { value?: unknown }).value;
    return isRecordVar(value) || (Array.isArray(value) && value.some(isRecordVar));
  });
}

/** A grid data url with the embedding record as `record`, or the url as it is without one. */
export function withRecord(url: string, record: string | null | undefined): string {
  if (record === null || record === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}record=${encodeURIComponent(record)}`;
}

/** The placeholder of a grid's toolbar action url that stands for the embedding record's id. */
const RECORD_PLACEHOLDER = /:record(?![A-Za-z0-9_])/;

/**
 * A grid's toolbar actions with `:record` filled by the embedding record's id (New preset to it:
 * `/form/loan/add/0?book=:record`). An action naming `:record` where there is no record (the grid
 * on its own screen) is left out: it would open a form tied to nothing.
 */
export function recordActions(actions: readonly Action[] | undefined, record: string | null | undefined): Action[] {
  const out: Action[] = [];
  for (const action of actions ?? []) {
    if (!action.url || !RECORD_PLACEHOLDER.test(action.url)) {
      out.push(action);
      continue;
    }
    const url = record === null || record === undefined ? null : fillUrl(action.url, { record });
    if (url !== null) out.push({ ...action, url });
  }
  return out;
}
