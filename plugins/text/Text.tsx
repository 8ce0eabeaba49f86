import type { TextColumn } from '../../src/generated/definitions';
import type { RenderProps } from '../../src/client/runtime/plugin';

/** Plain text: React escapes it, so markup in it shows as typed (Html is the column for markup). */
export function Text({ column }: RenderProps<TextColumn>) {
  return <p className="tessera-text mb-0">{column.text ?? ''}</p>;
}
