import { ensurePostgres } from './pg.js';

/** Vitest globalSetup of the api-pg project: one check (and start) before any file runs. */
export default async function setup(): Promise<void> {
  await ensurePostgres();
}
