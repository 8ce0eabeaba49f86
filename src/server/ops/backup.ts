import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Services } from './services.js';
import { extractArchive, writeText } from './backup-archive.js';
import { dumpTables } from './backup-dump.js';
import { MANIFEST, TABLES_DIR } from './backup-format.js';
import { loadBackup } from './backup-load.js';
import { checkModels } from './backup-models.js';
import { RestoreError, checkTable, readManifest, readModels } from './backup-read.js';
import { bootstrap } from './bootstrap.js';
import type { SevenZip } from './seven-zip.js';

// What callers import from here, wherever it now lives.
export { RestoreError };
export { FREE_SPACE_MARGIN, spaceProblem } from './backup-archive.js';
export { loadOrder } from './backup-models.js';

export interface RestoreSummary {
  tables: number;
  rows: number;
  deleted: boolean;
  /** What the restore did not take from the backup, or what it changed that the admin should know. */
  warnings: string[];
}

/**
 * Backup and restore of the whole repository: every model table (definitions, users, groups,
 * memberships, admin-made models), the settings and the definitions' versions, as neutral JSON
 * packed by 7-Zip with AES-256 and encrypted names. Sessions, login failures and the access log
 * are not part of it. Its steps live beside it: the archive (backup-archive.ts), writing the
 * tables (backup-dump.ts), reading and checking a backup (backup-read.ts, backup-models.ts),
 * and loading it (backup-load.ts, with backup-settings.ts and backup-accounts.ts).
 */
export class Backup {
  /** One backup or restore at a time in this process: a restore must not interleave with another. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly services: Services,
    private readonly zip: SevenZip,
  ) {}

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  // ---- backup ----

  /** Writes `dir/backup.7z` (dir is a private temporary folder) and answers its path. */
  create(dir: string, password: string, now = new Date()): Promise<string> {
    return this.exclusive(async () => {
      const data = join(dir, 'data');
      await mkdir(join(data, TABLES_DIR), { recursive: true, mode: 0o700 });
      const manifest = await dumpTables(this.services, data, now);
      await writeText(join(data, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      const archive = join(dir, 'backup.7z');
      await this.zip.create(archive, data, [MANIFEST, TABLES_DIR], password);
      return archive;
    });
  }

  // ---- restore ----

  /**
   * Restores `archive` (the uploaded file, inside the private folder `dir`). Everything is
   * read and checked first; only then are the old data deleted (with `deleteFirst`) and the
   * backup loaded, in one database transaction. Any failure leaves the data as they were.
   */
  restore(archive: string, dir: string, password: string, deleteFirst: boolean): Promise<RestoreSummary> {
    return this.exclusive(async () => {
      const into = join(dir, 'extracted');
      await mkdir(into, { recursive: true, mode: 0o700 });
      await extractArchive(this.zip, archive, into, password);
      const manifest = await readManifest(into);
      const models = await readModels(into, manifest);
      await checkModels(this.services, models);
      let rows = 0;
      for (const entry of manifest.tables) rows += await checkTable(into, entry, models);
      let generation: number;
      let warnings: string[];
      try {
        // Tables and columns cannot wait for the commit: they are created first and only ever
        // added (as a model save does), so a failed load leaves new tables behind, empty.
        await this.services.store.sync([...models.values()]);
        ({ generation, warnings } = await loadBackup(this.services, into, manifest, models, deleteFirst));
      } catch (e) {
        if (e instanceof RestoreError) throw e;
        throw new RestoreError(`the data could not be written (${(e as Error).message}); nothing was changed`);
      } finally {
        await this.refresh();
      }
      // This process has reloaded; the others do before their next answer.
      this.services.generation.moved(generation);
      return { tables: manifest.tables.length, rows, deleted: deleteFirst, warnings };
    });
  }

  /**
   * After a restore (or a failed one) this process serves what the database holds: the models
   * registered anew from the Model table (missing built-ins seeded, as at start), the
   * definition and page caches emptied.
   */
  private async refresh(): Promise<void> {
    const { defs, store, devices } = this.services;
    defs.forget();
    store.forget();
    devices.forget();
    await bootstrap(this.services);
    store.retain(new Set((await defs.list('model')).map((m) => m.name)));
    // The restored Settings apply at once in this process (others re-read within their bound).
    await this.services.site.reload();
  }
}
