import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { Html } from './Html';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'Html',
  schema,
  create,
  Render: Html,
  examples: [
    { childType: 'Html', width: 12, html: '<p>Administrators design <strong>forms</strong> and <em>pages</em>.</p>' },
    { childType: 'Html', width: 0 },
  ],
});
