/**
 * What a step's settings panel draws, read from its schema (a step folder's schema.json): one
 * field per property, its editor chosen by the property's shape. A property of a shape not known
 * here is edited as JSON, so a new step type always gets a working panel.
 */
import type { Json } from './automation-doc';

export type StepFieldKind =
  /** One line of plain text. */
  | 'text'
  /** Text that is a template ({{record.title}}): an input that offers the run's values. */
  | 'template'
  /** A long template (a message's text). */
  | 'templateArea'
  | 'enum'
  | 'number'
  | 'boolean'
  /** A form's name: a select of the forms. */
  | 'form'
  /** A model's name: a select of the models. */
  | 'model'
  /** A filter of the filter language: the filter builder over the relevant model. */
  | 'filter'
  /** Field name to template: a key/value editor. */
  | 'values'
  /** A nested list of steps (a condition's Then, a loop's steps). */
  | 'steps'
  /** Anything else: its JSON. */
  | 'json';

export interface StepField {
  property: string;
  kind: StepFieldKind;
  label: string;
  description: string;
  required: boolean;
  options?: readonly string[];
  minimum?: number;
  maximum?: number;
}

const FILTER_REF = /\/filter\.json$/;
const MODEL_REF = /common\.json#\/\$defs\/modelName$/;
const STEP_REF = /\/step\.json$/;
const TEMPLATE = /\btemplate\b/i;
/** Texts longer than this are edited in a text area. */
const LONG_TEXT = 2000;

/** "timeoutMs" as "Timeout ms", "then" as "Then". */
export function humanize(property: string): string {
  const words = property
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bid\b/g, 'ID');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function kindOf(property: string, prop: Json): StepFieldKind {
  const ref = typeof prop.$ref === 'string' ? prop.$ref : '';
  if (FILTER_REF.test(ref)) return 'filter';
  if (MODEL_REF.test(ref)) return 'model';
  if (property === 'form') return 'form';
  if (Array.isArray(prop.enum)) return 'enum';
  if (prop.type === 'array') {
    const items = (prop.items ?? {}) as Json;
    return typeof items.$ref === 'string' && STEP_REF.test(items.$ref) ? 'steps' : 'json';
  }
  if (prop.type === 'object') return prop.additionalProperties && typeof prop.additionalProperties === 'object' ? 'values' : 'json';
  if (prop.type === 'integer' || prop.type === 'number') return 'number';
  if (prop.type === 'boolean') return 'boolean';
  if (prop.type === 'string' || ref !== '') {
    const template = TEMPLATE.test(String(prop.description ?? ''));
    if (template && typeof prop.maxLength === 'number' && prop.maxLength > LONG_TEXT) return 'templateArea';
    return template ? 'template' : 'text';
  }
  return 'json';
}

const cache = new WeakMap<object, StepField[]>();

/** The fields of a step schema, in the schema's order, without its `type`. */
export function stepFields(schema: Json): StepField[] {
  const known = cache.get(schema);
  if (known) return known;
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const fields = Object.entries(properties)
    .filter(([property]) => property !== 'type')
    .map(([property, prop]): StepField => {
      const hints = (prop['x-tessera'] ?? {}) as Json;
      const label = typeof prop.title === 'string' ? prop.title : typeof hints.label === 'string' ? hints.label : humanize(property);
      return {
        property,
        kind: kindOf(property, prop),
        label,
        description: typeof prop.description === 'string' ? prop.description : '',
        required: required.has(property),
        ...(Array.isArray(prop.enum) && { options: prop.enum.map(String) }),
        ...(typeof prop.minimum === 'number' && { minimum: prop.minimum }),
        ...(typeof prop.maximum === 'number' && { maximum: prop.maximum }),
      };
    });
  cache.set(schema, fields);
  return fields;
}

/** The nested step lists of a step schema (a condition's then and else, a loop's steps). */
export function nestedLists(schema: Json): StepField[] {
  return stepFields(schema).filter((f) => f.kind === 'steps');
}
