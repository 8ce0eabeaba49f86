import type { Column } from '../generated/definitions';
import { valueField } from '../shared/plugin-hints';
import type { AnyColumnPlugin, ColumnPlugin } from './plugin';

/**
 * The keyed registry of column plugins: childType -> plugin. The plugin folders register
 * through src/generated/plugins.ts, which gen:types writes from the folders it finds. A second
 * registration of the same childType is an error at start-up (no silent tie-breaking by order).
 */
const plugins = new Map<string, ColumnPlugin>();

export function registerPlugin(plugin: AnyColumnPlugin): void {
  const p = plugin as unknown as ColumnPlugin;
  if (plugins.has(p.childType)) throw new Error(`A plugin for childType '${p.childType}' is already registered`);
  plugins.set(p.childType, p);
}

/** Registers each plugin folder's plugin; a folder's plugin must declare the folder's childType. */
export function registerPlugins(byFolder: Record<string, AnyColumnPlugin>): void {
  for (const [folder, plugin] of Object.entries(byFolder)) {
    const kebab = plugin.childType.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
    if (kebab !== folder) throw new Error(`plugins/${folder}: its plugin declares childType '${plugin.childType}', which belongs in plugins/${kebab}`);
    registerPlugin(plugin);
  }
}

export function getPlugin(childType: string): ColumnPlugin | undefined {
  return plugins.get(childType);
}

export function registeredPlugins(): ColumnPlugin[] {
  return [...plugins.values()];
}

/** The record field a column edits: its schema's first `binds` property (plugin-hints.ts). */
export function fieldOf(column: Column): string | undefined {
  return valueField(column as unknown as { childType: string } & Record<string, unknown>);
}
