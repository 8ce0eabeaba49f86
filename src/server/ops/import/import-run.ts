/**
 * An import job's thread (started by ImportJobs through import-worker.mjs): its own connection,
 * opened as the server's is (connect.ts), so the history's triggers read this thread's context,
 * set here to the job: source 'import', the user who started it, request id `import:<job id>`.
 * It tells the server its progress and end by message, and hears a cancel the same way.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { connect, type ConnectOptions, type Db } from '../../db/connect.js';
import { withHistoryContext } from '../../db/history-context.js';
import { ModelStore, type PendingWrite } from '../../records/model-store.js';
import type { ModelDefinition } from '../../records/model-types.js';
import type { AutomationDefinition } from '../../../generated/definitions.js';
import { AutomationIndex } from '../automations/automation-index.js';
import { BeforeTriggers } from '../automations/before-triggers.js';
import { RunTable, type FinishedRun } from '../automations/run-table.js';
import { runImport, type JobPlan } from './import-engine.js';
import { ImportJobTable, progressColumns, type JobProgress } from './import-table.js';

export interface ImportWorkerData {
  connection: ConnectOptions;
  models: ModelDefinition[];
  plan: JobPlan;
  /** The before-triggers watching the plan's model when the job started (docs/automations.md). */
  beforeTriggers: AutomationDefinition[];
}

/** What the thread tells the server. */
export type ImportWorkerMessage = { progress: JobProgress } | { ended: true } | { error: string };

const data = workerData as ImportWorkerData;
let cancelAsked = false;
parentPort?.on('message', (m: { cancel?: boolean }) => {
  if (m.cancel) cancelAsked = true;
});
// The cancel listener must not keep the thread alive once the job has ended.
parentPort?.unref();

const database = connect(data.connection);
const store = new ModelStore(database);
store.register(data.models);
const table = new ImportJobTable(database.db);
const { plan } = data;
/**
 * The model's before-triggers, carried out on each row as on a form's save. Their runs are logged
 * in the job's writing transaction, so an import that is rolled back leaves no run for a write
 * that did not happen; a dry run logs none (its refusals are its report).
 */
const guard = (() => {
  if (!data.beforeTriggers.length) return undefined;
  const index = AutomationIndex.of(data.beforeTriggers);
  const runs = new RunTable(database);
  let made: { run: FinishedRun; endedAt: number }[] = [];
  const triggers = new BeforeTriggers(store, () => index, (run) => made.push({ run, endedAt: Date.now() }));
  return {
    write: (write: PendingWrite) => triggers.guard(write),
    async logRuns(db: Db | null) {
      const these = made;
      made = [];
      if (db) await runs.recordAll(these, db);
    },
  };
})();
// SQLite: while the job's transaction holds the one connection, the table is neither read nor
// written outside it (the server hears the progress by message); PostgreSQL writes it beside.
const outside = (trxOpen: boolean) => database.dialect === 'postgres' || !trxOpen;
/** The most often the job's row gets its progress, and when it last did. */
const WRITE_EVERY_MS = 500;
let written = 0;

/** The job, to its end: run when the thread loads this module (a CommonJS module has no top-level await). */
async function main(): Promise<void> {
  try {
    await withHistoryContext({ source: 'import', userId: plan.by.id, userName: plan.by.name, requestId: `import:${plan.id}` }, () =>
      runImport(database, store, plan, {
        guard,
        async cancelled(trxOpen) {
          // A turn of the thread's event loop, so that a cancel the server sent is heard: a job that
          // reads a plain file fast and writes to SQLite (synchronous) would otherwise not let the
          // message in before it ends.
          await new Promise((resolve) => setImmediate(resolve));
          if (cancelAsked) return true;
          if (!outside(trxOpen)) return false;
          const row = await table.row(plan.id);
          return Number(row?.cancel ?? 0) === 1;
        },
        async progress(p, trxOpen) {
          parentPort?.postMessage({ progress: p } satisfies ImportWorkerMessage);
          // The row at most twice a second (the server answers the message's fresher progress).
          if (!outside(trxOpen) || Date.now() - written < WRITE_EVERY_MS) return;
          written = Date.now();
          await table.update(plan.id, { ...progressColumns(p), heartbeat: written });
        },
      }),
    );
    parentPort?.postMessage({ ended: true } satisfies ImportWorkerMessage);
  } catch (e) {
    const message = (e as Error).message || String(e);
    await table
      .update(plan.id, { state: 'failed', ended_at: new Date().toISOString(), seconds_left: null, error: JSON.stringify({ message: `${message.replace(/\.$/, '')}. Nothing was written.` }) })
      .catch(() => undefined);
    parentPort?.postMessage({ error: message } satisfies ImportWorkerMessage);
  } finally {
    await database.close();
  }
}

void main();
