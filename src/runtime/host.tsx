import { createContext, useContext, type ComponentType } from 'react';
import type { DesignerKind } from '../shared/contract';
import type { Designer as Palette } from '../shared/plugin-hints';
import type { PluginRegistry } from './plugin';

/** What a designer column (plugins/form-designer and the like) asks the host's designer to draw. */
export interface DesignerColumnProps {
  kind: DesignerKind;
  /** The palette of column types offered (a form's or a page's); none for grids and menus. */
  palette?: Palette;
  idPrefix: string;
  title: string;
}

/**
 * What the app hands the interpreter and the plugins, as Puck hands its editor a `Config`: the
 * column plugins, and the visual designer for the designer columns. The app (its composition
 * root, src/app/host.tsx) makes one and provides it at the top; a test makes its own
 * (plugin-kit/testing). Neither the runtime nor a plugin reaches for a module global.
 */
export interface RuntimeHost {
  plugins: PluginRegistry;
  /**
   * The visual designer over the record a designer column edits. The app's is loaded on first
   * use, so the designers' code stays out of the first bundle.
   */
  DesignerColumn: ComponentType<DesignerColumnProps>;
}

const HostContext = createContext<RuntimeHost | null>(null);

export const HostProvider = HostContext.Provider;

export function useHost(): RuntimeHost {
  const host = useContext(HostContext);
  // No silent fallback: an empty registry would draw every column as unknown.
  if (!host) throw new Error('Columns are drawn outside a HostProvider (src/runtime/host.tsx): nothing names their plugins');
  return host;
}

/** The column plugins of the surrounding host. */
export function usePlugins(): PluginRegistry {
  return useHost().plugins;
}

/** The visual designer a designer column draws over the record it edits. */
export function useDesignerColumn(): ComponentType<DesignerColumnProps> {
  return useHost().DesignerColumn;
}
