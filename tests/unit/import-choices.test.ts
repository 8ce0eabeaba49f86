import { describe, expect, it } from 'vitest';
import { byOfValue, byValue, durationText } from '../../src/runtime/views/import-choices';

/** The import dialog's words for the time left, and the reference ways as its select holds them. */
describe('import dialog helpers', () => {
  it('words the time left in seconds, minutes and hours', () => {
    expect(durationText(2.4)).toBe('2 s');
    expect(durationText(59.6)).toBe('1 min');
    expect(durationText(200)).toBe('3 min 20 s');
    expect(durationText(3600)).toBe('1 h');
    expect(durationText(7500)).toBe('2 h 5 min');
    expect(durationText(-3)).toBe('0 s');
  });

  it('turns each way of finding a reference into a select value and back', () => {
    for (const by of ['id', 'display', { field: 'code' }] as const) expect(byOfValue(byValue(by))).toEqual(by);
    expect(byValue({ field: 'code' })).toBe('field:code');
  });
});
