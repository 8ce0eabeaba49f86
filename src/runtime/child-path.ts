import { useRuntime } from './RuntimeContext';

/**
 * The interpreter path of a container column's children. ColumnView hands a container its DOM id
 * (`{idPrefix}-{path}`); nesting that whole id would repeat the prefix at every level, so the
 * children continue the container's own path instead, e.g. 'r0-1' + 't2' -> 'r0-1t2'.
 */
export function useChildPath(id: string, suffix: string): string {
  const { idPrefix } = useRuntime();
  const own = id.startsWith(`${idPrefix}-`) ? id.slice(idPrefix.length + 1) : id;
  return `${own}${suffix}`;
}
