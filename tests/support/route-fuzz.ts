/**
 * Hostile requests for every route of the server's own route table (docs/security.md): wrong types,
 * deep nesting, huge strings, many keys, prototype keys, odd ids and names, hostile search,
 * sort and paging values. Shared by the fuzz suite on SQLite and on PostgreSQL.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

export type RouteInfo = FastifyInstance['routeTable'][number];

export type Role = 'anonymous' | 'user' | 'admin';

export interface FuzzRequest {
  method: string;
  url: string;
  /** What the body is, for the failure report. */
  kind: string;
  payload?: string;
  contentType?: string;
}

const DEPTH = 10_000;
const HUGE = 'x'.repeat(1024 * 1024);
const LONG = 'é'.repeat(5000);
const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deepObject = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);
const manyKeys = JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])));
const longKeys = JSON.stringify(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`${i}${'k'.repeat(20_000)}`, i])));

/** Ids that are not quite ids: each one has fooled some parser somewhere. */
export const ODD_IDS = [
  '01', '1e3', ' 1', '1 ', '-0', '-1', '0', '1.5', '0x10', '9007199254740993', '3000000000', '2147483648', '99999999999999999999999',
  'NaN', 'Infinity', 'null', 'undefined', 'true', '[]', '{}', '../', '..', '.', '%00', '\u0000', '%', '%%', '%zz', 'a/b', 'é', '𝕏',
  '😀', '\u202e', '\ud800', '__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', "'", '"', "1' or '1'='1",
  '1; drop table t_user', '<script>alert(1)</script>', '${7*7}', '*', '?', '#', 'NEW', 'new', '00000000000000000000000000000000',
  'ffffffffffffffffffffffffffffffff', 'A'.repeat(101), LONG,
];

/** Real names per area, so that hostile values also reach code past the definition look-up. */
const REAL: Record<string, string[]> = {
  form: ['user', 'fuzz', 'form', 'group', 'mydetails', 'login', 'register', 'changemypassword', 'setup_user'],
  grid: ['users', 'fuzz', 'forms', 'groups'],
  select: ['fuzz_names', 'fuzz_typed', 'fuzz_items'],
  menu: ['admin'],
  page: ['frontpage', 'about'],
  kind: ['form', 'grid', 'page', 'menu', 'select', 'model', 'automation', 'Form', 'forms'],
  model: ['User', 'Fuzz', 'Group', 'Form', 'UserGroup', 'user'],
  field: ['groups', 'tags', 'name', 'user', 'password'],
  id: ['1', '2', '3', 'NEW', 'fuzz', 'user'],
  number: ['0', '1', '10', '1000', '1001', '100000', '100001', '2147483647', '4294967296', '9007199254740991', '9223372036854775807'],
  version: ['1', '2', '0'],
};

const FORM_NAMES = ['user', 'fuzz'];
const ID_VALUES = ['1', '2', '3', 'NEW'];

/** What a route may destroy when a random request happens to be valid: only the fuzz fixtures. */
const DOOMED: Record<string, string[]> = { name: ['fuzz', 'fuzz_doomed'], id: ['1', '2', '3', 'fuzz_doomed'], kind: ['page', 'form'] };

function destructive(method: string, url: string): boolean {
  return method === 'DELETE' || url.includes('/restore') || url === '/api/changeuserpassword';
}

function realValues(param: string, url: string, role: Role, method: string): string[] {
  const doomed = DOOMED[param];
  if (role === 'admin' && destructive(method, url) && doomed) return doomed;
  // Generating screens takes a model: real ones, so valid requests reach the generation itself.
  if (param === 'id' && url.includes('/screens')) return ['Fuzz', 'FuzzTag', 'User', 'Nope'];
  const key = param === 'name' ? (url.split('/')[2] ?? '') : ['n', 'page', 'pageSize'].includes(param) ? 'number' : param;
  return REAL[key] ?? (param === 'name' ? FORM_NAMES : ID_VALUES);
}

/** A path parameter: mostly percent-encoded, sometimes raw (as a careless client sends it). */
function arbParam(param: string, url: string, role: Role, method: string): fc.Arbitrary<string> {
  const value = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...realValues(param, url, role, method)) }, { weight: 3, arbitrary: fc.constantFrom(...ODD_IDS) });
  return fc.tuple(value, fc.integer({ min: 0, max: 9 })).map(([v, raw]) => (raw === 0 && /^[\x21-\x7e]*$/.test(v) && !v.includes('?') && !v.includes('#') ? v : encodeURIComponent(v.replace(/[\ud800-\udfff]/g, (c) => (c === '\ud800' ? '\ufffd' : c)))));
}

const HOSTILE_QUERY_VALUES = [
  '-1', '0', '1e309', '99999999999999999999', 'NaN', '', ' ', 'abc', 'id desc', 'name; drop table t_user', '"id"', "'", 'id,name', '(select 1)',
  '__proto__', 'constructor', 'password', 'tags', 'groups', 'owner', 'n', 'd', 'j', 'ASC', 'desc', 'sideways', '%', '_', '\\', '*', 'é', 'x'.repeat(300), '1,2', '[]', '{}', 'true',
  // Users' filters (a grid's ?filter=): shapes the builder sends, and ones it never would.
  '{"and":[]}', '{"or":[{"field":"id","op":"eq","value":1}]}', '{"and":[{"field":"name","op":"contains","value":"a"}]}', '{"and":[{"field":"password","op":"notEmpty"}]}',
  '{"and":[{"or":[{"and":[]}]}]}', '{"and":[{"field":"__proto__","op":"eq","value":1}]}', '{"and":[{"field":"id","op":"in","value":[]}]}', '{"and":', '{"and":[{"field":"id","op":"eq","value":{"var":"NOW"}}]}',
];
const QUERY_KEYS = ['search', 'sort', 'dir', 'page', 'pageSize', 'limit', 'offset', 'n', 'dryRun', 'filter', 'id', '__proto__', 'constructor', 'prototype', 'q'];

const arbQuery: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.oneof(fc.constantFrom(...HOSTILE_QUERY_VALUES), fc.string({ maxLength: 20 }))), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '\ufffd'))}`).join('&')}` : ''));

/** Keys the server's bodies use, so shaped bodies get past the first checks. */
const BODY_KEYS = [
  'user', 'password', 'email', 'name', 'title', 'model', 'url', 'definition', 'fields', 'access', 'version', 'id', 'items', 'selected',
  'NewPassword1', 'NewPassword2', 'OldPassword', 'token', 'smtp_host', 'smtp_port', 'smtp_secure', 'definitions', 'filters', 'sorts',
  'pageSize', 'params', 'valuefield', 'labelfield', 'groups', 'public', 'self', 'Admin', 'readOnly', 'type', 'idtype', 'cols', 'rows',
  'childType', 'format', 'kinds', 'from', 'to', 'status', 'SESSION_TTL_HOURS', 'tags', 'n', 'd', 'dt', 'b', 'j', 'owner', '__proto__',
  'constructor', 'prototype', 'menu', 'names', 'preview', 'created', 'changed',
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, 2 ** 53, '', ' ', 'NaN', '01', '1e3', '__proto__', [], {}, [null], { __proto__: null }),
  fc.constantFrom(...ODD_IDS),
  fc.string({ maxLength: 30 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('x'.repeat(70_000), [{ name: 'a' }, { name: 'a' }], [{ cols: [{ childType: 'Input', name: '__proto__' }] }], { groups: ['Everyone'], public: 'yes' }),
);

/**
 * Values for a few keys are kept to ones that fail fast: a valid SMTP host would have the
 * server dial out, and that is the SMTP test's job, not this suite's.
 */
function valueFor(key: string): fc.Arbitrary<unknown> {
  if (key === 'smtp_host') return fc.constantFrom('127.0.0.1', '', 7, 'h'.repeat(300), null);
  if (key === 'smtp_port') return fc.constantFrom(1, '1', 0, -1, 70000, 'x', '99999999999999999999');
  return hostileValue;
}

const arbShaped: fc.Arbitrary<string> = fc
  .uniqueArray(fc.constantFrom(...BODY_KEYS), { maxLength: 6 })
  .chain((keys) => fc.tuple(...keys.map((k) => valueFor(k).map((v) => [k, v] as const))))
  // JSON text by hand, so that a key named __proto__ is sent as such.
  .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`);

/** The fuzz fixtures' record fields (tests/api/fuzz-routes.test.ts): bodies of these reach the encoders. */
const RECORD_KEYS = ['name', 'n', 'd', 'dt', 'b', 'j', 'owner', 'tags', 'id', 'version'];

const arbRecord: fc.Arbitrary<string> = fc
  .uniqueArray(fc.constantFrom(...RECORD_KEYS), { minLength: 1, maxLength: 4 })
  .chain((keys) => fc.tuple(fc.constantFrom('a', 'b', 'abc'), ...keys.map((k) => hostileValue.map((v) => [k, v] as const))))
  .map(([name, ...pairs]) => `{"name":${JSON.stringify(name)}${pairs.map(([k, v]) => (k === 'name' ? '' : `,${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`)).join('')}}`);

const PROTO_BODIES = [
  '{"__proto__":{"Admin":true,"isAdmin":true,"public":true}}',
  '{"constructor":{"prototype":{"Admin":true}}}',
  '{"prototype":1,"hasOwnProperty":1,"toString":"x","valueOf":{}}',
  '{"__proto__":[]}',
  '[{"__proto__":{"selected":true},"id":1}]',
  '{"name":"x","title":"x","__proto__":{"access":{"public":true}},"definition":[]}',
  '{"definition":[{"cols":[{"__proto__":{"childType":"Input"},"constructor":{"name":"x"}}]}]}',
  '{"user":"admin","password":{"__proto__":"x"}}',
  '{"access":{"__proto__":{"groups":["Everyone"]}}}',
  '{"fields":[{"name":"__proto__","type":"text"}],"name":"Evil","title":"x"}',
];

const HEAVY_BODIES: [string, string][] = [
  ['deep array', deepArray],
  ['deep object', deepObject],
  ['deep definition', `{"name":"d","title":"d","model":"User","url":"/","definition":${deepArray}}`],
  ['deep rows', `{"name":"d","title":"d","definition":[${'{"cols":[{"childType":"Card","rows":['.repeat(2000)}${']}]}'.repeat(2000)}]}`],
  ['deep access', `{"access":${deepObject},"version":1}`],
  ['huge string', JSON.stringify(HUGE)],
  ['huge field', `{"name":${JSON.stringify(HUGE)},"user":${JSON.stringify(HUGE)},"password":"x","email":"a@b"}`],
  ['many keys', manyKeys],
  ['long keys', longKeys],
  ['long array', `[${Array.from({ length: 30_000 }, (_, i) => i).join(',')}]`],
];

/** Numbers JSON can write and a double cannot hold exactly, or at all. */
const ODD_NUMBERS = [
  '{"id":9007199254740993,"version":9007199254740993}',
  '{"id":3000000000,"version":1e400,"n":-1e400}',
  '[{"id":9007199254740993,"selected":true},{"id":-0,"selected":true},{"id":1e3,"selected":true}]',
  '{"pageSize":1e308,"n":0.1e-400,"version":-0}',
  '{"id":"01","version":"1"}',
];

const MALFORMED = ['{', '{"a":}', 'nul', '', '[1,]', '{"a":1}{"b":2}', '"\\ud800"', '\u0000', '{"a":"\\u0000"}', '1e999999', '-', '{"a":1,"a":2}'];

interface Body {
  kind: string;
  payload?: string;
  contentType?: string;
}

const arbBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 6, arbitrary: arbShaped.map((payload) => ({ kind: 'shaped', payload })) },
  { weight: 3, arbitrary: arbRecord.map((payload) => ({ kind: 'record', payload })) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => ({ kind: 'wrong type', payload: JSON.stringify(v) })) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTO_BODIES).map((payload) => ({ kind: 'prototype keys', payload })) },
  { weight: 1, arbitrary: fc.constantFrom(...MALFORMED).map((payload) => ({ kind: 'malformed JSON', payload })) },
  { weight: 1, arbitrary: fc.constantFrom(...ODD_NUMBERS).map((payload) => ({ kind: 'odd numbers', payload })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/xml', 'application/json; charset=latin1'),
        fc.constantFrom('a=1&__proto__[x]=1', '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc\r\n--x--\r\n', '--x\r\n', '{"a":1}', ''),
      )
      .map(([contentType, payload]) => ({ kind: `content type ${contentType}`, payload, contentType })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'no body' }) },
);

/** The url of a route pattern with every `:param` (and a trailing `*`) filled by the arbitraries. */
function arbUrl(route: RouteInfo, role: Role): fc.Arbitrary<string> {
  const parts = route.url.split('/');
  const filled = parts.map((part) => {
    if (part.startsWith(':')) return arbParam(part.slice(1), route.url, role, route.method);
    if (part === '*') return fc.array(arbParam('id', route.url, role, route.method), { maxLength: 4 }).map((a) => a.join('/'));
    return fc.constant(part);
  });
  return fc.tuple(fc.tuple(...filled), arbQuery).map(([segments, query]) => `${segments.join('/')}${query}`);
}

export function arbRequest(route: RouteInfo, role: Role): fc.Arbitrary<FuzzRequest> {
  // Bodies on GET and DELETE are sent now and then: a server must not choke on one.
  const bodyless = route.method === 'GET' || route.method === 'DELETE';
  const body = bodyless ? fc.oneof({ weight: 5, arbitrary: fc.constant<Body>({ kind: 'no body' }) }, { weight: 1, arbitrary: arbBody }) : arbBody;
  return fc.tuple(arbUrl(route, role), body).map(([url, b]) => ({ method: route.method, url, ...b }));
}

/**
 * The heavy bodies (deep, huge, many keys), each sent once to every route that takes a body:
 * they are slow to build and send, and one of each per route and caller finds what they find.
 */
export function heavyRequests(route: RouteInfo, role: Role, seed: number): FuzzRequest[] {
  if (route.method === 'GET') return [];
  const urls = fc.sample(arbUrl(route, role), { numRuns: HEAVY_BODIES.length, seed });
  return HEAVY_BODIES.map(([kind, payload], i) => ({ method: route.method, url: urls[i] ?? route.url, kind, payload }));
}
