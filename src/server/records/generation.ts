import type { Db } from '../db/connect.js';
import type { StatsSnapshot } from './model-store.js';

/**
 * The row of sys_table_stats (migration 0010_generation) whose version moves when the data
 * change underneath every process at once: a restore, or a model deleted. Each request reads
 * it with the other tables' versions (one query, http/request-user.ts), so a process that sees it move
 * reloads what it keeps in memory (the models it registered, cached definitions and pages,
 * the trusted-device secret) before it answers.
 */
export const GENERATION_ROW = 'sys_generation';

/** Moves the generation on; call inside the transaction that makes the change. */
export async function bumpGeneration(db: Db): Promise<void> {
  await db
    .updateTable('sys_table_stats')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('tbl', '=', GENERATION_ROW)
    .execute();
}

/** Reads the generation now (-1 before migration 0010 ran). */
export async function currentGeneration(db: Db): Promise<number> {
  const row = await db.selectFrom('sys_table_stats').select('version').where('tbl', '=', GENERATION_ROW).executeTakeFirst();
  return row ? Number(row.version) : -1;
}

/**
 * One process's view of the generation. `check` costs a map look-up while nothing moved; when
 * it did, the first request runs `reload` and the others wait for the same run, so a process
 * reloads once per move however many requests arrive together.
 */
export class Generation {
  private running: Promise<void> | null = null;

  constructor(
    private readonly reload: () => Promise<void>,
    /** The generation this process's memory matches (read before it loaded anything). */
    private seen = -1,
  ) {}

  /**
   * This process moved the generation to `version` and has already brought its own memory
   * up to date. When it had not seen every earlier move (another process's restore), nothing
   * is recorded and the next request reloads.
   */
  moved(version: number): void {
    if (version === this.seen + 1) this.seen = version;
  }

  get version(): number {
    return this.seen;
  }

  /**
   * Reloads when the snapshot's generation is newer than this process's memory; undefined
   * (no promise to wait for, the hot path) when it is not. A failed reload rejects, and the
   * next request tries again.
   */
  check(snapshot: StatsSnapshot): Promise<void> | undefined {
    const wanted = snapshot.get(GENERATION_ROW)?.version;
    return wanted !== undefined && wanted > this.seen ? this.catchUp(wanted) : undefined;
  }

  private async catchUp(wanted: number): Promise<void> {
    while (wanted > this.seen) {
      if (!this.running) {
        // The version is read before the reload, so a move during it is caught by the next request.
        this.running = (async () => {
          const target = wanted;
          await this.reload();
          if (target > this.seen) this.seen = target;
        })().finally(() => {
          this.running = null;
        });
      }
      await this.running;
    }
  }
}
