import type { Column } from '../../generated/definitions';
import type { ColumnPlugin } from './plugin';

/**
 * The keyed registry of column plugins: childType -> plugin. A second registration of the
 * same childType is an error at start-up (no silent tie-breaking by order).
 */
const plugins = new Map<string, ColumnPlugin>();

export function registerPlugin(plugin: ColumnPlugin<never>): void {
  const p = plugin as unknown as ColumnPlugin;
  if (plugins.has(p.childType)) throw new Error(`A plugin for childType '${p.childType}' is already registered`);
  plugins.set(p.childType, p);
}

export function getPlugin(childType: string): ColumnPlugin | undefined {
  return plugins.get(childType);
}

export function registeredPlugins(): ColumnPlugin[] {
  return [...plugins.values()];
}

/** The record field a column edits, if its plugin binds one. */
export function fieldOf(column: Column): string | undefined {
  const plugin = plugins.get(column.childType);
  return plugin?.field?.(column as never);
}
