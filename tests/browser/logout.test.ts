/**
 * Issue 11 in Chromium: a picture or a navigation pointing at /api/logout signs nobody out,
 * while the navbar's Logout (the app's own fetch) ends the session on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoSuite, type DemoSuite } from '../support/demo-suite';

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
