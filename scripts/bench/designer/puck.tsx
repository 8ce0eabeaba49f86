import { Puck, useGetPuck, type Config, type Data } from '@puckeditor/core';
// Puck's stylesheet without its web-font @import (no outside network here, and none in Tessera).
import '@puckeditor/core/no-external.css';
import { useEffect, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import { forceLayout } from '../ui/harness';
import { kept, type DesignerUnderTest, type Kind } from './harness';

const ZONE = 'root:default-zone';

/** The same blocks as Tessera's: a paragraph of text, or a labelled text input (Bootstrap classes alike). */
type Blocks = { Text: { text: string }; Input: { label: string; name: string } };

const config: Config<Blocks> = {
  components: {
    Text: {
      fields: { text: { type: 'textarea', label: 'Text' } },
      render: ({ id, text }) => (
        <p className="mb-0" data-bench={id}>
          {text}
        </p>
      ),
    },
    Input: {
      fields: { label: { type: 'text', label: 'Label' }, name: { type: 'text', label: 'Name' } },
      render: ({ id, label, name }) => (
        <div data-bench={id}>
          <label className="form-label" htmlFor={`p-${name}`}>
            {label}
          </label>
          <input id={`p-${name}`} type="text" className="form-control" name={name} readOnly />
        </div>
      ),
    },
  },
};

function dataOf(kind: Kind, n: number): Data {
  return {
    root: { props: {} },
    content: Array.from({ length: n }, (_, i) =>
      kind === 'page' ? { type: 'Text', props: { id: `b${i}`, text: `Block ${i}` } } : { type: 'Input', props: { id: `b${i}`, label: `Field ${i}`, name: `f${i}` } },
    ),
  };
}

type GetPuck = ReturnType<typeof useGetPuck>;
let getPuck: GetPuck | null = null;

/** Hands the bench Puck's own API (its dispatch and history), from inside the editor. */
function Grab({ children }: { children: ReactNode }) {
  const get = useGetPuck();
  useEffect(() => {
    getPuck = get;
  }, [get]);
  return <>{children}</>;
}

export function mountPuck(root: Root, kind: Kind, n: number, target: number): { mountMs: number; under: DesignerUnderTest; drawn(): number } {
  const t0 = performance.now();
  flushSync(() =>
    root.render(
      <Puck
        config={config}
        data={dataOf(kind, n)}
        iframe={{ enabled: false }}
        ui={{ itemSelector: { index: target, zone: ZONE } }}
        overrides={{ headerActions: ({ children }) => <Grab>{children}</Grab> }}
        height="100vh"
      />,
    ),
  );
  forceLayout();
  const mountMs = performance.now() - t0;

  const property = kind === 'page' ? 'text' : 'label';
  const api = () => {
    if (!getPuck) throw new Error("Puck's API was not handed over");
    return getPuck();
  };
  // Blocks are found by the id their props carry, so a swap shows as a change of order.
  const blocks = () => [...document.querySelectorAll<HTMLElement>('[data-bench]')];
  const selected = kept(() => document.querySelector(`[data-bench="b${target}"]`));
  const under: DesignerUnderTest = {
    input: () => {
      const found = document.querySelector(`[name="${property}"]:is(input, textarea):not([readonly])`);
      return found instanceof HTMLInputElement || found instanceof HTMLTextAreaElement ? found : null;
    },
    shows: (text) => (selected()?.textContent ?? '').includes(text),
    blockText: (i) => blocks()[i]?.textContent ?? '',
    drop: () => api().dispatch({ type: 'move', sourceIndex: target, sourceZone: ZONE, destinationIndex: target + 1, destinationZone: ZONE }),
    makeSteps: async () => {
      throw new Error('not measured for Puck');
    },
    dropHistory: () => {
      throw new Error('not measured for Puck');
    },
  };
  return { mountMs, under, drawn: () => blocks().length };
}
