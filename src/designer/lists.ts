/**
 * What each array of a definition holds, and what a new item of it looks like. The designers
 * only ever move items between arrays of the same kind (a column into another row, a row into a
 * card), so every structural action starts by asking `listKind`.
 */
import { childContainers } from '../shared/plugin-hints.js';
import type { Column, Row, Tab } from '../generated/definitions.js';
import type { DesignerKind } from '../shared/contract.js';
import { getAt, isPlainObject, type Path } from './path.js';

export type { DesignerKind };

/** The kinds of arrays a designer edits; `gridfields` and `menuitems` are a grid's and a menu's `definition`, `modelfields` a model's `fields`. */
export type ListKind = 'rows' | 'cols' | 'tabs' | 'actions' | 'rowactions' | 'filters' | 'sorts' | 'gridfields' | 'menuitems' | 'modelfields';

const ROOT_LISTS: Record<DesignerKind, Readonly<Record<string, ListKind>>> = {
  form: { definition: 'rows', actions: 'actions' },
  page: { definition: 'rows', actions: 'actions' },
  grid: { definition: 'gridfields', actions: 'actions', rowactions: 'rowactions', filters: 'filters', sorts: 'sorts' },
  menu: { definition: 'menuitems', actions: 'actions' },
  model: { fields: 'modelfields' },
};

/**
 * Which child list a column type (or a Tab) keeps under `key`: the `children` hint of its schema
 * (plugin-hints.ts), so a new container plugin needs nothing here.
 */
function childList(childType: string, key: string): ListKind | null {
  return childContainers(childType).find((c) => c.property === key)?.children ?? null;
}

/**
 * Guesses the designer of a document from its shape, for callers of `reduce` that do not say.
 * The store always knows its kind; this only matters for a bare `reduce(doc, action)`.
 */
export function inferKind(doc: unknown): DesignerKind {
  if (!isPlainObject(doc)) return 'form';
  if (Array.isArray(doc.fields) && !('definition' in doc)) return 'model';
  if (['paging', 'pageSize', 'rowactions', 'filters', 'sorts', 'hideClear', 'hideSearchBox'].some((k) => k in doc)) return 'grid';
  const first: unknown = Array.isArray(doc.definition) ? doc.definition[0] : undefined;
  if (isPlainObject(first)) {
    if ('cols' in first) return 'center' in doc ? 'page' : 'form';
    if ('url' in first || 'title' in first) return 'menu';
    if ('name' in first) return 'grid';
  }
  return 'center' in doc ? 'page' : 'form';
}

/**
 * The kind of the array at `listPath` (it need not exist yet: a card without `rows` still has a
 * place for them), or null when no designer list lives there. Checks the whole chain of owners,
 * so a forged path such as ['definition', 0, 'rows'] (rows directly on a row) is refused.
 */
export function listKind(doc: unknown, listPath: Path, kind: DesignerKind): ListKind | null {
  const key = listPath.at(-1);
  if (typeof key !== 'string') return null;
  if (listPath.length === 1) return ROOT_LISTS[kind][key] ?? null;
  const ownerPath = listPath.slice(0, -1);
  const owner = getAt(doc, ownerPath);
  if (!isPlainObject(owner)) return null;
  const ownerKind = itemKind(doc, ownerPath, kind);
  if (ownerKind === 'rows') return key === 'cols' ? 'cols' : null;
  if (ownerKind === 'tabs') return owner.childType === 'Tab' ? childList('Tab', key) : null;
  if (ownerKind === 'cols') return typeof owner.childType === 'string' ? childList(owner.childType, key) : null;
  return null;
}

/** The kind of the list holding the item at `itemPath`, or null when `itemPath` is not an item of a designer list. */
export function itemKind(doc: unknown, itemPath: Path, kind: DesignerKind): ListKind | null {
  const index = itemPath.at(-1);
  if (typeof index !== 'number') return null;
  return listKind(doc, itemPath.slice(0, -1), kind);
}

/** A new row: one None column of width 0. */
export function newRow(): Row {
  return { cols: [newColumn()] };
}

/** The column a new row or "add column" starts with. */
export function newColumn(): Column {
  return { childType: 'None', width: 0 };
}

/** The n-th tab of a Tabs or Card (1-based): titled 'Tab-N', holding one new row. */
export function newTab(n: number): Tab {
  return { childType: 'Tab', tabtitle: `Tab-${n}`, tabcontenttype: 'Rows', rows: [newRow()] };
}

/** What "add" puts at the end of a list of this kind when the caller gives no item; `length` is the list's current length. */
export function newItem(list: ListKind, length: number): unknown {
  switch (list) {
    case 'rows':
      return newRow();
    case 'cols':
      return newColumn();
    case 'tabs':
      return newTab(length + 1);
    case 'actions':
      return { url: '', label: 'Action' };
    case 'rowactions':
      return { url: '', label: 'Action' };
    case 'filters':
      return { fieldname: '', value: '' };
    case 'sorts':
      return { fieldname: '', sorttype: 'ASC' };
    case 'gridfields':
      return { name: '', label: '', type: 'Text' };
    case 'menuitems':
      return { icon: '', title: '', description: '', url: '' };
    case 'modelfields':
      // A name the schema accepts at once; the admin renames it.
      return { name: `field${length + 1}`, type: 'text', label: '' };
  }
}
