import type { TextColumn, RenderProps } from '../../src/plugin-kit';

/** Plain text: React escapes it, so markup in it shows as typed (Html is the column for markup). */
export function Text({ column }: RenderProps<TextColumn>) {
  return <p className="tessera-text mb-0">{column.text ?? ''}</p>;
}
