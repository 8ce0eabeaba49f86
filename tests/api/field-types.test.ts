import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A form's settings hold on the server as in the browser: an Input's type decides the shape of
 * its value ("bad@" is no e-mail address), a model field's type decides what the table takes
 * whatever control edits it, and a new record starts with its model's defaults, which the form's
 * definition answer carries (`modelDefaults`).
 */
let t: TestApp;
let admin = '';

const book = {
  name: 'Book',
  title: 'Books',
  fields: [
    { name: 'title', type: 'text', label: 'Title', required: true },
    { name: 'year', type: 'number', label: 'Year' },
    { name: 'published', type: 'date', label: 'Published' },
    { name: 'contact', type: 'text', label: 'Contact' },
    { name: 'site', type: 'text', label: 'Site' },
    { name: 'available', type: 'boolean', label: 'Available', default: true },
    { name: 'shelf', type: 'text', label: 'Shelf', default: 'A1' },
    { name: 'code', type: 'password', label: 'Code', default: 'never-shown' },
  ],
};

const input = (name: string, extra: Record<string, unknown> = {}) => ({ childType: 'Input', width: 4, name, label: name[0]!.toUpperCase() + name.slice(1), ...extra });

const bookForm = {
  name: 'book',
  title: 'Book',
  model: 'Book',
  url: '/grid/books',
  definition: [
    {
      cols: [
        input('title'),
        // Plain text inputs: the model's number and date types decide the check.
        input('year'),
        input('published'),
      ],
    },
    { cols: [input('contact', { fieldtype: 'email' }), input('site', { fieldtype: 'url' }), { childType: 'Checkbox', width: 2, name: 'available', label: 'Available' }, input('shelf')] },
  ],
};

type Refusal = { error: string; details?: { pointer: string; message: string }[] };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  for (const [kind, body] of [
    ['model', book],
    ['form', bookForm],
  ] as const) {
    const res = await t.call('POST', `/api/definitions/${kind}`, { token: admin, body });
    if (res.status !== 201) throw new Error(`${kind}: ${res.status} ${JSON.stringify(res.body)}`);
  }
});
afterAll(async () => {
  await t.close();
});

const rows = async () => (await t.app.services.store.list('Book', { fields: ['id'], limit: 1000 })).length;

describe('value shapes on the server', () => {
  it.each([
    ['contact', 'bad@', 'Contact must be an e-mail address, such as name@example.com'],
    ['contact', 'not-an-email', 'Contact must be an e-mail address, such as name@example.com'],
    ['site', 'example.com', 'Site must be a full web address, such as https://example.com'],
    ['year', 'nineteen', 'Year must be a number'],
    ['published', '1965-02-30', 'Published must be a date (YYYY-MM-DD)'],
  ])('refuses %s = %j with a message on the field, and writes nothing', async (field, value, message) => {
    const before = await rows();
    const res = await t.call<Refusal>('POST', '/api/form/book/add', { token: admin, body: { title: 'Dune', [field]: value } });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ pointer: `/${field}`, message: expect.stringContaining(message.replace(/^\w+ /, '')) });
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await rows()).toBe(before);
  });

  it('takes well-formed values', async () => {
    const res = await t.call<{ id: number }>('POST', '/api/form/book/add', {
      token: admin,
      body: { title: 'Dune', year: '1965', published: '1965-08-01', contact: 'ann@example.com', site: 'https://example.com/dune', available: false, shelf: 'B2' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await t.call('GET', `/api/form/book/data/${res.body.id}`, { token: admin });
    expect(read.body).toMatchObject({ year: 1965, published: '1965-08-01', contact: 'ann@example.com', available: false });
  });
});

describe("the model's defaults", () => {
  it("come with the form's definition, a password's excepted", async () => {
    const res = await t.call<{ name: string; modelDefaults?: Record<string, unknown> }>('GET', '/api/form/book/definition', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.modelDefaults).toEqual({ available: true, shelf: 'A1' });
    // The stored definition is not changed by it.
    const stored = await t.call<Record<string, unknown>>('GET', '/api/definitions/form/book', { token: admin });
    expect(stored.body).not.toHaveProperty('modelDefaults');
  });

  it('are not offered with a definition form', async () => {
    const res = await t.call<Record<string, unknown>>('GET', '/api/form/page/definition', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('modelDefaults');
  });
});
