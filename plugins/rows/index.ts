import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { Rows } from './Rows';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'Rows',
  schema,
  create,
  Render: Rows,
  examples: [
    {
      childType: 'Rows',
      width: 12,
      rows: [
        { cols: [{ childType: 'Text', width: 6, text: 'Left' }, { childType: 'Text', width: 6, text: 'Right' }] },
        { cols: [{ childType: 'Text', width: 0, text: 'Below' }] },
      ],
    },
  ],
});
