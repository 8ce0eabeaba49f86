import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who and where a record change comes from, for its history entry (docs/history.md): the
 * request's user and route, or a job's name. The database's history triggers read it: SQLite
 * calls `tessera_history_context()`, a function of the connection that answers the context of
 * the code running the statement; PostgreSQL reads the setting `tessera.history`, which the
 * driver (connect.ts) sets in every transaction and before every write made outside one.
 *
 * It lives in db/, the server's lowest layer, because the connection reads it; the request hook
 * (http/history-hook.ts) and the jobs (restore, import, model change) set it.
 */
export interface HistoryContext {
  userId: number | null;
  userName: string | null;
  /** The route (`POST /api/form/:name/add`) or the job (`restore`, `import`, `model change`). */
  source: string;
  address: string | null;
  requestId: string | null;
  /** Writes made under it are not recorded (a restore's rows: the restore is one entry of its own). */
  unrecorded?: boolean;
  /**
   * The automation run whose steps write (docs/automations.md): its name and how deep in a chain
   * of automations it is, so the runs its writes start are one level deeper, and a loop is stopped.
   */
  automation?: { name: string; depth: number };
}

const storage = new AsyncLocalStorage<HistoryContext>();

/** The server's own writes (setup, seeding, scripts, housekeeping): nobody, from the server. */
export const SERVER_CONTEXT: HistoryContext = { userId: null, userName: null, source: 'server', address: null, requestId: null };

/** The context of the code running now; the server's when none was set. */
export function historyContext(): HistoryContext {
  return storage.getStore() ?? SERVER_CONTEXT;
}

/** Runs `fn` with `context` as the history's who and where (a job sets its source so). */
export function withHistoryContext<T>(context: Partial<HistoryContext> & { source: string }, fn: () => T): T {
  return storage.run({ ...SERVER_CONTEXT, ...context }, fn);
}

/** Runs `fn` as a job of the calling request or job: its user and request id, the job's source. */
export function asJob<T>(source: string, fn: () => T): T {
  return storage.run({ ...historyContext(), source }, fn);
}

/** Runs `fn` (and everything it starts) under a context the caller may still fill in (the request hook: the user is found later). */
export function enterHistoryContext<T>(context: HistoryContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The context as the triggers read it: JSON text. */
export function historyContextJson(): string {
  const c = historyContext();
  return JSON.stringify({
    u: c.userId,
    n: c.userName,
    s: c.source,
    a: c.address,
    r: c.requestId,
    ...(c.unrecorded ? { x: 1 } : {}),
    ...(c.automation ? { m: c.automation.name, d: c.automation.depth } : {}),
  });
}
