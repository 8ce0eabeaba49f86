import { render as renderBare, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { InHost } from '../../src/plugin-kit/testing';

/**
 * testing-library's render inside the test host (plugin-kit/testing): the plugins and the
 * designer a screen's forms are drawn with, as main.tsx provides them at the top of the app.
 */
export function render(ui: ReactNode, options: Omit<RenderOptions, 'queries'> = {}): RenderResult {
  return renderBare(ui, { wrapper: InHost, ...options });
}
