import type { Db } from '../db/connect.js';

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
    this.setupDone = (await this.get<boolean>('setup_completed')) === true;
    return this.setupDone;
  }

  async markSetupCompleted(db: Db): Promise<void> {
    await db.insertInto('sys_settings').values({ key: 'setup_completed', value: 'true' }).execute();
  }
}
