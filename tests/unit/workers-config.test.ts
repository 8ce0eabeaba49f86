import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/core/config.js';

/** WORKERS: how many server processes share the port. */
describe('WORKERS', () => {
  let cwd: string;
  const saved = process.env.WORKERS;
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), 'tessera-workers-config-'));
    delete process.env.WORKERS;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.WORKERS;
    else process.env.WORKERS = saved;
    rmSync(cwd, { recursive: true, force: true });
  });

  it('defaults to the number of cores', () => {
    expect(loadConfig({}, cwd).workers).toBe(availableParallelism());
  });

  it('takes a whole number from the environment; 1 serves from one process', () => {
    process.env.WORKERS = '1';
    expect(loadConfig({}, cwd).workers).toBe(1);
    process.env.WORKERS = '4';
    expect(loadConfig({}, cwd).workers).toBe(4);
  });

  it('refuses anything else, naming the value', () => {
    for (const bad of ['0', '-1', '1.5', 'many', '65']) {
      process.env.WORKERS = bad;
      expect(() => loadConfig({}, cwd)).toThrow(`WORKERS must be a whole number from 1 to 64, not '${bad}'`);
    }
  });
});
