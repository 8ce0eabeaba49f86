import { describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../support/test-app.js';

/** Security headers (docs/security.md) on every answer, API and errors included. */
let t: TestApp;
useTestApp((app) => {
  t = app;
});

describe('security headers', () => {
  it.each(['/api/env/', '/api/no-such-route', '/action-icons/gear.svg'])('are on %s', async (url) => {
    const res = await t.call('GET', url);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    // Never inline scripts: injected <script> and on* attributes cannot run. Never eval: the
    // browser's validators are precompiled, so a string can never become code.
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Plain http here: no HSTS (see the TRUST_PROXY test for https behind a proxy).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
