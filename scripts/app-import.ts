import { readFileSync } from 'node:fs';
import { withTransfer } from './app-transfer-cli.js';

/**
 * `npm run app:import -- FILE [--dry-run]`: an app file into the configured instance, all or
 * nothing. Prints what changed (or would, with --dry-run); a refused file prints why and exits 1.
 */
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const file = args.find((a) => !a.startsWith('--'));
if (!file || args.some((a) => a.startsWith('--') && a !== '--dry-run')) {
  console.error('usage: npm run app:import -- FILE [--dry-run]');
  process.exit(2);
}

await withTransfer(async (transfer) => {
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    console.error(`${file} is not a JSON file: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  const result = dryRun ? await transfer.previewImport(content) : await transfer.applyImport(content);
  if (!result.ok) {
    console.error(`${file} cannot be imported:`);
    for (const e of result.errors) console.error(`  ${e.pointer || '/'}: ${e.message}`);
    return 1;
  }
  for (const c of result.changes) {
    if (c.status === 'unchanged') continue;
    console.log(`${c.status.padEnd(7)} ${c.kind} ${c.name}${c.diff ? ` (${c.diff.length} difference${c.diff.length === 1 ? '' : 's'})` : ''}`);
  }
  const count = (status: string) => result.changes.filter((c) => c.status === status).length;
  const summary = `${count('new')} new, ${count('changed')} changed, ${count('unchanged')} unchanged`;
  console.log(dryRun ? `dry run, nothing written: ${summary}` : `imported: ${summary}`);
  return 0;
});
