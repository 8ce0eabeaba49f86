import { createContext, useContext } from 'react';
import { useLoaded, type Loaded, type LoadAnswer } from '../runtime/loaded';
import type { PluginRegistry } from '../runtime/plugin';

/** An API answer as the designer reads it (the app's client answers more; runtime/api/http.ts). */
export interface DesignerAnswer<T> extends LoadAnswer<T> {
  status: number;
}

/** One API request, as the app's client makes it (cookies, the app-request header, no '..' walks). */
export type DesignerApi = <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => Promise<DesignerAnswer<T>>;

/**
 * What the designer is given rather than importing: the API client its pickers, previews and
 * history call, and the column plugins its palette creates columns from. The app fills it
 * (src/app/host.tsx) and the designer column or raw editor provides it; a test passes its own.
 */
export interface DesignerServices {
  api: DesignerApi;
  plugins: PluginRegistry;
}

const ServicesContext = createContext<DesignerServices | null>(null);

export const DesignerServicesProvider = ServicesContext.Provider;

export function useDesignerServices(): DesignerServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('A designer component is drawn without its services (DesignerServicesProvider, src/designer/services.tsx)');
  return services;
}

/** GETs a path through the designer's API client and keeps its answer (as runtime/api/useApi does the app's). */
export function useDesignerGet<T>(path: string | null): Loaded<T> {
  const { api } = useDesignerServices();
  return useLoaded(path, (p) => api<T>('GET', p));
}
