import type { NoneColumn, RenderProps } from '../../src/plugin-kit';

/**
 * An empty cell. A running form or page shows nothing; the designer canvas names it, because
 * an invisible cell could not be seen, selected or dropped into.
 */
export function None({ mode }: RenderProps<NoneColumn>) {
  if (mode === 'design') return <div className="text-body-secondary small fst-italic">None</div>;
  return <div className="tessera-none" />;
}
