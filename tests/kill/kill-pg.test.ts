import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, type ServerBundle } from './server-bundle.js';
import { PrivatePostgres } from './private-postgres.js';
import { Api, killAllServers, seededRandom, seedFromEnv, serverUrl, ServerRun, SNAPSHOT_SQL, sleep, startWriters, writeWhile, Workload, type Snapshot } from './kill-harness.js';

/**
 * Crash safety on PostgreSQL (docs/durability.md): the same writer as kill-sqlite.test.ts, while the server
 * is SIGKILLed (PG_KILLS times) and while the database itself is stopped at once and started
 * again under load (PG_RESTARTS times) on a private cluster. Through a database restart the
 * server keeps running, answers 503 DATABASE_UNAVAILABLE, and serves again when it is back.
 */
const KILLS = Number(process.env.PG_KILLS ?? 20);
const RESTARTS = Number(process.env.PG_RESTARTS ?? 3);
const seed = seedFromEnv();

let bundle: ServerBundle;
let cluster: PrivatePostgres;

beforeAll(async () => {
  bundle = await bundleServer();
  cluster = new PrivatePostgres();
  await cluster.init();
}, 180_000);
afterAll(async () => {
  await killAllServers();
  bundle?.remove();
  cluster?.remove();
});

async function readDatabase(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const all = async <T>(sql: string) => (await client.query(sql)).rows as T[];
    const versions = await all<{ def_id: string; version: number; document: unknown }>(SNAPSHOT_SQL.versions);
    return {
      items: await all(SNAPSHOT_SQL.items),
      links: await all(SNAPSHOT_SQL.links),
      forms: await all(SNAPSHOT_SQL.forms),
      versions: versions.map((v) => ({ ...v, document: typeof v.document === 'string' ? v.document : JSON.stringify(v.document) })),
      history: await all(SNAPSHOT_SQL.history),
    };
  } finally {
    await client.end();
  }
}

describe('PostgreSQL under SIGKILL and database restarts', () => {
  it(`keeps every acknowledged write through ${KILLS} server kills and ${RESTARTS} database restarts`, { timeout: Math.max(600_000, (KILLS + RESTARTS) * 20_000) }, async () => {
    console.log(`kill-pg: seed ${seed} (KILL_SEED=${seed} repeats this run), ${KILLS} kills, ${RESTARTS} database restarts`);
    const began = Date.now();
    const random = seededRandom(seed);
    const env = { DATABASE_URL: cluster.url, DATA_DIR: cluster.dir };
    const work = new Workload(random);
    const events: ('kill' | 'restart')[] = [...Array<'kill'>(KILLS).fill('kill'), ...Array<'restart'>(RESTARTS).fill('restart')];
    for (let i = events.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [events[i], events[j]] = [events[j]!, events[i]!];
    }

    let run = new ServerRun(bundle.entry, await serverUrl(), env);
    await run.ready();
    const api = new Api(run.url);
    await api.setup(run);
    await work.define(api);
    let unavailable = 0;

    for (const [n, event] of events.entries()) {
      if (!run.alive) {
        run = new ServerRun(bundle.entry, await serverUrl(), env);
        api.url = run.url;
        await run.ready();
      }
      const writers = startWriters(work, api, 4);
      await writeWhile(work, random);
      if (event === 'kill') {
        const settled = writers.halt();
        await run.kill();
        await settled;
      } else {
        const pid = run.child.pid;
        cluster.stopImmediately();
        // The database is gone: the server stays up and says so.
        const away = await api.call<{ code?: string }>('GET', '/api/link/Item/tags/NEW').catch(async (e: Error) => {
          throw new Error(`no answer while the database is down (${e.message}); the server ${run.alive ? 'runs' : `exited: ${String(await run.exited)}`}:\n${run.log}`);
        });
        expect(away.status, `while the database is down (event ${n})`).toBe(503);
        expect(away.body.code).toBe('DATABASE_UNAVAILABLE');
        unavailable++;
        await sleep(random() * 500);
        cluster.start();
        // And serves again once it is back, the same process all along.
        const deadline = Date.now() + 30_000;
        while ((await api.call('GET', '/api/link/Item/tags/NEW')).status !== 200) {
          if (Date.now() > deadline) throw new Error(`the server did not recover after the database restart:\n${run.log}`);
          await sleep(100);
        }
        await writers.halt();
        expect(run.alive, 'the server survived the database restart').toBe(true);
        expect(run.child.pid).toBe(pid);
      }
      expect(work.verify(await readDatabase(cluster.url)), `after event ${n} (${event}, seed ${seed})`).toEqual([]);
      if ((n + 1) % 10 === 0) console.log(`kill-pg: ${n + 1} events, ${work.acknowledged} acknowledged writes, ${Math.round((Date.now() - began) / 1000)} s`);
    }
    if (run.alive) await run.kill();
    console.log(
      `kill-pg: ${KILLS} kills, ${RESTARTS} database restarts (${unavailable} answered 503 while down) in ${Math.round((Date.now() - began) / 1000)} s; ` +
        `${work.acknowledged} acknowledged writes, ${work.unanswered} unanswered; ${work.records} records; ${work.checks} checks of acknowledged state; ${work.historyEntries} history entries replayed at the end`,
    );
  });
});
