import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One run covers every suite; `--project <name>` narrows it. The API suite runs twice, once per
// database, so SQLite and PostgreSQL behaviour cannot drift apart unnoticed.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's two, the whole run went one
    // file at a time. Two keep both cores busy (the browser project still runs its files singly).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/property/**/*.test.ts', 'plugins/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'component',
          // React components in jsdom; the network is msw (tests/support/msw.ts), never our server.
          include: ['plugins/**/*.test.tsx', 'tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/support/component-setup.ts'],
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { TESSERA_TEST_DB: 'sqlite' },
          // Forks, not threads: better-sqlite3 and pg hold native handles per process. Files share
          // their fork's module cache (no isolation): each builds its own app, and the server's
          // modules are imported once per fork instead of once per file, a third of the suite's CPU.
          pool: 'forks',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api-pg',
          // tests/api-pg holds what only PostgreSQL can show: several server processes on one database.
          include: ['tests/api/**/*.test.ts', 'tests/api-pg/**/*.test.ts'],
          // These start their own server process on a SQLite file whatever the project: once is enough.
          exclude: ['tests/api/console-log.test.ts', 'tests/api/workers.test.ts'],
          environment: 'node',
          env: { TESSERA_TEST_DB: 'postgres' },
          pool: 'forks',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // Starts the local cluster once if it is down; fails loudly rather than skipping.
          globalSetup: ['tests/support/pg-global-setup.ts'],
        },
      },
      {
        test: {
          name: 'kill',
          // Crash safety (docs/durability.md): the server SIGKILLed and restarted KILLS times
          // (100 here, 500 in `npm run soak`), on SQLite and on a private PostgreSQL cluster.
          include: ['tests/kill/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A page answers through a real server and debounced searches: vitest's 1 s default for
          // expect.poll failed a picker's search on a loaded CI machine while the page was right.
          expect: { poll: { timeout: 10_000 } },
          // Each browser file starts its own server (on its own port and data folder) and its own
          // Chromium, so two run side by side like the other projects' files.
          // Fails any browser test during which a page reported a Content-Security-Policy violation.
          setupFiles: ['tests/support/browser-setup.ts'],
        },
      },
    ],
  },
});
