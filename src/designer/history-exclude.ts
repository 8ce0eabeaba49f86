/**
 * A model's `history.exclude` names fields (docs/history.md, "Settings of a model"), so the model
 * designer keeps it in step with the fields inside the same edit: a field renamed takes its name
 * along, and a field removed, or made a link or a password, leaves it. The server refuses a name
 * that is no field or a link field at /history/exclude/N, and a password is kept out anyway, so
 * what is left behind would be a save refused or a tick nobody can see. Being part of the action,
 * the follow-up is in the same immer patches: one undo puts the field and its exclusion back.
 */
import { getAt, isPlainObject, type Path } from './path.js';

/** Field types the history list offers: a link's links are another model's rows, a password is always kept out. */
export function excludable(type: unknown): boolean {
  return type !== 'link' && type !== 'password';
}

type Field = { name?: unknown; type?: unknown };

/** The parts of a designer action (actions.ts's DesignAction, which imports this file) that matter here. */
export interface FieldEdit {
  type: string;
  path?: unknown;
  item?: unknown;
  list?: unknown;
  value?: unknown;
}

function fieldsOf(doc: unknown): Field[] {
  const fields = isPlainObject(doc) ? doc.fields : undefined;
  return Array.isArray(fields) ? fields.filter(isPlainObject) : [];
}

function excludeOf(doc: unknown): unknown[] | null {
  const history = isPlainObject(doc) ? doc.history : undefined;
  return isPlainObject(history) && Array.isArray(history.exclude) ? history.exclude : null;
}

/** The index of the field a path names when it is `['fields', i]` of an existing field. */
function fieldIndex(doc: unknown, path: Path): number | null {
  const [list, index] = path;
  return list === 'fields' && typeof index === 'number' && isPlainObject(getAt(doc, ['fields', index])) ? index : null;
}

/**
 * Whether the field at `index` is the one an entry `name` stands for: fields are named uniquely
 * in a model that saves, but while two share a name (typing one into the other's) an entry can
 * only be told to belong to this one when there are more entries of the name than other fields of it.
 */
function owns(doc: unknown, index: number, name: unknown): boolean {
  const entries = (excludeOf(doc) ?? []).filter((n) => n === name).length;
  const others = fieldsOf(doc).filter((f, i) => i !== index && f.name === name).length;
  return entries > others;
}

/** The change an action makes to the field at `index`, as far as its exclusion cares. */
type Follow = { kind: 'drop'; name: string } | { kind: 'rename'; from: string; to: string };

const pathOf = (value: unknown): Path | null => (Array.isArray(value) ? (value as Path) : null);

function followOf(doc: unknown, action: FieldEdit): Follow | null {
  const item = pathOf(action.item);
  const list = pathOf(action.list);
  const path = pathOf(action.path);
  if (action.type === 'removeItem' && item?.length === 2) {
    const index = fieldIndex(doc, item);
    const name = index === null ? undefined : fieldsOf(doc)[index]?.name;
    return index !== null && typeof name === 'string' && owns(doc, index, name) ? { kind: 'drop', name } : null;
  }
  if (action.type === 'deleteLastItem' && list?.length === 1 && list[0] === 'fields') {
    const index = fieldsOf(doc).length - 1;
    const name = fieldsOf(doc)[index]?.name;
    return index >= 0 && typeof name === 'string' && owns(doc, index, name) ? { kind: 'drop', name } : null;
  }
  if (action.type === 'set' && path?.length === 3) {
    const index = fieldIndex(doc, path);
    if (index === null) return null;
    const name = fieldsOf(doc)[index]?.name;
    if (typeof name !== 'string' || !owns(doc, index, name)) return null;
    const property = path[2];
    if (property === 'name' && typeof action.value === 'string' && action.value !== name) return { kind: 'rename', from: name, to: action.value };
    if (property === 'type' && !excludable(action.value)) return { kind: 'drop', name };
  }
  return null;
}

/**
 * What a model designer's action does to `history.exclude` besides its own change, as a recipe on
 * the same draft; null when the exclusions are untouched. An exclusion list left empty is removed,
 * and a history object left empty too, so a model that keeps nothing out saves as it would have.
 */
export function followExclusions(doc: unknown, action: FieldEdit): ((draft: unknown) => void) | null {
  if (!excludeOf(doc)?.length) return null;
  const follow = followOf(doc, action);
  if (!follow) return null;
  const from = follow.kind === 'drop' ? follow.name : follow.from;
  return (draft) => {
    const history = (draft as Record<string, unknown>).history as Record<string, unknown>;
    const exclude = history.exclude as unknown[];
    const at = exclude.indexOf(from);
    if (at < 0) return;
    if (follow.kind === 'rename') exclude[at] = follow.to;
    else exclude.splice(at, 1);
    if (exclude.length === 0) delete history.exclude;
    if (Object.keys(history).length === 0) delete (draft as Record<string, unknown>).history;
  };
}
