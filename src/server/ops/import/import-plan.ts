/**
 * What an import may do with a model (docs/import.md): the fields a column can fill, the keys an
 * upsert can match by, the references and how their cells can name a record, the mapping proposed
 * for a file's header, and the check of a job's request against all of it.
 */
import { isAuditField } from '../../../shared/audit-fields.js';
import type { ImportField, ImportReference, ImportRequest, ReferenceBy } from '../../../shared/import-types.js';
import { errors } from '../../core/errors.js';
import type { ModelDefinition, ModelField } from '../../records/model-types.js';

/** Whether a field can be filled from a cell: not a link (its own list), a password (hashed by forms) nor an audit field. */
export function importable(f: ModelField): boolean {
  return f.type !== 'link' && f.type !== 'password' && !isAuditField(f.name);
}

export function importFields(model: ModelDefinition): ImportField[] {
  return model.fields.filter(importable).map((f) => ({ name: f.name, label: f.label?.trim() || f.name, type: f.type, required: f.required === true, unique: f.unique === true }));
}

export function importKeys(model: ModelDefinition): string[] {
  return ['id', ...model.fields.filter((f) => importable(f) && f.unique === true).map((f) => f.name)];
}

export function importReferences(model: ModelDefinition, find: (name: string) => ModelDefinition | undefined): ImportReference[] {
  return model.fields
    .filter((f) => f.type === 'reference' && f.target && importable(f))
    .map((f) => {
      const target = find(f.target ?? '');
      return {
        field: f.name,
        label: f.label?.trim() || f.name,
        target: f.target ?? '',
        unique: target ? target.fields.filter((t) => t.unique === true && importable(t)).map((t) => t.name) : [],
        proposed: target?.display ? 'display' : 'id',
      };
    });
}

/** A header or a field's name or label as compared: lower case, without spaces, underscores or hyphens. */
function squeezed(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, '');
}

/** Each header matched to a field by name or label (case and spaces aside), a field taken once; null: skipped. */
export function proposeMapping(headers: string[], model: ModelDefinition): Record<string, string | null> {
  const fields = model.fields.filter(importable);
  const taken = new Set<string>();
  const out: Record<string, string | null> = {};
  for (const header of headers) {
    const h = squeezed(header);
    const f = h === 'id' ? { name: 'id' } : (fields.find((x) => squeezed(x.name) === h) ?? fields.find((x) => x.label && squeezed(x.label) === h));
    out[header] = f && !taken.has(f.name) ? f.name : null;
    if (f) taken.add(f.name);
  }
  return out;
}

/** A job's request checked against the model and the file's headers: a clear 400 for each mistake. */
export function checkRequest(req: ImportRequest, model: ModelDefinition, headers: string[], find: (name: string) => ModelDefinition | undefined): Record<string, ReferenceBy> {
  const fields = new Map(model.fields.filter(importable).map((f) => [f.name, f]));
  const mapped = new Set<string>();
  for (const [header, field] of Object.entries(req.mapping)) {
    if (field === null) continue;
    if (!headers.includes(header)) throw errors.invalid(`The file has no column '${header.slice(0, 100)}'`, [{ pointer: `/mapping/${header.slice(0, 100)}`, message: 'is not a column of the file' }]);
    if (field !== 'id' && !fields.has(field)) {
      throw errors.invalid(`The model ${model.name} has no field '${field.slice(0, 100)}' a column can fill`, [{ pointer: `/mapping/${header.slice(0, 100)}`, message: 'is not a field of the model' }]);
    }
    if (mapped.has(field)) throw errors.invalid(`Two columns are mapped to the field '${field}'`, [{ pointer: `/mapping/${header.slice(0, 100)}`, message: 'maps a field another column fills' }]);
    mapped.add(field);
  }
  if (mapped.size === 0) throw errors.invalid('No column is mapped to a field: map at least one');
  if (req.mode === 'upsert') {
    if (!req.key) throw errors.invalid('An upsert needs a key: the field that matches a row to a record', [{ pointer: '/key', message: 'is required in upsert mode' }]);
    if (!importKeys(model).includes(req.key)) throw errors.invalid(`The field '${req.key.slice(0, 100)}' is not unique: a key must be 'id' or a unique field`, [{ pointer: '/key', message: 'is not a unique field' }]);
    if (!mapped.has(req.key)) throw errors.invalid(`The key '${req.key}' is mapped to no column`, [{ pointer: '/key', message: 'is mapped to no column' }]);
  } else if (mapped.has('id')) {
    throw errors.invalid("An insert makes new records: the 'id' column can only key an upsert", [{ pointer: '/mapping', message: "maps 'id' in insert mode" }]);
  }
  if (req.mode === 'insert') {
    const missing = [...fields.values()].filter((f) => f.required && f.type !== 'boolean' && !mapped.has(f.name) && (f.default === undefined || f.default === null));
    if (missing.length) throw errors.invalid(`The required field${missing.length > 1 ? 's' : ''} ${missing.map((f) => `'${f.name}'`).join(', ')} ${missing.length > 1 ? 'are' : 'is'} mapped to no column`);
  }
  const references: Record<string, ReferenceBy> = {};
  for (const r of importReferences(model, find)) references[r.field] = r.proposed;
  for (const [field, by] of Object.entries(req.references ?? {})) {
    const f = fields.get(field);
    if (!f || f.type !== 'reference') throw errors.invalid(`'${field.slice(0, 100)}' is not a reference field of ${model.name}`, [{ pointer: `/references/${field.slice(0, 100)}`, message: 'is not a reference field' }]);
    const target = find(f.target ?? '');
    if (by === 'display' && !target?.display && !target?.fields.some((t) => t.type === 'text')) {
      throw errors.invalid(`The model ${f.target} has no display to name its records by`, [{ pointer: `/references/${field}`, message: 'the target has no display' }]);
    }
    if (typeof by === 'object' && !target?.fields.some((t) => t.name === by.field && t.unique === true)) {
      throw errors.invalid(`'${by.field.slice(0, 100)}' is not a unique field of ${f.target}`, [{ pointer: `/references/${field}`, message: 'is not a unique field of the target' }]);
    }
    references[field] = by;
  }
  return references;
}
