/**
 * In Chromium: a picture or a navigation pointing at /api/logout signs nobody out, while the
 * navbar's Logout (the app's own fetch) ends the session on the server; a page on another port
 * of the same host changes nothing through the admin's cookie.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoSuite, type DemoSuite } from '../support/demo-suite';
import { freePort } from '../support/server-process';

let suite: DemoSuite;
beforeAll(async () => {
  suite = await startDemoSuite({ seed: false });
});
afterAll(async () => {
  await suite?.close();
});

describe('signing out', () => {
  it('ignores an <img> and a navigation to /api/logout, and ends the session from the Logout button', async () => {
    const page = await signIn(suite);
    const whoAmI = () =>
      page.evaluate(async () => ((await (await fetch('/api/checkuser')).json()) as { user: { user: string } | null }).user?.user ?? null);
    expect(await whoAmI()).toBe('admin');

    // What a grid Image cell or injected markup would do: the browser loads it as an image.
    const imageStatus = await page.evaluate(
      () =>
        new Promise<string>((done) => {
          const img = new Image();
          img.onload = () => done('loaded');
          img.onerror = () => done('refused');
          img.src = '/api/logout';
          document.body.append(img);
        }),
    );
    expect(imageStatus).toBe('refused');
    expect(await whoAmI()).toBe('admin');

    // A link followed in another tab of the same browser: a navigation, not the app's fetch.
    const tab = await page.context().newPage();
    const navigation = await tab.goto(`${suite.server.url}/api/logout`);
    expect(navigation?.status()).toBe(403);
    await tab.close();
    expect(await whoAmI()).toBe('admin');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${suite.server.url}/login`);
    expect(await whoAmI()).toBeNull();
    // Signed out on the server, not only in this tab: a reload does not bring the session back.
    await page.goto(`${suite.server.url}/`);
    await page.waitForURL(`${suite.server.url}/login`);
  });
});

/**
 * SameSite=Strict keeps other sites out, not other origins of the same site: a page on another
 * port of the same host gets the admin's cookie sent along with its requests. Before the origin
 * rule (src/server/http/origin-check.ts) such a page restored a backup over this instance.
 */
describe('a page of another origin of the same site', () => {
  let attacker: Server | undefined;
  afterAll(async () => {
    // Chromium keeps its sockets to the page's origin alive: close them, or close() waits on them.
    attacker?.closeAllConnections();
    await new Promise((done) => (attacker ? attacker.close(done) : done(undefined)));
  });

  it('can neither restore a backup, nor change a record, nor sign the admin out', async () => {
    const page = await signIn(suite);
    const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
    const backup = await fetch(`${suite.server.url}/api/backup/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'backup-pass-1' }),
    });
    expect(backup.status).toBe(200);
    const archive = Buffer.from(await backup.arrayBuffer());
    // Made after the backup: a restore of it (deleting first) would take this group away.
    await suite.call('POST', '/api/form/group/add', { name: 'Made after the backup' });
    // Every group, as the user form's group list shows them.
    const groupNames = async () => (await suite.call<{ name: string }[]>('GET', '/api/link/User/groups/1')).map((g) => g.name);
    expect(await groupNames()).toContain('Made after the backup');

    const target = suite.server.url;
    const port = await freePort();
    attacker = createServer((req, res) => {
      if (req.url === '/backup.7z') return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(archive);
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Another app on this host</title><p>Hello</p>');
    });
    await new Promise<void>((done) => attacker!.listen(port, '127.0.0.1', done));
    const other = await page.context().newPage();
    await other.goto(`http://127.0.0.1:${port}/`);
    const sent = await other.evaluate(async (base) => {
      const file = await (await fetch('/backup.7z')).blob();
      const form = new FormData();
      form.append('delete', 'true');
      form.append('password', 'backup-pass-1');
      form.append('file', file, 'backup.7z');
      // no-cors: the page cannot read the answers, it only needs the requests to act. A refused
      // upload may see its connection closed before the body is sent: the page does not care.
      const options = { mode: 'no-cors', credentials: 'include' } as const;
      const attempts: [string, RequestInit][] = [
        ['/api/backup/restore', { method: 'POST', body: form }],
        ['/api/form/group/add', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ name: 'Planted' }) }],
        ['/api/logout', {}],
      ];
      for (const [path, init] of attempts) await fetch(`${base}${path}`, { ...options, ...init }).catch(() => undefined);
      return attempts.length;
    }, target);
    expect(sent).toBe(3);
    await other.close();

    expect(await groupNames()).toContain('Made after the backup');
    expect(await groupNames()).not.toContain('Planted');
    const who = await page.evaluate(async () => ((await (await fetch('/api/checkuser')).json()) as { user: { user: string } | null }).user?.user ?? null);
    expect(who).toBe('admin');
  });
});
