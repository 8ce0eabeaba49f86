import { writeFileSync } from 'node:fs';
import { withTransfer } from './app-transfer-cli.js';

/** `npm run app:export -- FILE`: every definition of the configured instance into one app file. */
const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('usage: npm run app:export -- FILE');
  process.exit(2);
}

await withTransfer(async (transfer) => {
  const app = await transfer.exportApp();
  writeFileSync(file, `${JSON.stringify(app, null, 2)}\n`);
  const counts = Object.entries(app.definitions).map(([kind, docs]) => `${docs.length} ${kind}`);
  console.log(`exported ${counts.join(', ')} to ${file}`);
  return 0;
});
