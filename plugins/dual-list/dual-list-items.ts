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

/** A page of a link's targets as GET /api/link/...?search=&page= (or ?selected=true) answers it. */
export interface ItemsPage {
  items: DualListItem[];
  more: boolean;
}

/** The answer of a searched or paged ask, or undefined when it is not one. */
export function parsePage(data: unknown): ItemsPage | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const { items, more } = data as { items?: unknown; more?: unknown };
  const parsed = parseItems(items);
  return parsed ? { items: parsed, more: more === true } : undefined;
}

/**
 * Whether the server searches and pages the list's items: a link's own route,
 * `/link/{Model}/{field}` (GET /api/link/...?search=&page=). Any other url answers every item at
 * once and its lists are filtered where they are.
 */
export function searchesServer(url: string): boolean {
  return /^\/link\/[A-Za-z0-9_]+\/[A-Za-z0-9_]+$/.test(url);
}
