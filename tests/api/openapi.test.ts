import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionKinds } from '../../src/shared/schema-registry.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Operation {
  'x-access'?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, unknown>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

let t: TestApp;
let admin: string;
let doc: Document;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  const res = await t.call<Document>('GET', '/api/openapi.json', { token: admin });
  if (res.status !== 200) throw new Error(`GET /api/openapi.json: ${res.status} ${JSON.stringify(res.body)}`);
  doc = res.body;
});
afterAll(async () => {
  await t.close();
});

/** Fastify's `/a/:b/*` as the document's path: `/a/{b}/{params}`. */
const asPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{params}');

/** The value a local `$ref` (`#/a/b`) points at, or undefined. */
function resolve(ref: string): unknown {
  let at: unknown = doc;
  for (const raw of ref.replace(/^#\//, '').split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (at === null || typeof at !== 'object' || !(key in at)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toMatch(/^3\.1/);
  });

  it('lists every route of the route table with its access level', () => {
    expect(t.app.routeTable.some((r) => r.url === '/api/openapi.json' && r.access === 'admin')).toBe(true);
    const missing: string[] = [];
    for (const route of t.app.routeTable) {
      const op = doc.paths[asPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      expect(op['x-access'], `${route.method} ${route.url}`).toBe(route.access);
      expect(op.description, `${route.method} ${route.url}`).toContain(`Access: ${route.access}.`);
      const needsSession = ['user', 'admin'].includes(route.access);
      if (needsSession) expect(op.security, `${route.method} ${route.url}`).toEqual([{ bearer: [] }, { cookie: [] }]);
      if (route.access === 'public' || route.access === 'setup') expect(op.security).toBeUndefined();
      if (route.access === 'definition' || route.access === 'setupOrAdmin') expect(op.security?.[0]).toEqual({});
      for (const name of [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1])) {
        expect(op.parameters?.find((p) => p.in === 'path' && p.name === name)?.required, `${route.url} :${name}`).toBe(true);
      }
    }
    expect(missing).toEqual([]);
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(t.app.routeTable.length);
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
    expect(doc.components.securitySchemes).toHaveProperty('bearer');
  });

  it('references the definition schemas for the bodies that are definitions', () => {
    for (const kind of definitionKinds) expect(doc.components.schemas).toHaveProperty(kind);
    expect(doc.components.schemas).toHaveProperty('column');
    expect(doc.components.schemas).toHaveProperty('plugins.text');
    const expected = { anyOf: definitionKinds.map((k) => ({ $ref: `#/components/schemas/${k}` })) };
    expect(doc.paths['/api/definitions/{kind}']?.post?.requestBody?.content['application/json']?.schema).toEqual(expected);
    expect(doc.paths['/api/definitions/{kind}/{id}']?.put?.requestBody?.content['application/json']?.schema).toEqual(expected);
    // Other bodies keep their own schemas, e.g. the sign-in.
    const login = doc.paths['/api/login']?.post?.requestBody?.content['application/json']?.schema as { $ref?: string; properties?: object };
    const loginSchema = (login.$ref ? resolve(login.$ref) : login) as { properties?: object };
    expect(loginSchema.properties).toHaveProperty('password');
  });

  it('has no reference that points nowhere', () => {
    const refs = [...new Set(refsIn(doc))];
    expect(refs.length).toBeGreaterThan(20);
    expect(refs.filter((r) => !r.startsWith('#/') || resolve(r) === undefined)).toEqual([]);
  });

  it('is for administrators only', async () => {
    expect((await t.call('GET', '/api/openapi.json')).status).toBe(401);
    const user = await t.user('reader');
    const res = await t.call<{ code: string }>('GET', '/api/openapi.json', { token: user.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});
