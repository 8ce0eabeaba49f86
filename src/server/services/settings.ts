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
}
