import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/http/app.js';
import { loadConfig } from '../../src/server/core/config.js';

/** SQLITE_SYNCHRONOUS (docs/durability.md): NORMAL by default, FULL when asked for. */
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-sync-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function synchronousOf(setting?: string): Promise<number> {
  const cwd = tempDir();
  if (setting) writeFileSync(join(cwd, '.env'), `SQLITE_SYNCHRONOUS=${setting}\n`);
  const app = await buildApp(loadConfig({ dataDir: join(cwd, 'data'), databaseUrl: undefined, logLevel: 'silent', clientDir: join(cwd, 'none') }, cwd));
  try {
    const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(app.services.database.db);
    return Number(rows[0]?.synchronous);
  } finally {
    await app.close();
  }
}

describe('SQLITE_SYNCHRONOUS', () => {
  it('is NORMAL (1) unless set, and FULL (2) when set, in any case', { timeout: 60_000 }, async () => {
    expect(await synchronousOf()).toBe(1);
    expect(await synchronousOf('full')).toBe(2);
    expect(await synchronousOf('NORMAL')).toBe(1);
  });

  it('refuses any other value at start, naming it', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, '.env'), 'SQLITE_SYNCHRONOUS=OFF\n');
    expect(() => loadConfig({}, cwd)).toThrow("SQLITE_SYNCHRONOUS must be NORMAL or FULL, not 'OFF'");
  });
});
