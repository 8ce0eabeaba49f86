import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { connect, withStatementCache } from '../../src/server/db/connect.js';
import { ModelStore } from '../../src/server/records/model-store.js';
import { migrate } from '../../src/server/db/migrations.js';

/**
 * A full cache drops its least recently used entries, not everything. A hot entry
 * asked for between a flood of one-off keys (more of them than the cache holds) stays cached.
 */
describe('bounded caches are LRU', () => {
  it('the statement cache keeps a hot statement through a flood of one-off SQL texts', () => {
    const native = withStatementCache(new BetterSqlite3(':memory:'));
    const hot = native.prepare('select 1 as hot');
    for (let i = 0; i < 5_000; i++) {
      native.prepare(`select ${i} as cold`);
      if (i % 100 === 0) expect(native.prepare('select 1 as hot')).toBe(hot);
    }
    expect(native.prepare('select 1 as hot')).toBe(hot);
    // The flood itself was bounded: an early one-off text is prepared anew.
    const early = native.prepare('select 0 as cold');
    expect(native.prepare('select 0 as cold')).toBe(early);
    native.close();
  });

  it('the page cache keeps a hot page through a flood of other pages', async () => {
    const database = connect({ dataDir: '/tmp', databaseUrl: 'sqlite::memory:' });
    try {
      await migrate(database);
      const store = new ModelStore(database);
      await store.sync([{ name: 'Note', fields: [{ name: 'title', type: 'text' }] } as never]);
      for (let i = 0; i < 20; i++) await store.insert('Note', { title: `note ${i}` });
      const q = { fields: ['title'] };
      const hot = await store.page('Note', q, 0, 5);
      // 2,000 other pages (more than the cache's 500), the hot one asked for now and then.
      for (let i = 0; i < 2_000; i++) {
        await store.page('Note', { ...q, search: { fields: ['title'], term: `cold ${i}` } }, 0, 5);
        if (i % 50 === 0) expect(await store.page('Note', q, 0, 5)).toBe(hot);
      }
      expect(await store.page('Note', q, 0, 5)).toBe(hot);
      // A cold one fell out: asked again it is read anew (an equal answer, another object).
      const cold = { ...q, search: { fields: ['title'], term: 'cold 0' } };
      const again = await store.page('Note', cold, 0, 5);
      expect(await store.page('Note', cold, 0, 5)).toBe(again);
    } finally {
      await database.close();
    }
  });
});
