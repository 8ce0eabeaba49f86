import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseName, CARD_ICON, freeName, plural } from '../../src/server/definitions/screen-generation.js';

/** The names "Generate screens" gives (docs/api.md): made of the model's, never clashing, always valid. */
describe('generated names', () => {
  it('are the model name in lower case with underscores between words', () => {
    expect(baseName('Book')).toBe('book');
    expect(baseName('OrderLine')).toBe('order_line');
    expect(baseName('HTTPRequest')).toBe('http_request');
    expect(baseName('Item_2')).toBe('item_2');
  });

  it('make a list plural', () => {
    expect(['book', 'category', 'box', 'match', 'day', 'status'].map(plural)).toEqual(['books', 'categories', 'boxes', 'matches', 'days', 'statuses']);
  });

  it('take the next free suffix and stay within 64 characters', () => {
    const taken = new Set(['book', 'book_2']);
    expect(freeName('book', taken)).toBe('book_3');
    expect(freeName('book', taken)).toBe('book_4');
    expect(freeName('books', taken)).toBe('books');
    const long = baseName(`A${'b'.repeat(63)}`);
    const name = freeName(long, new Set([long]));
    expect(name.length).toBeLessThanOrEqual(64);
    expect(name).toMatch(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/);
  });

  it("give the card an icon that bootstrap-icons has (the icon picker's list)", () => {
    const require = createRequire(import.meta.url);
    const dir = join(dirname(require.resolve('bootstrap-icons/package.json')), 'icons');
    expect(existsSync(join(dir, `${CARD_ICON}.svg`))).toBe(true);
  });
});
