import { useCallback, useEffect, useState } from 'react';
import { api } from './http';

export interface Loaded<T> {
  data: T | null;
  error: string;
  loading: boolean;
  reload(): void;
}

/**
 * GETs a path and keeps its answer; a new path never shows the previous path's data while it
 * loads, and an answer that arrives after the component moved on is dropped.
 */
export function useApi<T>(path: string | null): Loaded<T> {
  const [state, setState] = useState<{ path: string | null; data: T | null; error: string; loading: boolean }>({
    path: null,
    data: null,
    error: '',
    loading: true,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!path) return;
    let live = true;
    setState((s) => (s.path === path ? { ...s, loading: true } : { path, data: null, error: '', loading: true }));
    void api<T>('GET', path).then((answer) => {
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
