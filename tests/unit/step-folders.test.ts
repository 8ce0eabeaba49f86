import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stepTypes } from '../../src/generated/steps.js';
import { stepSchemaFiles } from '../../src/generated/step-schemas.js';
import { discoverStepFolders } from '../../src/server/http/step-folders.js';
import { PluginFolderError } from '../../src/server/http/plugin-folders.js';

/**
 * Automation step folders (docs/automations.md, "Step types"): each folder's schema and runner
 * agree on the type and on when it may run (the designer reads the schema's hint, the server the
 * runner), and a broken folder is named with what to fix.
 */
describe('step folders', () => {
  it('each runner has its schema, with the same type and timings', () => {
    expect(Object.keys(stepTypes).sort()).toEqual(Object.keys(stepSchemaFiles).sort());
    for (const [type, runner] of Object.entries(stepTypes)) {
      const schema = stepSchemaFiles[type] as { properties: { type: { const: string } }; 'x-tessera': { timings?: string[] } };
      expect(runner.type).toBe(type);
      expect(schema.properties.type.const).toBe(type);
      expect([...runner.timings].sort(), type).toEqual([...(schema['x-tessera'].timings ?? ['after'])].sort());
    }
  });

  it('names a folder without a runner or with a misnamed type', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steps-'));
    fs.mkdirSync(path.join(dir, 'ping'));
    fs.writeFileSync(path.join(dir, 'ping', 'schema.json'), JSON.stringify({ $id: 'https://tessera.dev/schemas/steps/ping.json', properties: { type: { const: 'ping' } } }));
    fs.mkdirSync(path.join(dir, 'pong'));
    fs.writeFileSync(path.join(dir, 'pong', 'schema.json'), JSON.stringify({ $id: 'https://tessera.dev/schemas/steps/pong.json', properties: { type: { const: 'ping' } } }));
    fs.writeFileSync(path.join(dir, 'pong', 'run.ts'), '');
    let problems: string[] = [];
    try {
      discoverStepFolders(dir);
    } catch (e) {
      problems = (e as PluginFolderError).problems;
    }
    expect(problems).toEqual([
      'plugins/steps/ping: has no run.ts default-exporting its runner (defineStep from src/plugin-kit/steps)',
      "plugins/steps/pong: the folder of step type 'ping' must be named plugins/steps/ping",
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
