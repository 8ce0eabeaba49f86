// An import job's thread starts here (docs/import.md). The server runs TypeScript through tsx
// (npm start, the tests); a worker thread does not inherit tsx's loader, so this plain module
// registers it for the thread and loads the job's code. Through tsx's require hook, not its ESM
// loader: that one runs its hooks in a thread of its own, and the job's thread with it held about
// 35 MB more, while the job's modules (none of which uses import.meta or top-level await) load
// the same as CommonJS.
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
createRequire(import.meta.url)('./import-run.ts');
