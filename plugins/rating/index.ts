import schema from './schema.json' with { type: 'json' };
import { create } from './create';
import { Rating } from './Rating';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'Rating',
  schema,
  create,
  Render: Rating,
  // Empty until rated; a default, when set, is a number of stars.
  initialValue: (column) => (column.hasdefault && column.default !== undefined && column.default !== '' ? Number(column.default) : ''),
  examples: [
    { childType: 'Rating', width: 4, name: 'rating', label: 'Rating', showlabelchecked: true, stars: 5, minchecked: true, min: 1 },
    { childType: 'Rating', width: 0, name: 'score', label: 'Score', stars: 10, required: true, showhintchecked: true, hint: 'Ten is best' },
  ],
});
