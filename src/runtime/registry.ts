import type { Column } from '../generated/definitions';
import { valueField } from '../shared/plugin-hints';
import type { AnyColumnPlugin, ColumnPlugin, PluginRegistry } from './plugin';

/**
 * The keyed registry of column plugins: childType -> plugin. A second plugin for the same
 * childType is an error when the registry is made, at start-up (no silent tie-breaking by order).
 */
export function createRegistry(list: readonly (AnyColumnPlugin | ColumnPlugin)[]): PluginRegistry {
  const plugins = new Map<string, ColumnPlugin>();
  for (const plugin of list) {
    const p = plugin as unknown as ColumnPlugin;
    if (plugins.has(p.childType)) throw new Error(`A plugin for childType '${p.childType}' is already registered`);
    plugins.set(p.childType, p);
  }
  return {
    get: (childType) => plugins.get(childType),
    all: () => [...plugins.values()],
  };
}

/**
 * The registry of the plugin folders (src/generated/plugins.ts lists them, as gen:types found
 * them): a folder's plugin must declare the folder's childType.
 */
export function registryOfFolders(byFolder: Readonly<Record<string, AnyColumnPlugin>>): PluginRegistry {
  for (const [folder, plugin] of Object.entries(byFolder)) {
    const kebab = plugin.childType.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
    if (kebab !== folder) throw new Error(`plugins/${folder}: its plugin declares childType '${plugin.childType}', which belongs in plugins/${kebab}`);
  }
  return createRegistry(Object.values(byFolder));
}

/** The record field a column edits: its schema's first `binds` property (plugin-hints.ts). */
export function fieldOf(column: Column): string | undefined {
  return valueField(column as unknown as { childType: string } & Record<string, unknown>);
}
