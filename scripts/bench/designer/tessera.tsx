import type { Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import '../../../src/app/styles.css';
import { createHost } from '../../../src/app/host';
import { DesignerServicesProvider } from '../../../src/designer/services';
import { Designer } from '../../../src/designer/ui/Designer';
import { HostProvider } from '../../../src/runtime/host';
import { api } from '../../../src/runtime/api/http';
import { createDesignerStore } from '../../../src/designer/store';
import type { Doc } from '../../../src/designer/ui/context';
import { forceLayout } from '../ui/harness';
import { kept, type DesignerUnderTest, type Kind } from './harness';
import { documentOf, pathOf } from './tessera-doc';

/** The field list the form designer's field picker asks the server for, answered in the page. */
export function answerApi(n: number): void {
  const real = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/')) return real(input, init);
    const body = url.includes('/api/models/Bench') ? Array.from({ length: n }, (_, i) => ({ name: `f${i}`, type: 'text', label: `Field ${i}` })) : [];
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
}

/** The plugins as the app hands them down, and the designer's API client and plugins as a designer column gets them. */
const host = createHost();
const services = { api, plugins: host.plugins };

export function mountTessera(root: Root, kind: Kind, n: number, target: number): { mountMs: number; under: DesignerUnderTest; drawn(): number } {
  answerApi(n);
  const store = createDesignerStore<Doc>(kind, documentOf(kind, n));
  store.getState().select(pathOf(target));
  const t0 = performance.now();
  flushSync(() =>
    root.render(
      <HostProvider value={host}>
        <DesignerServicesProvider value={services}>
          <Designer store={store} palette={kind} idPrefix="bench" title={kind === 'page' ? 'Page designer' : 'Form designer'} />
        </DesignerServicesProvider>
      </HostProvider>,
    ),
  );
  forceLayout();
  const mountMs = performance.now() - t0;

  const canvas = () => document.querySelector('.dz-canvas');
  const block = (i: number) => canvas()?.querySelector(`[data-dz-path="${pathOf(i).join('/')}"] .dz-col-body`) ?? null;
  const label = kind === 'page' ? 'Text' : 'Label';
  const property = kind === 'page' ? 'text' : 'label';
  const selected = kept(() => block(target));
  let made = 0;
  const under: DesignerUnderTest = {
    input: () => {
      const side = document.querySelector('aside[aria-label="Properties"]');
      const found = [...(side?.querySelectorAll('label') ?? [])].find((l) => l.textContent?.trim() === label);
      const control = found?.htmlFor ? document.getElementById(found.htmlFor) : null;
      return control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement ? control : null;
    },
    shows: (text) => (selected()?.textContent ?? '').includes(text),
    blockText: (i) => block(i)?.textContent ?? '',
    drop: () => {
      const state = store.getState();
      if (state.dispatch({ type: 'swap', a: pathOf(target), b: pathOf(target + 1) })) state.select(null);
    },
    makeSteps: async (count) => {
      const before = store.getState().past.length;
      for (let s = 0; s < count; s++) store.getState().dispatch({ type: 'set', path: [...pathOf(s % n), property], value: `Step ${++made}` });
      return Math.min(count, store.getState().past.length - before);
    },
    dropHistory: () => store.getState().load(store.getState().doc),
  };
  return { mountMs, under, drawn: () => canvas()?.querySelectorAll('.dz-col').length ?? 0 };
}
