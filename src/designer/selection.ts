/**
 * Where the selected element is after an action: a swapped or moved element stays selected at
 * its new place; anything else keeps its path, and the store drops a path that no longer
 * resolves.
 */
import type { DesignAction } from './actions.js';
import { parentArray, startsWith, type Path } from './path.js';

function replacePrefix(path: Path, prefix: Path, by: Path): Path {
  return [...by, ...path.slice(prefix.length)];
}

/** `path` after the item at `removed` left its list: later siblings (and what they hold) shift down by one. */
function afterRemoval(path: Path, removed: Path): Path {
  const list = parentArray(removed);
  const index = removed.at(-1) as number;
  if (!list || path.length <= list.length || !startsWith(path, list)) return path;
  const at = path[list.length];
  if (typeof at !== 'number' || at <= index) return path;
  return [...list, at - 1, ...path.slice(list.length + 1)];
}

/** `path` after an item was inserted at `index` of `list`: that position and later ones shift up by one. */
function afterInsertion(path: Path, list: Path, index: number): Path {
  if (path.length <= list.length || !startsWith(path, list)) return path;
  const at = path[list.length];
  if (typeof at !== 'number' || at < index) return path;
  return [...list, at + 1, ...path.slice(list.length + 1)];
}

/** Null when the selected element itself is gone (a removed item). */
export function followSelection(selection: Path, action: DesignAction): Path | null {
  switch (action.type) {
    case 'swap':
      if (startsWith(selection, action.a)) return replacePrefix(selection, action.a, action.b);
      if (startsWith(selection, action.b)) return replacePrefix(selection, action.b, action.a);
      return selection;
    case 'move': {
      const to = afterRemoval(action.to, action.from);
      if (startsWith(selection, action.from)) {
        const wrapped = action.from.at(-2) === 'cols' && action.to.at(-1) !== 'cols';
        const landed = wrapped ? [...to, action.index, 'cols', 0] : [...to, action.index];
        return replacePrefix(selection, action.from, landed);
      }
      return afterInsertion(afterRemoval(selection, action.from), to, action.index);
    }
    case 'insertColumn':
      return afterInsertion(selection, [...action.row, 'cols'], action.index);
    case 'removeItem':
      return startsWith(selection, action.item) ? null : afterRemoval(selection, action.item);
    default:
      return selection;
  }
}
