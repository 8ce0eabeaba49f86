import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, type ServerBundle } from './server-bundle.js';
import { Api, killAllServers, seededRandom, seedFromEnv, serverUrl, ServerRun, SNAPSHOT_SQL, sleep, startWriters, writeWhile, Workload, type Snapshot } from './kill-harness.js';

/**
 * Crash safety (docs/durability.md): the server is SIGKILLed at random moments while a writer sends records,
 * link sets and definition saves, and started again, KILLS times (100 in CI, 500 in `npm run
 * soak`). After every kill the file passes `PRAGMA integrity_check`, every acknowledged write is
 * there with its values, nothing is half written, and the record history holds every change and
 * no other: no change without its entry, no entry without its change (docs/durability.md,
 * docs/history.md).
 */
const KILLS = Number(process.env.KILLS ?? 100);
const seed = seedFromEnv();

let bundle: ServerBundle;
let dataDir: string;

beforeAll(async () => {
  bundle = await bundleServer();
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-kill-'));
});
afterAll(async () => {
  await killAllServers();
  bundle?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Reads the files as the server left them, while no server runs: integrity first, then the rows. */
function readDatabase(file: string): { integrity: string[]; snapshot: Snapshot } {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    const all = <T>(sql: string) => db.prepare(sql).all() as T[];
    return {
      integrity,
      snapshot: {
        items: all(SNAPSHOT_SQL.items),
        links: all(SNAPSHOT_SQL.links),
        forms: all(SNAPSHOT_SQL.forms),
        versions: all(SNAPSHOT_SQL.versions),
        history: all(SNAPSHOT_SQL.history),
      },
    };
  } finally {
    db.close();
  }
}

function accessLogIntegrity(file: string): string[] {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
  } finally {
    db.close();
  }
}

describe('SQLite under SIGKILL', () => {
  it(`keeps every acknowledged write through ${KILLS} kills`, { timeout: Math.max(600_000, KILLS * 15_000) }, async () => {
    console.log(`kill-sqlite: seed ${seed} (KILL_SEED=${seed} repeats this run), ${KILLS} kills`);
    const began = Date.now();
    const random = seededRandom(seed);
    const file = join(dataDir, 'tessera.sqlite');
    const env = { DATA_DIR: dataDir };
    const work = new Workload(random);

    const first = new ServerRun(bundle.entry, await serverUrl(), env);
    await first.ready();
    const startMs: number[] = [(first.readyAt ?? 0) - first.startedAt];
    const api = new Api(first.url);
    await api.setup(first);
    await work.define(api);
    await first.kill();

    let early = 0;
    let inFlight = 0;
    for (let kill = 1; kill <= KILLS; kill++) {
      const run = new ServerRun(bundle.entry, await serverUrl(), env);
      api.url = run.url;
      const typicalStart = startMs.slice(-10).reduce((a, b) => a + b, 0) / Math.min(startMs.length, 10);
      if (random() < 0.35) {
        // A kill while the server starts: migrations, seeding, housekeeping at start.
        await sleep(random() * typicalStart);
        early++;
      } else {
        await run.ready();
        startMs.push((run.readyAt ?? 0) - run.startedAt);
        const writers = startWriters(work, api, 4);
        await writeWhile(work, random);
        const settled = writers.halt();
        inFlight++;
        await run.kill();
        await settled;
      }
      await run.kill();
      const { integrity, snapshot } = readDatabase(file);
      expect(integrity, `integrity after kill ${kill} (seed ${seed})`).toEqual(['ok']);
      expect(accessLogIntegrity(join(dataDir, 'tessera.access-log.sqlite')), `access log after kill ${kill}`).toEqual(['ok']);
      expect(work.verify(snapshot), `after kill ${kill} (seed ${seed})`).toEqual([]);
      if (kill % 25 === 0) console.log(`kill-sqlite: ${kill} kills, ${work.acknowledged} acknowledged writes, ${Math.round((Date.now() - began) / 1000)} s`);
    }

    // And the server reads it back: the last start serves an acknowledged record.
    const last = new ServerRun(bundle.entry, await serverUrl(), env);
    api.url = last.url;
    await last.ready();
    const grid = await api.must<unknown[]>('GET', '/api/link/Item/tags/NEW');
    expect(grid.length).toBe(8);
    await last.kill();
    const median = [...startMs].sort((a, b) => a - b)[Math.floor(startMs.length / 2)];
    console.log(
      `kill-sqlite: ${KILLS} kills (${early} within the first moments of a start, ${inFlight} with writes in flight) in ${Math.round((Date.now() - began) / 1000)} s; ` +
        `${work.acknowledged} acknowledged writes, ${work.unanswered} unanswered; ${work.records} records; ${work.checks} checks of acknowledged state; ${work.historyEntries} history entries replayed at the end; median start ${median} ms`,
    );
  });
});
