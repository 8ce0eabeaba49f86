import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { GridEmbed } from './GridEmbed';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'Grid',
  schema,
  create,
  Render: GridEmbed,
  // Not a field: the grid shows its own rows and adds nothing to the record.
  // The example has no grid code, so the contract suite can render it without a server.
  examples: [{ childType: 'Grid', width: 12 }],
});
