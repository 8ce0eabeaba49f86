// The access log's writer thread starts here. The server runs TypeScript through tsx (npm
// start, the tests, the benches); a worker thread does not inherit tsx's loader, so this
// plain module registers it for the thread and loads the writer.
import { tsImport } from 'tsx/esm/api';

await tsImport('./access-log-writer.ts', import.meta.url);
