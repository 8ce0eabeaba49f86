import type { ModelField } from '../../generated/definitions';
import type { ChangePlan, ModelChangeBody } from '../../shared/model-change-plan';
import type { OwnerSaveAnswer } from '../../runtime/form-store';
import { succeeded } from '../../runtime/succeeded';
import type { DesignerApi } from '../services';
import { renamedDisplay } from './field-origins';
import { linkModel } from './words';

/** Whether the admin sees the plan before it is applied: anything lost or at risk, a problem, or any change of a table that holds rows. */
export function asksFirst(plan: ChangePlan): boolean {
  const changes = plan.added.length + plan.renamed.length + plan.retyped.length + plan.required.length + plan.unique.length + plan.deleted.length;
  return plan.problems.length > 0 || plan.deleted.length > 0 || plan.retyped.length > 0 || (plan.rows > 0 && changes > 0);
}

/** The change routes point into their body (`/model/fields/1/type`); the form's fields and the raw text are the model's own. */
function intoModel(data: OwnerSaveAnswer['data']): OwnerSaveAnswer['data'] {
  if (!data?.details) return data;
  const own = (pointer: string) => pointer === '/model' || pointer.startsWith('/model/');
  return { ...data, details: data.details.map((d) => (own(d.pointer) ? { ...d, pointer: d.pointer.slice('/model'.length) } : d)) };
}

/**
 * How a model is saved by the model designer and the models' raw editor, and restored by the
 * History panel (docs/api.md, "Changing a model that holds data"): a new model is created with the link
 * models its links need, in one import; a stored one is previewed with the renames followed
 * (none from the raw editor or a restore) and the link models it needs as the change's `create`,
 * shown to the admin (`ask`, null when called off) when `asksFirst` says so, and applied whole:
 * the change and its link models together, or neither.
 */
export async function submitModel(
  api: DesignerApi,
  values: Record<string, unknown>,
  id: string | null,
  renames: Record<string, string>,
  ask: (plan: ChangePlan) => Promise<Record<string, 'clear'> | null>,
): Promise<OwnerSaveAnswer> {
  const { version, id: _id, ...rest } = values;
  const doc: Record<string, unknown> = { ...rest };
  if (typeof doc.display === 'string' && Object.keys(renames).length) doc.display = renamedDisplay(doc.display, renames);
  const name = String(doc.name ?? '');
  const fields = Array.isArray(doc.fields) ? (doc.fields as ModelField[]) : [];
  const known = await api<string[]>('GET', '/api/models');
  const models = new Set(known.data ?? []);
  const links = fields
    .filter((f) => f.type === 'link' && f.target && f.through && !models.has(f.through) && f.through !== name)
    .map((f) => linkModel(name, f.target as string, f.through as string));

  if (id === null) {
    if (links.length === 0) return answerOf(await api('POST', '/api/definitions/model', doc));
    const imported = await api('POST', '/api/app/import', { format: 'tessera-app', formatVersion: 1, definitions: { model: [doc, ...links] } });
    if (!succeeded(imported)) return answerOf(imported);
    return answerOf(await api('GET', `/api/definitions/model/${encodeURIComponent(name)}`));
  }

  const base = `/api/definitions/model/${encodeURIComponent(id)}`;
  const body: ModelChangeBody = { model: { ...doc, version }, renames, convert: {}, ...(links.length ? { create: links } : {}) };
  const preview = await api<ChangePlan>('POST', `${base}/preview`, body);
  if (!preview.ok || !preview.data) return answerOf(preview);
  if (asksFirst(preview.data)) {
    const convert = await ask(preview.data);
    if (convert === null) return { ok: false, status: 0, data: null, error: '', cancelled: true };
    body.convert = convert;
  }
  const changed = await api<{ model: { id: string; version: number } }>('POST', `${base}/change`, body);
  if (!changed.ok || !changed.data) return answerOf(changed);
  return { ok: true, status: changed.status, error: '', data: { id: changed.data.model.id, version: changed.data.model.version } };
}

function answerOf(a: { ok: boolean; status: number; data: unknown; error: string }): OwnerSaveAnswer {
  const ok = succeeded(a);
  return { ok, status: a.status, error: ok ? '' : a.error, data: intoModel((a.data ?? null) as OwnerSaveAnswer['data']) };
}
