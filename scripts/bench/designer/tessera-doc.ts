/** The blocks Tessera's designer holds in the bench, apart from the page code so Node can build them too. */
import type { Path } from '../../../src/designer/path';
import type { Doc } from '../../../src/designer/ui/context';
import type { Kind } from './harness';

export const PER_ROW = 4;

/** Block i on the canvas: rows of four columns of width 3. */
export const pathOf = (i: number): Path => ['definition', Math.floor(i / PER_ROW), 'cols', i % PER_ROW];

/** A page of N Text blocks, or a form of N Input fields over the model 'Bench'. */
export function documentOf(kind: Kind, n: number): Doc {
  const definition: { cols: Record<string, unknown>[] }[] = [];
  for (let i = 0; i < n; i += PER_ROW) {
    const cols: Record<string, unknown>[] = [];
    for (let j = i; j < Math.min(i + PER_ROW, n); j++) {
      cols.push(kind === 'page' ? { childType: 'Text', width: 3, text: `Block ${j}` } : { childType: 'Input', width: 3, name: `f${j}`, label: `Field ${j}`, fieldtype: 'text' });
    }
    definition.push({ cols });
  }
  return kind === 'page' ? { name: 'bench', title: 'Bench', definition, actions: [] } : { name: 'bench', title: 'Bench', model: 'Bench', definition, actions: [] };
}

