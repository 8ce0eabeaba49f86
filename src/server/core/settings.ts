import type { Db } from '../db/connect.js';

/** The sys_settings key whose presence means setup is complete. */
export const SETUP_COMPLETED_KEY = 'setup_completed';

/** Key/value settings kept in the database, so every server process sees the same ones. */
export class Settings {
  private setupDone = false;

  constructor(private readonly db: Db) {}

  async get<T>(key: string): Promise<T | undefined> {
    const row = await this.db.selectFrom('sys_settings').select('value').where('key', '=', key).executeTakeFirst();
    return row ? (JSON.parse(String(row.value)) as T) : undefined;
  }

  async set(key: string, value: unknown, db: Db = this.db): Promise<void> {
    const text = JSON.stringify(value);
    await db
      .insertInto('sys_settings')
      .values({ key, value: text })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
      .execute();
  }

  /**
   * Setup is complete once its flag is stored. The flag is inserted (never upserted) when
   * setup finishes, so of two racing finishes only one can win, and it is never removed.
   */
  async setupCompleted(): Promise<boolean> {
    if (this.setupDone) return true;
    this.setupDone = (await this.get<boolean>(SETUP_COMPLETED_KEY)) === true;
    return this.setupDone;
  }

  async markSetupCompleted(db: Db): Promise<void> {
    await db.insertInto('sys_settings').values({ key: SETUP_COMPLETED_KEY, value: 'true' }).execute();
  }

  // ---- for a restore (backup-load.ts), through its transaction ----

  /** Every stored row, as stored (JSON text values). */
  async rows(db: Db): Promise<{ key: string; value: string }[]> {
    return (await db.selectFrom('sys_settings').select(['key', 'value']).execute()).map((r) => ({ key: String(r.key), value: String(r.value) }));
  }

  /** Deletes every row but those of the given keys. */
  async removeAllBut(keys: readonly string[], db: Db): Promise<void> {
    await db.deleteFrom('sys_settings').where('key', 'not in', keys).execute();
  }

  /** Stores setup as completed, whatever was stored (a restore may not reopen setup). */
  async keepSetupCompleted(db: Db): Promise<void> {
    await db
      .insertInto('sys_settings')
      .values({ key: SETUP_COMPLETED_KEY, value: 'true' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'true' }))
      .execute();
  }
}
