/**
 * A model's fields said in the words an administrator uses: the type names the designer shows,
 * relations as sentences ("Each Loan belongs to one Book"), and the link model a link between
 * two models is kept in, named and shaped for the admin so nobody writes one by hand.
 */
import type { ModelDefinition, ModelField } from '../../generated/definitions';

export const TYPE_WORDS: Readonly<Record<string, string>> = {
  text: 'Text',
  number: 'Number',
  boolean: 'Yes or no',
  date: 'Date',
  datetime: 'Date and time',
  json: 'JSON',
  password: 'Password',
  reference: 'Reference',
  link: 'Link',
};

function nameOf(model: { name?: unknown }): string {
  return typeof model.name === 'string' && model.name !== '' ? model.name : 'this model';
}

/** A reference or link field as a sentence, or '' for a field of any other type. */
export function fieldInWords(model: { name?: unknown }, field: Pick<ModelField, 'type' | 'target' | 'through'>): string {
  const self = nameOf(model);
  const target = field.target || '(no model chosen)';
  if (field.type === 'reference') return `Each ${self} belongs to one ${target}; a ${target} has many ${self} records.`;
  if (field.type === 'link') {
    return `Each ${self} has many ${target} records and each ${target} many ${self} records${field.through ? `, kept in ${field.through}` : ''}.`;
  }
  return '';
}

/** `base`, or base_2, base_3... whichever no field of `taken` has (compared as the database does: without case). */
export function freeName(base: string, taken: readonly string[]): string {
  const lower = new Set(taken.map((t) => t.toLowerCase()));
  if (!lower.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!lower.has(`${base}_${n}`.toLowerCase())) return `${base}_${n}`;
}

/** A field name made from a model name: Book → book, OrderLine → orderLine. */
export function fieldNameFor(model: string): string {
  return model.charAt(0).toLowerCase() + model.slice(1);
}

/** The link model's name for a link from `model` to `target` (BookAuthor), clear of the models `taken`. */
export function linkModelName(model: string, target: string, taken: readonly string[]): string {
  return freeName(`${model}${target}`, taken);
}

/**
 * The link model a link field needs: a reference to each end (two to the model for a link to
 * itself), both required, so the engine reads the link (src/server/records/model-check.ts).
 */
export function linkModel(model: string, target: string, through: string): ModelDefinition {
  const source = fieldNameFor(model);
  const other = target === model ? `${source}_2` : fieldNameFor(target);
  return {
    name: through,
    title: `${model} and ${target}`,
    fields: [
      { name: source, label: model, type: 'reference', target: model, required: true },
      { name: other, label: target, type: 'reference', target, required: true },
    ],
  };
}
