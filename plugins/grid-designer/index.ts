import schema from './schema.json' with { type: 'json' };
import type { GridDesignerColumn } from '../../src/generated/definitions';
import { definePlugin } from '../../src/client/runtime/plugin';
import { create } from './create';
import { lazyColumn } from '../../src/client/runtime/lazy-column';

export const plugin = definePlugin({
  childType: 'GridDesigner',
  schema,
  create,
  // The designers load on first use (the read-only viewer now, the designer later).
  Render: lazyColumn<GridDesignerColumn>(() => import('./GridDesigner').then((m) => m.GridDesigner)),
  // It edits the record field that stores the definition.
  field: (column) => column.definitionfield || undefined,
  examples: [{ childType: 'GridDesigner', width: 12, modelfield: 'model', definitionfield: 'definition' }],
});
