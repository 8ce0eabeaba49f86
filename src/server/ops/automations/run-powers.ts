import type { StepContext, StepRecord, WrittenRecord } from '../../../shared/automation-step.js';
import type { ModelStore } from '../../records/model-store.js';
import { ROW_VERSION } from '../../records/model-store.js';

/** A request to the server's own API in this process (Fastify's inject), as a run token's user. */
export type Invoke = (request: { method: 'GET' | 'POST' | 'DELETE'; url: string; token: string; body?: unknown }) => Promise<{ status: number; body: unknown }>;

/** The most records a loop reads. */
export const MAX_LOOP_RECORDS = 1000;

const path = (part: string) => encodeURIComponent(part);

/** A refusal of the API in a step's words: what the form said, and where. */
function refusal(form: string, action: string, answer: { status: number; body: unknown }): Error {
  const body = (answer.body ?? {}) as { error?: unknown; details?: { pointer?: unknown; message?: unknown }[] };
  const details = Array.isArray(body.details) ? body.details.map((d) => `${String(d.pointer ?? '')} ${String(d.message ?? '')}`.trim()).join('; ') : '';
  const said = typeof body.error === 'string' ? body.error : `status ${answer.status}`;
  return new Error(`The form '${form}' refused to ${action} (${answer.status}): ${said}${details ? ` (${details})` : ''}`);
}

/**
 * The record steps' writes (docs/automations.md, "Run as"): through a form's own routes, as the
 * run-as user, so every check a person meets in that form is met here: its fields, its rules, the
 * user's grants and record rules, the row version. An update reads the record's version first and
 * sends it back, reading again once when someone else changed it in between (409).
 */
export function recordPowers(store: ModelStore, invoke: Invoke, token: string): StepContext['records'] {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => invoke({ method, url, token, ...(body === undefined ? {} : { body }) });
  return {
    async create(form, values): Promise<WrittenRecord> {
      const answer = await call('POST', `/api/form/${path(form)}/add`, values);
      if (answer.status !== 200) throw refusal(form, 'add the record', answer);
      return { id: (answer.body as { id: string | number }).id };
    },
    async update(form, id, values): Promise<WrittenRecord> {
      if (!id) throw new Error(`The record to update through '${form}' has no id (its template came out empty)`);
      for (let tries = 0; ; tries++) {
        const read = await call('GET', `/api/form/${path(form)}/data/${path(id)}`);
        if (read.status !== 200) throw refusal(form, `read the record '${id}'`, read);
        const version = (read.body as Record<string, unknown>)[ROW_VERSION];
        const answer = await call('POST', `/api/form/${path(form)}/update/${path(id)}`, { ...values, [ROW_VERSION]: version });
        if (answer.status === 409 && tries === 0) continue;
        if (answer.status !== 200) throw refusal(form, `update the record '${id}'`, answer);
        return { id: (answer.body as { id?: string | number }).id ?? id };
      }
    },
    async delete(form, id): Promise<WrittenRecord> {
      if (!id) throw new Error(`The record to delete through '${form}' has no id (its template came out empty)`);
      const answer = await call('DELETE', `/api/form/${path(form)}/delete/${path(id)}`);
      if (answer.status !== 200) throw refusal(form, `delete the record '${id}'`, answer);
      return { id };
    },
    async find(model, filter, limit): Promise<StepRecord[]> {
      const definition = store.get(model);
      const fields = store.columns(definition).filter((f) => f.type !== 'password').map((f) => f.name);
      return store.list(model, {
        fields,
        ...(filter ? { where: filter as never } : {}),
        sorts: [{ field: 'id', dir: 'asc' }],
        limit: Math.min(Math.max(1, limit), MAX_LOOP_RECORDS),
      });
    },
  };
}
