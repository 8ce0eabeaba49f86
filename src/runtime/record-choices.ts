/**
 * The records a reference condition picks, from GET /api/choices/{Model}/{field} (docs/api.md,
 * "Reference pickers"): a page of them by what is typed, and the names of the ones a filter holds
 * by id. A filter in the url carries ids only, so the names are asked once per record (`?id=`)
 * and kept for the page's life; a record picked in the panel is named at once.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { api } from './api/http';

export interface Choice {
  id: string | number;
  label: string;
}
interface ChoicesAnswer {
  items: Choice[];
  more: boolean;
}

/** How long typing pauses before the server is asked. */
export const SEARCH_DELAY_MS = 200;

// ---- Names, by choices route and id ---------------------------------------------------------

const names = new Map<string, string>();
const asking = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

const keyOf = (base: string, id: string) => `${base}\u0000${id}`;

function changed(): void {
  version += 1;
  for (const l of listeners) l();
}

/** A record's name as a picker's list said it, so its chip reads it without asking again. */
export function rememberName(base: string, id: string | number, label: string): void {
  const key = keyOf(base, String(id));
  if (names.get(key) === label) return;
  names.set(key, label);
  changed();
}

/** Forgets every name (for tests: each starts from a page that has asked nothing). */
export function forgetNames(): void {
  names.clear();
  asking.clear();
  changed();
}

function ask(base: string, id: string): void {
  const key = keyOf(base, id);
  if (names.has(key) || asking.has(key)) return;
  asking.add(key);
  void api<ChoicesAnswer>('GET', `${base}?id=${encodeURIComponent(id)}`).then((answer) => {
    asking.delete(key);
    const item = answer.ok ? answer.data?.items[0] : undefined;
    // A record no longer there, or one this person may not name, keeps its id.
    if (item) rememberName(base, id, item.label);
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The names of these records, asked for as needed: a look-up that answers undefined until a name is known. */
export function useRecordNames(records: readonly { base: string; id: string }[]): (base: string, id: string) => string | undefined {
  useSyncExternalStore(subscribe, () => version);
  const wanted = records.map((r) => keyOf(r.base, r.id)).join('\u0001');
  // Keyed by `wanted`, the records as text: a new array of the same records asks nothing again.
  useEffect(() => {
    for (const key of wanted ? wanted.split('\u0001') : []) {
      const [base = '', id = ''] = key.split('\u0000');
      ask(base, id);
    }
  }, [wanted]);
  return (base, id) => names.get(keyOf(base, id));
}

// ---- A page of choices ----------------------------------------------------------------------

export type Listing = { state: 'idle' } | { state: 'loading'; items: Choice[] } | { state: 'loaded'; items: Choice[]; more: boolean; page: number } | { state: 'failed'; error: string };

/**
 * The records matching what is typed, a page at a time (searched on the server by the target's
 * display); `more` adds the next page. Asked while the list is open, 200 ms after typing pauses.
 */
export function useChoices(base: string | null, term: string, open: boolean): { listing: Listing; more(): void } {
  const [listing, setListing] = useState<{ key: string; value: Listing }>({ key: '', value: { state: 'idle' } });
  const key = `${base ?? ''}\u0000${term}`;
  useEffect(() => {
    if (!base || !open) return;
    let live = true;
    const timer = setTimeout(
      () => {
        setListing((l) => ({ key, value: { state: 'loading', items: l.key === key && l.value.state === 'loaded' ? l.value.items : [] } }));
        void api<ChoicesAnswer>('GET', `${base}?search=${encodeURIComponent(term)}&page=0`).then((answer) => {
          if (!live) return;
          if (answer.ok && answer.data) for (const c of answer.data.items) rememberName(base, c.id, c.label);
          setListing({ key, value: answer.ok && answer.data ? { state: 'loaded', items: answer.data.items, more: answer.data.more, page: 0 } : { state: 'failed', error: answer.error } });
        });
      },
      term === '' ? 0 : SEARCH_DELAY_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [base, term, open, key]);
  const value = listing.key === key ? listing.value : ({ state: 'idle' } as Listing);
  const more = () => {
    if (!base || value.state !== 'loaded' || !value.more) return;
    const { items, page } = value;
    setListing({ key, value: { state: 'loading', items } });
    void api<ChoicesAnswer>('GET', `${base}?search=${encodeURIComponent(term)}&page=${page + 1}`).then((answer) => {
      setListing((l) => {
        if (l.key !== key) return l;
        return { key, value: answer.ok && answer.data ? { state: 'loaded', items: [...items, ...answer.data.items], more: answer.data.more, page: page + 1 } : { state: 'failed', error: answer.error } };
      });
    });
  };
  return { listing: value, more };
}
