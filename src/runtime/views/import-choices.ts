import type { ImportFile, ImportJob, ImportMode, ImportRequest, ImportState, ReferenceBy } from '../../shared/import-types';

/** The encodings a CSV may be read as (WHATWG labels, as TextDecoder names them); the first is the default. */
export const IMPORT_ENCODINGS = [
  { value: 'utf-8', label: 'UTF-8' },
  { value: 'windows-1252', label: 'Windows-1252 (Western European)' },
  { value: 'utf-16le', label: 'UTF-16 LE' },
  { value: 'iso-8859-1', label: 'ISO-8859-1 (Latin-1)' },
] as const;

/** What the user chose in the mapping step. */
export interface ImportChoices {
  /** Header -> field name, or null: skipped. */
  mapping: Record<string, string | null>;
  mode: ImportMode;
  /** The upsert key; kept while insert is chosen so switching back keeps it. */
  key: string;
  /** Per reference field, how its cells name the target, as a select's value (see byValue). */
  references: Record<string, string>;
  batches: boolean;
}

/** A ReferenceBy as a select's value: 'id', 'display' or 'field:<name>'. */
export function byValue(by: ReferenceBy): string {
  return typeof by === 'string' ? by : `field:${by.field}`;
}

/** The ReferenceBy a select's value names (byValue's inverse). */
export function byOfValue(value: string): ReferenceBy {
  return value.startsWith('field:') ? { field: value.slice('field:'.length) } : value === 'display' ? 'display' : 'id';
}

/** The fields a column may fill: the file answer's, and the id when it can key an update but is not among them. */
export function mappableFields(file: ImportFile): { name: string; label: string }[] {
  const fields = file.fields.map((f) => ({ name: f.name, label: f.label || f.name }));
  return file.keys.includes('id') && !fields.some((f) => f.name === 'id') ? [{ name: 'id', label: 'Id' }, ...fields] : fields;
}

/** The proposal: the server's mapping, each reference's proposed way, insert, and a mapped unique field as the key when there is one. */
export function proposedChoices(file: ImportFile): ImportChoices {
  const mapping: Record<string, string | null> = {};
  for (const column of file.columns) mapping[column.header] = file.mapping[column.header] ?? null;
  const mapped = new Set(Object.values(mapping));
  const key = file.keys.find((k) => k !== 'id' && mapped.has(k)) ?? file.keys[0] ?? 'id';
  const references: Record<string, string> = {};
  for (const ref of file.references) references[ref.field] = byValue(ref.proposed);
  return { mapping, mode: 'insert', key, references, batches: false };
}

/** The job request of the choices: the whole mapping, the key in upsert mode, the way of each mapped reference. */
export function importRequest(file: ImportFile, choices: ImportChoices, dryRun: boolean, again = false): ImportRequest {
  const mapped = new Set(Object.values(choices.mapping).filter((f): f is string => f !== null));
  const references: Record<string, ReferenceBy> = {};
  for (const ref of file.references) if (mapped.has(ref.field)) references[ref.field] = byOfValue(choices.references[ref.field] ?? byValue(ref.proposed));
  return {
    file: file.file,
    mapping: choices.mapping,
    mode: choices.mode,
    ...(choices.mode === 'upsert' ? { key: choices.key } : {}),
    ...(Object.keys(references).length ? { references } : {}),
    dryRun,
    ...(choices.batches ? { batches: true } : {}),
    ...(again ? { again: true } : {}),
  };
}

/** What keeps the choices from being run (two columns filling one field), as sentences; empty when none. */
export function mappingProblems(file: ImportFile, choices: ImportChoices): string[] {
  const labels = new Map(mappableFields(file).map((f) => [f.name, f.label]));
  const byField = new Map<string, string[]>();
  for (const column of file.columns) {
    const field = choices.mapping[column.header];
    if (field) byField.set(field, [...(byField.get(field) ?? []), column.header]);
  }
  const problems: string[] = [];
  for (const [field, headers] of byField) if (headers.length > 1) problems.push(`${headers.map((h) => `'${h}'`).join(' and ')} all fill ${labels.get(field) ?? field}: choose one column for it.`);
  if (!Object.values(choices.mapping).some((f) => f)) problems.push('No column is mapped to a field.');
  return problems;
}

/** What may go wrong with the choices but is the user's call, as sentences. */
export function mappingWarnings(file: ImportFile, choices: ImportChoices): string[] {
  const mapped = new Set(Object.values(choices.mapping));
  const warnings: string[] = [];
  const missing = file.fields.filter((f) => f.required && !mapped.has(f.name)).map((f) => f.label || f.name);
  if (missing.length && choices.mode === 'insert') warnings.push(`Required ${missing.length === 1 ? 'field' : 'fields'} not mapped: ${missing.join(', ')}. A new record needs a value (or a default) for each.`);
  if (choices.mode === 'upsert' && !mapped.has(choices.key)) {
    const label = mappableFields(file).find((f) => f.name === choices.key)?.label ?? choices.key;
    warnings.push(`No column is mapped to ${label}, the key: no row can match a record, so every row would be added.`);
  }
  return warnings;
}

export function ended(state: ImportState): boolean {
  return state === 'done' || state === 'failed' || state === 'cancelled';
}

/** A duration as a person reads it: '45 s', '3 min 20 s', '2 h 5 min'. */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const m = Math.floor(s / 60);
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}

const n = (value: number) => value.toLocaleString('en-US');

/** The line under a running job's bar: rows done of the total, the rate and the time left, as far as known. */
export function progressText(job: ImportJob): string {
  const parts = [job.total === null ? `${n(job.done)} rows read` : `${n(job.done)} of ${n(job.total)} rows`];
  if (job.rate > 0) parts.push(`${n(Math.round(job.rate))} rows/s`);
  if (job.secondsLeft !== null) parts.push(`about ${durationText(job.secondsLeft)} left`);
  return parts.join(' · ');
}

/** A time the server gave, in the reader's own terms. */
export function atText(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString();
}
