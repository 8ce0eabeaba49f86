import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RestoreError, readRows } from '../../src/server/ops/backup-read.js';

/** The line reader of a restore (src/server/ops/backup-read.ts): rows one at a time, none longer than its cap. */
const dir = mkdtempSync(join(tmpdir(), 'tessera-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function all(path: string, maxBytes?: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const row of readRows(path, { name: 'tables/T.jsonl', maxBytes })) out.push(row);
  return out;
}

describe('readRows', () => {
  it('reads rows across chunk boundaries, CRLF line ends and a last line without one; blank lines are skipped', async () => {
    // A euro sign (3 bytes) straddles the first 64 KiB chunk, as a long text value would.
    const long = `${'a'.repeat(65_534)}€`;
    const path = file('mixed.jsonl', `{"n":1}\r\n\n${JSON.stringify({ long })}\n  \n{"n":3}`);
    expect(await all(path)).toEqual([{ n: 1 }, { long }, { n: 3 }]);
  });

  it('takes a line of exactly the cap and refuses one byte more, naming the file and line, never the text', async () => {
    const row = `{"v":"${'s'.repeat(90)}"}`; // 98 bytes
    expect(await all(file('at-cap.jsonl', `{"n":1}\n${row}\n`), 98)).toEqual([{ n: 1 }, { v: 's'.repeat(90) }]);
    const over = all(file('over-cap.jsonl', `{"n":1}\n\n${row}x\n{"n":2}\n`), 98);
    await expect(over).rejects.toThrow(RestoreError);
    await expect(over).rejects.toThrow(/^tables\/T\.jsonl line 3 is longer than 98 bytes, the most a row may hold$/);
  });

  it('refuses a long line without a newline at the end of the file, and one of many chunks', async () => {
    await expect(all(file('tail.jsonl', `{"n":1}\n${'y'.repeat(200)}`), 100)).rejects.toThrow(/line 2 is longer than 100 bytes/);
    await expect(all(file('chunks.jsonl', 'z'.repeat(300_000)), 200_000)).rejects.toThrow(/line 1 is longer than 195\.3 KiB/);
  });

  it('rejects, rather than throwing outside the caller, when the file cannot be read', async () => {
    await expect(all(join(dir, 'missing.jsonl'))).rejects.toThrow(/ENOENT/);
    await expect(all(dir)).rejects.toThrow(/EISDIR/);
  });
});
