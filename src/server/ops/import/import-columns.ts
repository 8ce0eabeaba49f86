/**
 * The columns an import checks each field with, as a form's save would (form-writes.ts): the
 * column of the first form of the model that shows the field (its pattern, lengths, bounds), or,
 * for a field no form shows, the Input a generated form would give it.
 */
import { boundFields, type WalkRow } from '../../../shared/definition-walk.js';
import type { ValidatedField } from '../../../shared/field-validation.js';
import { modelOf } from '../../../shared/contract.js';
import type { Definitions } from '../../definitions/definitions.js';
import type { ModelStore } from '../../records/model-store.js';
import { importable } from './import-plan.js';

const INPUT_TYPES: Record<string, string> = { text: 'text', number: 'number', date: 'date', datetime: 'datetime-local' };
const CHILD_TYPES: Record<string, string> = { boolean: 'Checkbox', json: 'CodeEditor', reference: 'Reference' };

export async function importColumns(defs: Definitions, store: ModelStore, modelName: string): Promise<Record<string, ValidatedField>> {
  const model = store.get(modelName);
  const out: Record<string, ValidatedField> = {};
  for (const entry of await defs.list('form')) {
    const form = await defs.find('form', entry.id).catch(() => undefined);
    if (!form || modelOf(form) !== model.name) continue;
    for (const { field, column } of boundFields(form.definition as WalkRow[])) {
      if (!(field in out) && model.fields.some((f) => f.name === field && importable(f))) out[field] = column as unknown as ValidatedField;
    }
  }
  for (const f of model.fields) {
    if (f.name in out || !importable(f)) continue;
    out[f.name] = { childType: CHILD_TYPES[f.type] ?? 'Input', name: f.name, label: f.label?.trim() || f.name, fieldtype: INPUT_TYPES[f.type] ?? 'text', required: f.required === true };
  }
  return out;
}
