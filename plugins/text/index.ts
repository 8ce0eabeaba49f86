import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { Text } from './Text';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'Text',
  schema,
  create,
  Render: Text,
  examples: [
    { childType: 'Text', width: 12, text: 'Tessera is a metadata-driven, low-code builder for administration applications.' },
    { childType: 'Text', width: 0 },
  ],
});
