import { useCallback, useEffect, useRef, useState } from 'react';

/** A GET's answer kept by a component (runtime/api/useApi.ts, and the designer's own client). */
export interface Loaded<T> {
  data: T | null;
  error: string;
  loading: boolean;
  reload(): void;
}

/** What a GET answers, as far as `useLoaded` reads it. */
export interface LoadAnswer<T> {
  ok: boolean;
  data: T | null;
  error: string;
}

/**
 * Loads a path with `load` and keeps its answer; a new path never shows the previous path's data
 * while it loads, and an answer that arrives after the component moved on is dropped. `load` is
 * whichever API client the caller has (the app's, or one handed to the designer); a new function
 * on each render does not load again, a new path or a reload does.
 */
export function useLoaded<T>(path: string | null, load: (path: string) => Promise<LoadAnswer<T>>): Loaded<T> {
  const [state, setState] = useState<{ path: string | null; data: T | null; error: string; loading: boolean }>({
    path: null,
    data: null,
    error: '',
    loading: true,
  });
  const [round, setRound] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    if (!path) return;
    let live = true;
    setState((s) => (s.path === path ? { ...s, loading: true } : { path, data: null, error: '', loading: true }));
    void loader.current(path).then((answer) => {
      if (!live) return;
      setState({ path, data: answer.ok ? answer.data : null, error: answer.ok ? '' : answer.error, loading: false });
    });
    return () => {
      live = false;
    };
  }, [path, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  if (!path) return { data: null, error: '', loading: false, reload };
  if (state.path !== path) return { data: null, error: '', loading: true, reload };
  return { ...state, reload };
}
