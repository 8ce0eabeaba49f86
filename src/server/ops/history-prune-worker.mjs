// The record history's pruning on SQLite (housekeeping.ts, pruneHistory), in a thread of its own:
// a delete run by the server's connection holds every request for its time, and its commit may
// run a WAL checkpoint there too (the longest request held grew by about 280 ms while a million
// entries were pruned). Here the deletes and their checkpoints hold only this thread; the
// server's reads go on beside them (WAL), and its writes wait for one batch at most, for the
// thread rests between batches as long as the last one took, so a waiting writer gets the lock.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';

/** @type {{ file: string, synchronous: string, passes: { cutoff: string, model?: string, notIn?: string[] }[], batch: { start: number, min: number, max: number, ms: number, rest: { min: number, max: number } }, stop: SharedArrayBuffer }} */
const { file, synchronous, passes, batch, stop } = workerData;
const stopped = new Int32Array(stop);

const db = new Database(file);
let gone = 0;
try {
  db.pragma('busy_timeout = 5000');
  db.pragma(`synchronous = ${synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  let size = batch.start;
  for (const pass of passes) {
    const notIn = pass.notIn ?? [];
    const where = `at < ?${pass.model !== undefined ? ' and model = ?' : ''}${notIn.length ? ` and model not in (${notIn.map(() => '?').join(', ')})` : ''}`;
    const params = [pass.cutoff, ...(pass.model !== undefined ? [pass.model] : []), ...notIn];
    const remove = db.prepare(`delete from sys_record_history where id in (select id from sys_record_history where ${where} order by at, id limit ?)`);
    for (;;) {
      if (Atomics.load(stopped, 0) !== 0) break;
      const began = performance.now();
      const n = remove.run(...params, size).changes;
      const took = performance.now() - began;
      gone += n;
      parentPort.postMessage({ gone });
      if (n < size) break;
      // Toward the size that takes `ms`, by half or double at most a step.
      const wanted = (size * batch.ms) / Math.max(1, took);
      size = Math.round(Math.min(batch.max, size * 2, Math.max(batch.min, size / 2, wanted)));
      // Rest as long as the batch took (within batch.rest), woken at once by a stop.
      Atomics.wait(stopped, 0, 0, Math.max(batch.rest.min, Math.min(took, batch.rest.max)));
    }
  }
  parentPort.postMessage({ done: gone });
} catch (err) {
  parentPort.postMessage({ error: err instanceof Error ? err.message : String(err), done: gone });
} finally {
  db.close();
}
