// The access log's writer thread starts here. The server runs TypeScript through tsx (npm
// start, the tests, the benches); a worker thread does not inherit tsx's loader, so this
// plain module registers it for the thread and loads the writer. Through tsx's require hook,
// as import-worker.mjs does: its ESM loader runs its hooks in one more thread, held for as long
// as the server runs (the server before an import: 263 MB with it, 246 MB without), while the
// writer's modules (no import.meta, no top-level await) load the same as CommonJS.
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
createRequire(import.meta.url)('./access-log-writer.ts');
