// Planner statistics for SQLite (planner-stats.ts), gathered in a thread of its own: ANALYZE reads
// every row of a table, a second or two for a million, and the server's thread must not wait for
// it. One connection of its own, one table per statement, so the write lock ANALYZE takes for its
// results is held one table at a time.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, tables } = workerData;
const db = new Database(file);
try {
  db.pragma('busy_timeout = 5000');
  const done = [];
  for (const table of tables) {
    db.exec(`analyze "${String(table).replace(/"/g, '""')}"`);
    done.push(table);
  }
  parentPort.postMessage({ done });
} catch (err) {
  parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
} finally {
  db.close();
}
