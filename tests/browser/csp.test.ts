/**
 * The real Content-Security-Policy (script-src 'self', no 'unsafe-eval') against every screen
 * that once needed more: forms and grids, the designer's property panel (live schema errors),
 * the raw JSON editor (schema validation and completion) and the API reference (Swagger UI).
 * The browser project's setup fails any browser test during which a page reports a violation
 * (tests/support/browser-setup.ts); the first test proves that watcher hears one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeCspViolations } from '../support/browser';
import { signIn, startDemoSuite, type DemoSuite } from '../support/demo-suite';

let suite: DemoSuite;

beforeAll(async () => {
  suite = await startDemoSuite();
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

async function idOf(kind: string, name: string): Promise<string> {
  const docs = await suite.call<{ id: string; name: string }[]>('GET', `/api/definitions/${kind}`);
  return docs.find((d) => d.name === name)!.id;
}

describe('the Content-Security-Policy', () => {
  it('has no unsafe-eval, and an inline script is refused and reported', async () => {
    const res = await fetch(`${suite.server.url}/`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    const page = await signIn(suite);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1';
      document.body.append(script);
    });
    // Chromium's own console line and the page's securitypolicyviolation event: both are heard.
    const heard: string[] = [];
    await expect
      .poll(() => {
        heard.push(...takeCspViolations());
        return heard.join('\n');
      })
      .toMatch(/Content Security Policy[^]*\[csp-violation\] script-src|\[csp-violation\] script-src[^]*Content Security Policy/);
    expect(await page.evaluate(() => (window as { __inline?: number }).__inline)).toBeUndefined();
    await page.context().close();
  });

  it('lets forms, grids, the designer, the raw editor and the API reference work without a violation', async () => {
    const page = await signIn(suite, { width: 1400, height: 900 });
    const url = suite.server.url;

    await page.goto(`${url}/grid/customers`);
    await page.getByRole('cell', { name: 'Customer 1', exact: true }).waitFor();
    await page.goto(`${url}/form/customer/add/0`);
    await page.getByLabel('Name', { exact: true }).fill('Ann');
    await page.getByRole('button', { name: 'Create' }).waitFor();

    // The designer checks the selected column against its schema as it is edited.
    await page.goto(`${url}/formdesigner/edit/${await idOf('form', 'customer')}`);
    const canvas = page.getByRole('region', { name: 'Form designer design area' });
    await canvas.getByRole('button', { name: 'Input: City' }).click();
    const panel = page.getByRole('complementary', { name: 'Properties' });
    await panel.getByLabel('Label', { exact: true }).fill('Town');
    await canvas.getByRole('button', { name: 'Input: Town' }).waitFor();

    // The raw editor validates every keystroke against the kind's schema.
    await page.goto(`${url}/formdesignerraw/edit/${await idOf('form', 'customer')}`);
    const editor = page.locator('.cm-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"hidetoolbarr": true,');
    await expect
      .poll(() => page.getByRole('region', { name: 'Problems' }).textContent())
      .toContain("/hidetoolbarr unknown property 'hidetoolbarr'");
    page.once('dialog', (d) => void d.accept());

    await page.goto(`${url}/apidocs`);
    await page.locator('.opblock-summary-path[data-path="/api/login"]').waitFor();
    await page.locator('.opblock-summary-path[data-path="/api/login"]').click();
    await page.getByRole('button', { name: 'Try it out' }).first().waitFor();
    expect(takeCspViolations()).toEqual([]);
  });
});
