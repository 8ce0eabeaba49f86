import fs from 'node:fs';
import path from 'node:path';

/**
 * How every generator here ends (gen:types, gen:errors): writes each generated file whose
 * content changed, or, with `--check` (CI), writes nothing and fails naming the stale ones.
 * `files` maps repository-relative names to their content; `what` names them in the messages
 * ('gen:types', 'gen:errors') and `command` is the npm script that remakes them.
 */
export function writeOrCheck(root: string, files: Map<string, string>, check: boolean, what: string, command: string): void {
  const stale: string[] = [];
  for (const [name, content] of files) {
    const target = path.join(root, name);
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
    if (current === content) continue;
    if (check) stale.push(path.relative(root, target));
    else {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, content);
      console.log(`wrote ${path.relative(root, target)}`);
    }
  }
  if (!check) return;
  if (stale.length > 0) {
    console.error(`${what}: stale, not as generated: ${stale.join(', ')}. Run \`${command}\` and commit the result.`);
    process.exit(1);
  }
  console.log(`${what}: every generated file is up to date.`);
}
