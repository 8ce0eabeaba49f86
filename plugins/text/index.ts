import schema from './schema.json' with { type: 'json' };
import { definePlugin } from '../../src/client/runtime/plugin';
import { create } from './create';
import { Text } from './Text';

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
