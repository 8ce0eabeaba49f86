import type { ReactNode } from 'react';
import { DesignerServicesProvider, type DesignerServices } from '../../src/designer/services';
import { testHost } from '../../src/plugin-kit/testing';
import { api } from '../../src/runtime/api/http';

/** What the app hands the designer (src/app/host.tsx): its API client (msw answers it here) and the test host's plugins. */
export const designerServices: DesignerServices = { api, plugins: testHost.plugins };

/** Draws a designer part (a panel, a picker) with the designer's services, as a designer column gives them. */
export function WithDesignerServices({ children }: { children: ReactNode }) {
  return <DesignerServicesProvider value={designerServices}>{children}</DesignerServicesProvider>;
}
