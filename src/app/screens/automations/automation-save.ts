/**
 * Saving an automation from its designer (docs/api.md, "Definitions as code"): checked first with
 * the schema's own validator (so what is refused is said at once, at its place), then POSTed new
 * or PUT at the version read. The answer as the screen needs it: saved, or refused with the
 * server's words and each problem by pointer (a 409 says someone saved in between).
 */
import { api, succeeded } from '../../../runtime/api/http';
import { validateDefinition } from '../../../shared/precompiled-validators';
import type { SchemaError } from '../../../shared/schema-catalog';

export type Doc = Record<string, unknown>;

export interface Stored {
  id: string;
  version: number;
}

export type SaveOutcome =
  | { ok: true; doc: Doc; stored: Stored }
  | { ok: false; error: string; problems: SchemaError[]; stale: boolean };

/** The document as saved: the server keeps `id` and `version` itself. */
export function withoutServerKeys(doc: Doc): Doc {
  const { id: _id, version: _version, ...rest } = doc;
  return rest;
}

export function problemWords(count: number): string {
  return count === 1 ? 'one problem' : `${count} problems`;
}

export async function saveAutomation(doc: Doc, stored: Stored | null): Promise<SaveOutcome> {
  const body = withoutServerKeys(doc);
  const checked = validateDefinition('automation', body);
  if (!checked.ok) return { ok: false, error: `Not saved: ${problemWords(checked.errors.length)} to fix first (shown at their places)`, problems: checked.errors, stale: false };
  const answer = stored
    ? await api<Doc & { code?: string; details?: SchemaError[] }>('PUT', `/api/definitions/automation/${encodeURIComponent(stored.id)}`, { ...body, version: stored.version })
    : await api<Doc & { code?: string; details?: SchemaError[] }>('POST', '/api/definitions/automation', body);
  const data = answer.data;
  if (succeeded(answer) && data && typeof data.id === 'string' && typeof data.version === 'number') return { ok: true, doc: data, stored: { id: data.id, version: data.version } };
  return {
    ok: false,
    error: answer.error,
    problems: Array.isArray(data?.details) ? data.details : [],
    stale: answer.status === 409 && data?.code === 'STALE_VERSION',
  };
}
