import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { type PageDesignerColumn, definePlugin, lazyColumn } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'PageDesigner',
  schema,
  create,
  // The designers load on first use (the read-only viewer now, the designer later).
  Render: lazyColumn<PageDesignerColumn>(() => import('./PageDesigner').then((m) => m.PageDesigner)),
  // It edits the record field that stores the definition.
  examples: [{ childType: 'PageDesigner', width: 12, definitionfield: 'definition' }],
});
