/**
 * The step types the designer offers, read from the step folders' schemas alone
 * (src/generated/step-schemas.ts, made from plugins/steps/<type>/schema.json): a new folder appears
 * in the Add step list, with its label and icon, and gets a panel, with no code here.
 */
import { stepSchemaFiles } from '../../generated/step-schemas';
import type { Json, Timing } from './automation-doc';
import { stepFields } from './step-fields';

export interface StepKind {
  type: string;
  label: string;
  /** A bootstrap-icons name. */
  icon: string;
  description: string;
  order: number;
  /** When the step may run: after a change (queued) or before it (in its transaction). */
  timings: readonly Timing[];
  schema: Json;
}

const BEFORE_ONLY = /^Before a write only\b/i;

/**
 * When a step may run. A step folder's runner declares it (run.ts's `timings`), but that file is
 * the server's; the designer reads a `timings` hint in the schema's x-tessera when there is one.
 * Without it: a schema that says "Before a write only" is for before triggers, a condition (which
 * only steers its Then and Else lists) for both, any other step for after triggers.
 */
function timingsOf(type: string, schema: Json, hints: Json): Timing[] {
  const declared = hints.timings;
  if (Array.isArray(declared)) return declared.filter((t): t is Timing => t === 'after' || t === 'before');
  if (BEFORE_ONLY.test(String(schema.description ?? ''))) return ['before'];
  return type === 'condition' ? ['after', 'before'] : ['after'];
}

function kindOf(type: string, schema: Json, index: number): StepKind {
  const hints = (schema['x-tessera'] ?? {}) as Json;
  return {
    type,
    label: typeof hints.label === 'string' ? hints.label : typeof schema.title === 'string' ? schema.title : type,
    icon: typeof hints.icon === 'string' ? hints.icon : 'gear',
    description: typeof schema.description === 'string' ? schema.description : '',
    order: typeof hints.order === 'number' ? hints.order : 1000 + index,
    timings: timingsOf(type, schema, hints),
    schema,
  };
}

/** Every step type of these schema files (keyed by type), in the order the Add step list shows them. */
export function stepCatalogue(files: Readonly<Record<string, object>> = stepSchemaFiles): StepKind[] {
  return Object.entries(files)
    .map(([type, schema], i) => kindOf(type, schema as Json, i))
    .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
}

/** The step types that may run at `timing`. */
export function offeredAt(catalogue: readonly StepKind[], timing: Timing): StepKind[] {
  return catalogue.filter((k) => k.timings.includes(timing));
}

/**
 * A new step of a kind: its type and a starting value for each required setting (an empty text,
 * an empty filter, no values), so the panel shows every input it needs and a save says what is
 * still missing at its place.
 */
export function newStep(kind: StepKind): Json {
  const step: Json = { type: kind.type };
  const required = Array.isArray(kind.schema.required) ? (kind.schema.required as string[]) : [];
  for (const field of stepFields(kind.schema)) {
    if (!required.includes(field.property)) continue;
    if (field.kind === 'filter') step[field.property] = { and: [] };
    else if (field.kind === 'values' || field.kind === 'json') step[field.property] = {};
    else if (field.kind === 'steps') step[field.property] = [];
    else if (field.kind === 'boolean') step[field.property] = false;
    else if (field.kind !== 'number') step[field.property] = '';
  }
  return step;
}
