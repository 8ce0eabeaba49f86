/** One entry of a dual list as the data url answers it and as it is posted back. */
export interface DualListItem {
  id: string | number;
  name: string;
  selected: boolean;
}

/** The answer of the data url, or undefined when it is not a list of items. */
export function parseItems(data: unknown): DualListItem[] | undefined {
  if (!Array.isArray(data)) return undefined;
  const out: DualListItem[] = [];
  for (const raw of data) {
    if (!raw || typeof raw !== 'object') return undefined;
    const { id, name, selected } = raw as { id?: unknown; name?: unknown; selected?: unknown };
    if (typeof id !== 'string' && typeof id !== 'number') return undefined;
    // Databases hand booleans back as 1/0; the list only needs to know which side an item is on.
    out.push({ id, name: name === undefined || name === null ? String(id) : String(name), selected: selected === true || selected === 1 || selected === '1' || selected === 'true' });
  }
  return out;
}

/** Each side's filter is a case-insensitive substring match on the name. */
export function matchesFilter(item: DualListItem, filter: string): boolean {
  return item.name.toLowerCase().includes(filter.trim().toLowerCase());
}

/** Moves the items whose ids are listed to the given side; the others keep theirs. */
export function moveItems(items: DualListItem[], ids: ReadonlySet<string>, selected: boolean): DualListItem[] {
  return items.map((item) => (ids.has(String(item.id)) && item.selected !== selected ? { ...item, selected } : item));
}
