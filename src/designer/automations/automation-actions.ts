/**
 * The automation designer's edits as one pure reducer: `reduceAutomation(doc, action)` returns the
 * next document with immer patches and their inverse, or null when the action cannot apply (a
 * stale path, an index out of range) or would change nothing. It never throws on what a person
 * can do, and touches only the paths an action names.
 */
import { enablePatches, produceWithPatches, type Patch } from 'immer';
import { getAt, isPlainObject, isSafeKey, type Path } from '../path';
import type { AutomationDoc, Json } from './automation-doc';

enablePatches();

export type AutomationAction =
  /** Sets a property anywhere (the trigger's model, a step's subject); `value: undefined` deletes the key. */
  | { type: 'set'; path: Path; value: unknown }
  /** Inserts a step into a step list at `index` (the list is made when absent: a condition's first Then step). */
  | { type: 'insertStep'; list: Path; index: number; step: Json }
  /** Removes the step at `at` from its list. */
  | { type: 'removeStep'; at: Path }
  /** Moves the step at `at` to `index` of the same list (up or down). */
  | { type: 'moveStep'; at: Path; index: number }
  /** The whole document: a kept draft restored. */
  | { type: 'replace'; document: unknown };

export interface AutomationResult {
  doc: AutomationDoc;
  patches: Patch[];
  inverse: Patch[];
}

type Recipe = (draft: Json) => Json | void;

export function reduceAutomation(doc: AutomationDoc, action: AutomationAction): AutomationResult | null {
  const recipe = plan(doc, action);
  if (!recipe) return null;
  const [next, patches, inverse] = produceWithPatches(doc, recipe);
  if (patches.length === 0) return null;
  return { doc: next, patches, inverse };
}

function plan(doc: AutomationDoc, action: AutomationAction): Recipe | null {
  switch (action.type) {
    case 'set':
      return planSet(doc, action.path, action.value);
    case 'insertStep':
      return planInsert(doc, action.list, action.index, action.step);
    case 'removeStep':
      return planRemove(doc, action.at);
    case 'moveStep':
      return planMove(doc, action.at, action.index);
    case 'replace':
      return isPlainObject(action.document) ? () => action.document as Json : null;
    default:
      return null;
  }
}

function planSet(doc: AutomationDoc, path: Path, value: unknown): Recipe | null {
  const key = path.at(-1);
  if (key === undefined || !path.every(isSafeKey)) return null;
  const ownerPath = path.slice(0, -1);
  const owner = getAt(doc, ownerPath);
  if (owner === undefined) return value === undefined ? null : planMissingOwner(doc, ownerPath, key, value);
  if (Array.isArray(owner)) {
    // An item is replaced in place; adding or removing one is for the step actions.
    if (typeof key !== 'number' || key >= owner.length || value === undefined) return null;
  } else if (!isPlainObject(owner) || typeof key !== 'string') return null;
  return (draft) => {
    const target = getAt(draft, ownerPath) as Record<string | number, unknown>;
    if (value === undefined) delete target[key];
    else target[key] = value;
  };
}

/** A value under objects not there yet (the first of the limits): they are made, when every missing key names a property. */
function planMissingOwner(doc: AutomationDoc, ownerPath: Path, key: string | number, value: unknown): Recipe | null {
  let depth = ownerPath.length;
  while (depth > 0 && getAt(doc, ownerPath.slice(0, depth)) === undefined) depth--;
  if (!isPlainObject(getAt(doc, ownerPath.slice(0, depth))) || typeof key !== 'string' || !ownerPath.slice(depth).every((k) => typeof k === 'string')) return null;
  return (draft) => {
    let target = getAt(draft, ownerPath.slice(0, depth)) as Json;
    for (const k of ownerPath.slice(depth) as string[]) {
      target[k] = {};
      target = target[k] as Json;
    }
    target[key] = value;
  };
}

/** Whether `list` may hold steps: its owner exists and the list, when present, is an array. */
function stepList(doc: AutomationDoc, list: Path): unknown[] | null {
  const key = list.at(-1);
  if (typeof key !== 'string' || !list.every(isSafeKey)) return null;
  const owner = getAt(doc, list.slice(0, -1));
  if (!isPlainObject(owner)) return null;
  const value = owner[key];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : null;
}

function planInsert(doc: AutomationDoc, list: Path, index: number, step: Json): Recipe | null {
  const items = stepList(doc, list);
  if (!items || !Number.isInteger(index) || index < 0 || index > items.length || !isPlainObject(step) || typeof step.type !== 'string') return null;
  return (draft) => {
    const owner = getAt(draft, list.slice(0, -1)) as Json;
    const key = list.at(-1) as string;
    if (!Array.isArray(owner[key])) owner[key] = [];
    (owner[key] as unknown[]).splice(index, 0, step);
  };
}

function located(doc: AutomationDoc, at: Path): { list: Path; index: number; items: unknown[] } | null {
  const index = at.at(-1);
  if (typeof index !== 'number') return null;
  const list = at.slice(0, -1);
  const items = stepList(doc, list);
  if (!items || !Number.isInteger(index) || index < 0 || index >= items.length) return null;
  return { list, index, items };
}

function planRemove(doc: AutomationDoc, at: Path): Recipe | null {
  const found = located(doc, at);
  if (!found) return null;
  return (draft) => {
    (getAt(draft, found.list) as unknown[]).splice(found.index, 1);
  };
}

function planMove(doc: AutomationDoc, at: Path, index: number): Recipe | null {
  const found = located(doc, at);
  if (!found || !Number.isInteger(index) || index < 0 || index >= found.items.length || index === found.index) return null;
  return (draft) => {
    const items = getAt(draft, found.list) as unknown[];
    const [moved] = items.splice(found.index, 1);
    items.splice(index, 0, moved);
  };
}
