import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/http/app.js';
import { loadConfig } from '../../src/server/core/config.js';

/**
 * The CLI against real SQLite data folders: export one instance, then preview and import the
 * file into another, each run a separate process as `npm run app:export` / `app:import` are.
 */
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-cli-'));
  folders.push(dir);
  return dir;
};

function run(script: string, dataDir: string, args: string[]) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    timeout: 60_000,
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

async function openInstance(dataDir: string) {
  return buildApp(loadConfig({ dataDir, databaseUrl: undefined, logLevel: 'silent', clientDir: join(dataDir, 'no-client') }));
}

let source: string;
let target: string;
let file: string;

beforeAll(async () => {
  source = folder();
  target = folder();
  file = join(folder(), 'app.json');
  const app = await openInstance(source);
  const { defs } = app.services;
  await defs.create('model', { name: 'Customer', title: 'Customers', fields: [{ name: 'name', type: 'text', label: 'Name' }] });
  await defs.create('form', { name: 'customer', title: 'Customer', model: 'Customer', definition: [] });
  await defs.create('grid', { name: 'customers', title: 'Customers', model: 'Customer', definition: [{ name: 'name' }] });
  await app.close();
}, 60_000);
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('npm run app:export / app:import', { timeout: 60_000 }, () => {
  it('exports the configured instance to a file', () => {
    const res = run('app-export', source, [file]);
    expect(res.code, res.err).toBe(0);
    expect(res.out).toMatch(/1 model/);
    const app = JSON.parse(readFileSync(file, 'utf8')) as { format: string; definitions: Record<string, { name: string }[]> };
    expect(app.format).toBe('tessera-app');
    expect(app.definitions.model?.map((m) => m.name)).toEqual(['Customer']);
  });

  it('previews with --dry-run without writing, then imports', async () => {
    const preview = run('app-import', target, [file, '--dry-run']);
    expect(preview.code, preview.err).toBe(0);
    expect(preview.out).toMatch(/new\s+form customer/);
    expect(preview.out).toMatch(/dry run, nothing written: 3 new/);
    const again = run('app-import', target, [file, '--dry-run']);
    expect(again.out).toMatch(/3 new/);

    const applied = run('app-import', target, [file]);
    expect(applied.code, applied.err).toBe(0);
    expect(applied.out).toMatch(/imported: 3 new, 0 changed/);
    const app = await openInstance(target);
    try {
      expect(await app.services.defs.get('grid', 'customers')).toMatchObject({ model: 'Customer', version: 1 });
    } finally {
      await app.close();
    }
    expect(run('app-import', target, [file]).out).toMatch(/imported: 0 new, 0 changed/);
  });

  it('prints why a file is refused and exits 1', () => {
    const broken = join(folder(), 'broken.json');
    writeFileSync(broken, JSON.stringify({ format: 'tessera-app', formatVersion: 9, definitions: {} }));
    const res = run('app-import', target, [broken]);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/\/formatVersion: .*newer Tessera/);
    const notJson = join(folder(), 'not.json');
    writeFileSync(notJson, 'nope');
    expect(run('app-import', target, [notJson]).code).toBe(1);
    expect(run('app-import', target, []).code).toBe(2);
  });
});
