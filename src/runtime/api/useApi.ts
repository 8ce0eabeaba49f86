import { api } from './http';
import { useLoaded, type Loaded } from '../loaded';

export type { Loaded };

/**
 * GETs a path and keeps its answer; a new path never shows the previous path's data while it
 * loads, and an answer that arrives after the component moved on is dropped.
 */
export function useApi<T>(path: string | null): Loaded<T> {
  return useLoaded(path, (p) => api<T>('GET', p));
}
