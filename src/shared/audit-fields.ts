import type { ModelField } from '../generated/definitions.js';

/**
 * Who made and who last changed a record, and when: four columns every model table has (the
 * definition tables excepted, whose own history says it), kept by the server on every write
 * and never by a client (docs/api.md, "Audit fields"). Readers see them as fields of the model,
 * after its own: a grid shows, filters and sorts by them, a form shows them read-only, and a
 * record rule says "own records" as `{ field: '_created_by', op: 'eq', value: { var: 'CURRENT_USER.id' } }`.
 * No model may define a field of these names (schemas/model.json).
 */
export const AUDIT_FIELDS: readonly Readonly<ModelField>[] = [
  { name: '_created_by', type: 'reference', target: 'User', label: 'Created by' },
  { name: '_created_at', type: 'datetime', label: 'Created at' },
  { name: '_updated_by', type: 'reference', target: 'User', label: 'Updated by' },
  { name: '_updated_at', type: 'datetime', label: 'Updated at' },
];

export const AUDIT_FIELD_NAMES: ReadonlySet<string> = new Set(AUDIT_FIELDS.map((f) => f.name));

/** Whether a field name is one of the audit fields. */
export function isAuditField(name: string): boolean {
  return AUDIT_FIELD_NAMES.has(name);
}
