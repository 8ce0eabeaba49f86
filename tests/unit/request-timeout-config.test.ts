import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, requestTimeouts } from '../../src/server/core/config.js';

/** REQUEST_TIMEOUT_SECONDS: how long a request may take to arrive (tests/api/request-timeout.test.ts shows it on a socket). */
describe('REQUEST_TIMEOUT_SECONDS', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), 'tessera-timeout-config-'));
    delete process.env.REQUEST_TIMEOUT_SECONDS;
  });
  afterEach(() => {
    delete process.env.REQUEST_TIMEOUT_SECONDS;
    rmSync(cwd, { recursive: true, force: true });
  });

  it('defaults to five minutes, long enough for a restore of 1 GiB over about 30 Mbit/s', () => {
    expect(loadConfig({}, cwd).requestTimeoutSeconds).toBe(300);
    expect((1024 * 8) / 300).toBeLessThan(30); // Mbit/s a 1 GiB upload needs in that time
  });

  it('takes whole seconds from the environment and refuses anything else, naming the value', () => {
    process.env.REQUEST_TIMEOUT_SECONDS = '60';
    expect(loadConfig({}, cwd).requestTimeoutSeconds).toBe(60);
    for (const bad of ['0', '-5', '1.5', 'soon', '86401']) {
      process.env.REQUEST_TIMEOUT_SECONDS = bad;
      expect(() => loadConfig({}, cwd)).toThrow(`REQUEST_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 86400, not '${bad}'`);
    }
  });

  it("becomes Node's limits: the whole request, the headers within a minute, checked often enough", () => {
    expect(requestTimeouts(300)).toEqual({ requestTimeout: 300_000, http: { headersTimeout: 60_000, connectionsCheckingInterval: 30_000 } });
    expect(requestTimeouts(60)).toEqual({ requestTimeout: 60_000, http: { headersTimeout: 60_000, connectionsCheckingInterval: 15_000 } });
    expect(requestTimeouts(1)).toEqual({ requestTimeout: 1_000, http: { headersTimeout: 1_000, connectionsCheckingInterval: 250 } });
  });
});
