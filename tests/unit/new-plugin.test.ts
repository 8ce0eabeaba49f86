import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run new:plugin` in a temporary copy of the repository (the working tree as it is, with
 * node_modules linked): the new folder is in the generated union at once and passes the
 * contract suite, the type-check and the lint without an edit; bad names and broken folders are
 * refused with messages that say what to do.
 */
const repo = path.resolve(import.meta.dirname, '../..');
let copy: string;

function run(command: string, args: string[], timeout = 150_000) {
  const r = spawnSync(command, args, { cwd: copy, encoding: 'utf8', timeout, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
  // Colours stripped whatever the tool decides, so the assertions read plain text.
  return { status: r.status, out: stripVTControlCharacters(`${r.stdout}${r.stderr}`) };
}
const tsx = (script: string, ...args: string[]) => run(process.execPath, ['--import', 'tsx', script, ...args]);
const newPlugin = (...args: string[]) => run('npm', ['run', '--silent', 'new:plugin', '--', ...args]);
const bin = (name: string) => path.join(repo, 'node_modules/.bin', name);

/** Every file a scaffold or gen:types could touch, by path, so a refusal can be shown to change nothing. */
function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of ['plugins', 'src/generated', 'schemas']) {
    for (const entry of fs.readdirSync(path.join(copy, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(copy, file), fs.readFileSync(file, 'utf8'));
    }
  }
  return files;
}

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-scaffold-'));
  // The working tree as it is, uncommitted work included, so the test checks what is on disk.
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: repo, encoding: 'utf8' });
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (file === 'node_modules' || !fs.existsSync(path.join(repo, file))) continue;
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(copy, file));
  }
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'));
});
afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

// The steps run in order in one copy: each builds on the folder the first one made.
describe('npm run new:plugin', () => {
  it('creates a folder that is discovered, generated and green at once', () => {
    const made = newPlugin('StarScore');
    expect(made.status, made.out).toBe(0);
    expect(made.out).toContain('Created plugins/star-score/');
    expect(made.out).toContain('Next:');
    expect(fs.readdirSync(path.join(copy, 'plugins/star-score')).sort()).toEqual(
      ['README.md', 'StarScore.test.tsx', 'StarScore.tsx', 'create.ts', 'index.ts', 'schema.json'],
    );

    const check = tsx('scripts/gen-types.ts', '--check');
    expect(check.status, check.out).toBe(0);
    expect(fs.readFileSync(path.join(copy, 'schemas/column.json'), 'utf8')).toContain('plugins/star-score.json');
    expect(fs.readFileSync(path.join(copy, 'src/generated/definitions.ts'), 'utf8')).toContain('export type StarScoreColumn = FieldCommon &');
    expect(fs.readFileSync(path.join(copy, 'src/generated/plugins.ts'), 'utf8')).toContain("'star-score': starScore,");

    const suite = run(bin('vitest'), ['run', '--reporter=verbose', '--project', 'component', 'tests/component/plugin-contract.test.tsx', 'plugins/star-score']);
    expect(suite.status, suite.out).toBe(0);
    // The contract suite ran its per-folder checks over the new folder, and the folder's own test ran.
    expect(suite.out.match(/plugin-contract\.test\.tsx > plugins\/'star-score' > /g)?.length ?? 0, suite.out).toBeGreaterThanOrEqual(4);
    expect(suite.out).toMatch(/plugins\/star-score\/StarScore\.test\.tsx > the Star score column > /);
    expect(suite.out).not.toMatch(/\bfailed\b/);

    // The whole project once: the new folder's types must fit the union everything else uses.
    const types = run(bin('tsc'), ['--noEmit']);
    expect(types.status, types.out).toBe(0);
    const lint = run(bin('eslint'), ['plugins/star-score']);
    expect(lint.status, lint.out).toBe(0);
  }, 180_000);

  it('refuses a folder that exists, a name that is not PascalCase and a childType taken, writing nothing', () => {
    const before = snapshot();
    const again = newPlugin('StarScore');
    expect(again.status).toBe(1);
    expect(again.out).toContain('plugins/star-score already exists');
    const lower = newPlugin('lower');
    expect(lower.status).toBe(1);
    expect(lower.out).toContain("'lower' is not a column type name: give a PascalCase name");
    const words = newPlugin('Star', 'Rating');
    expect(words.status).toBe(1);
    expect(words.out).toContain('give one PascalCase name, not 2 words (Star Rating), e.g. npm run new:plugin -- StarRating');
    const taken = newPlugin('Textarea');
    expect(taken.status).toBe(1);
    expect(taken.out).toContain("childType 'TextArea' is already declared by plugins/text-area");
    expect(snapshot()).toEqual(before);
  }, 60_000);

  it('lets a broken folder stop gen:types, start-up and the scaffold, naming it', () => {
    fs.mkdirSync(path.join(copy, 'plugins/broken'));
    fs.writeFileSync(path.join(copy, 'plugins/broken/index.ts'), 'export {};\n');
    fs.writeFileSync(path.join(copy, 'plugins/broken/schema.json'), '{ "title": ');
    const notJson = tsx('scripts/gen-types.ts');
    expect(notJson.status).toBe(1);
    expect(notJson.out).toContain('plugins/broken/schema.json: is not valid JSON');

    // Parses, names its folder and childType, carries root hints, but is no schema: "objekt" is not a type.
    const hints = { label: 'Broken', description: 'Does not compile.', icon: 'puzzle', category: 'field', designers: ['form'] };
    const notSchema = {
      $id: 'https://tessera.dev/schemas/plugins/broken.json',
      'x-tessera': hints,
      type: 'objekt',
      properties: { childType: { const: 'Broken' } },
    };
    fs.writeFileSync(path.join(copy, 'plugins/broken/schema.json'), JSON.stringify(notSchema));
    const before = snapshot();
    const notCompiled = tsx('scripts/gen-types.ts');
    expect(notCompiled.status).toBe(1);
    expect(notCompiled.out).toContain('plugins/broken/schema.json: does not compile');
    const scaffold = newPlugin('Sparkline');
    expect(scaffold.status).toBe(1);
    expect(scaffold.out).toContain('fix the plugin folders first');
    expect(scaffold.out).toContain('plugins/broken/schema.json: does not compile');
    expect(snapshot()).toEqual(before);

    // A server that did start would be killed by the timeout and fail the status check.
    const start = run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], 30_000);
    expect(start.status).toBe(1);
    expect(start.out).toContain('plugins/broken');
  }, 90_000);
});
