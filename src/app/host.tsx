import { lazy } from 'react';
import { pluginFolders } from '../generated/plugins';
import { api } from '../runtime/api/http';
import type { DesignerColumnProps, RuntimeHost } from '../runtime/host';
import type { PluginRegistry } from '../runtime/plugin';
import { registryOfFolders } from '../runtime/registry';

// The designers' code loads with the first designer column drawn in a form that edits, not with
// the app (nor with a designer column that only shows a definition).
const LazyDesignerColumn = lazy(() => import('../designer/ui/DesignerColumn').then((m) => ({ default: m.DesignerColumn })));

/**
 * The app's composition root: the plugin registry made from the plugin folders (a duplicate
 * childType, or a plugin in the wrong folder, stops the app here), and the designer columns'
 * designer with the API client and that registry passed in (the raw editors hand their History
 * panel the same two). main.tsx provides it at the top; the kit's test helpers use it too, and a
 * test may pass plugins of its own (a counting component in place of one plugin's).
 */
export function createHost(plugins: PluginRegistry = registryOfFolders(pluginFolders)): RuntimeHost {
  const services = { api, plugins };
  function DesignerColumn(props: DesignerColumnProps) {
    return <LazyDesignerColumn {...props} services={services} />;
  }
  return { plugins, DesignerColumn };
}
