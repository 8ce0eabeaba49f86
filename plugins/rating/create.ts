import type { RatingColumn } from '../../src/plugin-kit';

/** A new Rating column as the designer adds it: five stars under a visible label. */
export function create(): RatingColumn {
  return { childType: 'Rating', width: 0, label: 'Rating', showlabelchecked: true, stars: 5 };
}
