/**
 * A list read a page at a time, newest first, as the run log and the data history read theirs:
 * the first page whenever the filters change, then Load more asks for the page before the last
 * item shown. An answer that arrives after a newer request was made is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiAnswer } from '../../runtime/api/http';

export interface PagedList<T> {
  items: T[];
  /** Whether there is a page before the last item shown. */
  more: boolean;
  loading: boolean;
  error: string;
  /** Reads the first page again (Refresh, or after a change). */
  reload(): void;
  /** Adds the next page after the items shown. */
  loadMore(): void;
}

/**
 * `ask` GETs one page of `filters` (the first when `before` is null) and `itemsOf` picks the
 * page's items; a new function on each render does not read again, new filters do.
 */
export function usePagedList<F, P extends { next: unknown }, T>(
  filters: F,
  ask: (filters: F, before: P['next'] | null) => Promise<ApiAnswer<P>>,
  itemsOf: (page: P) => T[],
): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [next, setNext] = useState<P['next'] | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const asked = useRef(0);
  const reader = useRef({ ask, itemsOf });
  reader.current = { ask, itemsOf };

  const load = useCallback(async (f: F, before: P['next'] | null) => {
    const mine = ++asked.current;
    setLoading(true);
    const answer = await reader.current.ask(f, before);
    if (mine !== asked.current) return;
    setLoading(false);
    if (!answer.ok || !answer.data) {
      setError(answer.error);
      return;
    }
    setError('');
    const page = answer.data;
    const got = reader.current.itemsOf(page);
    setItems((old) => (before === null ? got : [...old, ...got]));
    setNext(page.next);
  }, []);

  useEffect(() => {
    void load(filters, null);
  }, [filters, load]);

  return {
    items,
    more: next !== null,
    loading,
    error,
    reload: () => void load(filters, null),
    loadMore: () => void load(filters, next),
  };
}

/** A local day's start or end as the instant the server compares (the reader's days, not UTC's). */
export function dayInstant(day: string, end: boolean): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = end ? new Date(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1, 0, 0, 0, -1) : new Date(y ?? 0, (m ?? 1) - 1, d ?? 1);
  return date.toISOString();
}
