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

// ---- Pages of what a search finds ----------------------------------------------------------

/** A search's pages as a list shows them: what is shown stays while the next answer comes. */
export type Paged<T> = { state: 'idle' } | { state: 'loading'; items: T[] } | { state: 'loaded'; items: T[]; more: boolean; page: number } | { state: 'failed'; error: string };
export type Listing = Paged<Choice>;

/**
 * What `base?search=term&page=N` finds, a page at a time: asked while `enabled`, SEARCH_DELAY_MS
 * after typing pauses (at once for an empty term); `more()` adds the next page. `parse` reads an
 * answer's page (undefined: the answer is no page). While the next term waits its turn, the last
 * answer for the same base stays shown, so the list does not flicker.
 */
export function usePagedSearch<T>(base: string | null, term: string, enabled: boolean, parse: (data: unknown) => { items: T[]; more: boolean } | undefined): { found: Paged<T>; more(): void } {
  const [found, setFound] = useState<{ key: string; value: Paged<T> }>({ key: '', value: { state: 'idle' } });
  const key = `${base ?? ''}\u0000${term}`;
  const failed = (answer: { ok: boolean; error?: string }): Paged<T> => ({ state: 'failed', error: answer.ok ? 'The data url did not answer a page of items' : (answer.error ?? '') });
  useEffect(() => {
    if (!base || !enabled) return;
    let live = true;
    const timer = setTimeout(
      () => {
        setFound((f) => ({ key, value: { state: 'loading', items: f.value.state === 'loaded' || f.value.state === 'loading' ? f.value.items : [] } }));
        void api<unknown>('GET', `${base}?search=${encodeURIComponent(term)}&page=0`).then((answer) => {
          if (!live) return;
          const page = answer.ok ? parse(answer.data) : undefined;
          setFound({ key, value: page ? { state: 'loaded', items: page.items, more: page.more, page: 0 } : failed(answer) });
        });
      },
      term === '' ? 0 : SEARCH_DELAY_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // parse is read when an answer comes; a new function each render asks nothing again.
  }, [base, term, enabled, key]);
  const stale = found.key.startsWith(`${base ?? ''}\u0000`) && (found.value.state === 'loaded' || found.value.state === 'loading') ? found.value.items : [];
  const value: Paged<T> = found.key === key ? found.value : enabled && base ? { state: 'loading', items: stale } : { state: 'idle' };
  const more = () => {
    if (!base || value.state !== 'loaded' || !value.more) return;
    const { items, page } = value;
    setFound({ key, value: { state: 'loading', items } });
    void api<unknown>('GET', `${base}?search=${encodeURIComponent(term)}&page=${page + 1}`).then((answer) => {
      setFound((f) => {
        if (f.key !== key) return f;
        const next = answer.ok ? parse(answer.data) : undefined;
        return { key, value: next ? { state: 'loaded', items: [...items, ...next.items], more: next.more, page: page + 1 } : failed(answer) };
      });
    });
  };
  return { found: value, more };
}

/**
 * The records matching what is typed, a page at a time from GET /api/choices (searched on the
 * server by the target's display), each one's name remembered for the chips that show it.
 */
export function useChoices(base: string | null, term: string, open: boolean): { listing: Listing; more(): void } {
  const { found, more } = usePagedSearch<Choice>(base, term, open, (data) => {
    const answer = data as ChoicesAnswer | undefined;
    if (!answer || !Array.isArray(answer.items)) return undefined;
    if (base) for (const c of answer.items) rememberName(base, c.id, c.label);
    return { items: answer.items, more: answer.more === true };
  });
  return { listing: found, more };
}
