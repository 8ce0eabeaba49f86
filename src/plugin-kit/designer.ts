/**
 * The plugin kit's designer entry: what a designer column (FormDesigner, PageDesigner...) needs
 * to draw a visual designer over the record it edits. Kept apart from the kit's main module so
 * the designers' code loads only with a designer column (its plugins import it lazily).
 */
export { DesignerColumn } from '../designer/ui/DesignerColumn';
export type { DesignerKind } from '../designer/actions';
