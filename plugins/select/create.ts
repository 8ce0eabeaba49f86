import type { SelectColumn } from '../../src/plugin-kit';

/**
 * A new Select column as the designer adds it.
 * Hard coded (selecttype '1') needs no data url, so a new select works at once.
 */
export function create(): SelectColumn {
  return { childType: 'Select', width: 0, selecttype: '1' };
}
