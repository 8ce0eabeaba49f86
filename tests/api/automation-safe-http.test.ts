import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addressProblem,
  ANSWER_CHARS,
  backoffDelay,
  hostAllowed,
  MAX_BACKOFF_MS,
  pinnedLookup,
  postJson,
  signatureOf,
  type PostJsonOptions,
  type ResolvedAddress,
} from '../../src/server/ops/automations/safe-http.js';
import { loadConfig } from '../../src/server/core/config.js';

/**
 * The Call a webhook step's POST (docs/automations.md, "Calling webhooks safely") against a real
 * server on 127.0.0.1 that counts tries: JSON with the run's idempotency key and an HMAC signature
 * a receiver can check, retries with backoff on 5xx, 429 (Retry-After), timeouts and network errors,
 * none on another 4xx, no redirect followed, a bounded answer; and no SSRF: loopback, private,
 * link-local, unspecified and mapped addresses refused, by address or by what a name resolves to,
 * unless AUTOMATION_ALLOWED_HOSTS names the host; the connection goes to the address checked.
 */
interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let server: Server;
let port: number;
let closedPort: number;
let seen: Seen[] = [];
/** How the server answers the n-th request (1-based) of the current test. */
let behave: (res: ServerResponse, n: number, path: string) => void = (res) => res.end();

const SECRET = 'a-webhook-secret-of-some-length';
const KEY = 'run-7f3a:step-2';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      behave(res, seen.length, req.url ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  // A port nothing listens on: a server opened and closed again.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  behave = (res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  };
});

const local = () => `http://127.0.0.1:${port}`;
/** Options that let the test server through, with short waits. */
const options = (more: Partial<PostJsonOptions> = {}): PostJsonOptions => ({
  timeoutMs: 2_000,
  retries: 3,
  idempotencyKey: KEY,
  allowedHosts: [`127.0.0.1:${port}`],
  backoffMs: 10,
  ...more,
});
const fail = (status: number, headers: Record<string, string> = {}) => (res: ServerResponse) => {
  res.writeHead(status, headers);
  res.end(`status ${status}`);
};

describe('postJson: what is sent', () => {
  it('POSTs the body as JSON with the user agent, the idempotency key and a signature of the exact bytes', async () => {
    const body = { record: { id: 7, title: 'Dune — ü' }, n: 1.5 };
    const answer = await postJson(`${local()}/hook?x=1`, body, options({ secret: SECRET }));
    expect(answer).toEqual({ status: 200, body: '{"ok":true}', tries: 1 });
    expect(seen).toHaveLength(1);
    const [req] = seen as [Seen];
    expect(req.path).toBe('/hook?x=1');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['user-agent']).toBe('Tessera');
    expect(req.headers['idempotency-key']).toBe(KEY);
    expect(JSON.parse(req.body.toString('utf8'))).toEqual(body);
    expect(Number(req.headers['content-length'])).toBe(req.body.length);
    // The receiver's check, as docs/automations.md tells it: HMAC-SHA256 of the raw body, constant-time compare.
    const expected = Buffer.from(`sha256=${createHmac('sha256', SECRET).update(req.body).digest('hex')}`);
    const given = Buffer.from(String(req.headers['x-tessera-signature']));
    expect(given.length).toBe(expected.length);
    expect(timingSafeEqual(given, expected)).toBe(true);
    expect(signatureOf(req.body, SECRET)).toBe(req.headers['x-tessera-signature']);
  });

  it('sends no signature without a secret, and null for an undefined body', async () => {
    await postJson(`${local()}/`, undefined, options());
    expect(seen[0]?.headers['x-tessera-signature']).toBeUndefined();
    expect(seen[0]?.body.toString()).toBe('null');
  });

  it('refuses a body that is not JSON, and a key that cannot be a header, before calling', async () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    await expect(postJson(`${local()}/`, cycle, options())).rejects.toThrow(/cannot be sent as JSON/);
    await expect(postJson(`${local()}/`, {}, options({ idempotencyKey: 'a\r\nX-Evil: 1' }))).rejects.toThrow(/idempotency key/);
    expect(seen).toHaveLength(0);
  });
});

describe('postJson: tries', () => {
  it('tries again after a 5xx with the same idempotency key, and answers how many tries it took', async () => {
    behave = (res, n) => (n <= 2 ? fail(503)(res) : res.end('done'));
    const answer = await postJson(`${local()}/`, { a: 1 }, options({ secret: SECRET }));
    expect(answer).toEqual({ status: 200, body: 'done', tries: 3 });
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual([KEY, KEY, KEY]);
    expect(new Set(seen.map((s) => s.headers['x-tessera-signature'])).size).toBe(1);
  });

  it('gives up after retries + 1 tries with the last status', async () => {
    behave = fail(500);
    await expect(postJson(`${local()}/hook`, {}, options({ retries: 3 }))).rejects.toThrow(`http://127.0.0.1:${port}/hook answered 500 after 4 tries`);
    expect(seen).toHaveLength(4);
    seen = [];
    await expect(postJson(`${local()}/hook`, {}, options({ retries: 0 }))).rejects.toThrow(/answered 500 after 1 try$/);
    expect(seen).toHaveLength(1);
  });

  it('does not try a 4xx other than 429 again: it is an error at once', async () => {
    behave = fail(400);
    await expect(postJson(`${local()}/`, {}, options())).rejects.toThrow(`http://127.0.0.1:${port}/ answered 400, which is not tried again: status 400`);
    expect(seen).toHaveLength(1);
    behave = fail(404);
    await expect(postJson(`${local()}/`, {}, options())).rejects.toThrow(/answered 404/);
    expect(seen).toHaveLength(2);
  });

  it('tries a 429 again after its Retry-After', async () => {
    behave = (res, n) => (n === 1 ? fail(429, { 'retry-after': '1' })(res) : res.end('ok'));
    const started = Date.now();
    const answer = await postJson(`${local()}/`, {}, options());
    expect(answer.tries).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('aborts a try that takes longer than timeoutMs and tries again', async () => {
    behave = () => {
      // never answers
    };
    const started = Date.now();
    await expect(postJson(`${local()}/slow`, {}, options({ timeoutMs: 200, retries: 1 }))).rejects.toThrow(
      `http://127.0.0.1:${port}/slow could not be reached after 2 tries: no answer within 200 ms`,
    );
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2_000);
    server.closeAllConnections();
  });

  it('tries a network error again', async () => {
    await expect(postJson(`http://127.0.0.1:${closedPort}/`, {}, options({ retries: 2, allowedHosts: [`127.0.0.1:${closedPort}`] }))).rejects.toThrow(
      /could not be reached after 3 tries: .*ECONNREFUSED/,
    );
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    behave = (res) => {
      res.writeHead(302, { location: '/elsewhere' });
      res.end('moved');
    };
    expect(await postJson(`${local()}/from`, {}, options())).toEqual({ status: 302, body: 'moved', tries: 1 });
    expect(seen.map((s) => s.path)).toEqual(['/from']);
  });

  it(`reads at most ${ANSWER_CHARS} characters of the answer`, async () => {
    behave = (res) => {
      res.write('é'.repeat(1_500));
      res.end('x'.repeat(2_000_000));
    };
    const answer = await postJson(`${local()}/`, {}, options());
    expect(answer.body).toBe(`${'é'.repeat(1_500)}${'x'.repeat(500)}`);
    expect(answer.body.length).toBe(ANSWER_CHARS);
  });

  it('stops between tries when the run is stopped', async () => {
    behave = fail(500);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    await expect(postJson(`${local()}/`, {}, options({ backoffMs: 5_000, signal: controller.signal }))).rejects.toThrow(/was stopped/);
    expect(seen).toHaveLength(1);
    await expect(postJson(`${local()}/`, {}, options({ signal: AbortSignal.abort() }))).rejects.toThrow(/was stopped/);
    expect(seen).toHaveLength(1);
  });

  it('waits exponentially longer with jitter, honours Retry-After, and never more than 30 s', () => {
    for (let i = 0; i < 50; i++) {
      const first = backoffDelay(2, 500, null);
      expect(first).toBeGreaterThanOrEqual(250);
      expect(first).toBeLessThanOrEqual(500);
      const third = backoffDelay(4, 500, null);
      expect(third).toBeGreaterThanOrEqual(1_000);
      expect(third).toBeLessThanOrEqual(2_000);
    }
    expect(backoffDelay(2, 500, null, () => 1)).toBe(500);
    expect(backoffDelay(3, 500, null, () => 1)).toBe(1_000);
    expect(backoffDelay(20, 500, null, () => 1)).toBe(MAX_BACKOFF_MS);
    expect(backoffDelay(2, 500, 5_000)).toBe(5_000);
    expect(backoffDelay(2, 500, 3_600_000)).toBe(MAX_BACKOFF_MS);
  });
});

describe('postJson: no SSRF', () => {
  const refused = /webhooks may not call it unless AUTOMATION_ALLOWED_HOSTS names it$/;

  it('refuses loopback, private, link-local, unspecified, mapped and other non-public addresses, calling nothing', async () => {
    const urls = [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      'http://10.1.2.3/',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://0.0.0.0:${port}/`,
      'http://172.16.5.4/',
      'https://192.168.1.1/',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://[::]/',
      'http://[64:ff9b::a00:1]/',
      // Other spellings of 127.0.0.1, which the url parser turns into it.
      `http://2130706433:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://127.1:${port}/`,
    ];
    for (const url of urls) {
      await expect(postJson(url, {}, options({ allowedHosts: [] })), url).rejects.toThrow(refused);
    }
    expect(seen).toHaveLength(0);
  });

  it('says which address and why', async () => {
    await expect(postJson('http://10.0.0.5/', {}, options({ allowedHosts: [] }))).rejects.toThrow(
      "The url's host 10.0.0.5 is a private address: webhooks may not call it unless AUTOMATION_ALLOWED_HOSTS names it",
    );
    await expect(postJson('http://169.254.169.254/', {}, options({ allowedHosts: [] }))).rejects.toThrow(/is a link-local address/);
    await expect(postJson(`http://[::ffff:127.0.0.1]:${port}/`, {}, options({ allowedHosts: [] }))).rejects.toThrow(/host ::ffff:7f00:1 is a loopback address/);
    await expect(postJson(`http://localhost:${port}/`, {}, options({ allowedHosts: [] }))).rejects.toThrow(/host localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
  });

  it('refuses every scheme but http and https', async () => {
    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'gopher://example.com/', 'javascript:alert(1)', 'data:application/json,{}']) {
      await expect(postJson(url, {}, options()), url).rejects.toThrow(/^Only http: and https: urls may be called, not [a-z]+:$/);
    }
    await expect(postJson('not a url', {}, options())).rejects.toThrow("'not a url' is not a url");
  });

  it('refuses a name any of whose addresses is not public, whatever the others', async () => {
    const resolve = async (host: string): Promise<ResolvedAddress[]> =>
      host === 'mixed.example'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.7', family: 4 },
          ]
        : [{ address: '::ffff:169.254.169.254', family: 6 }];
    await expect(postJson('https://mixed.example/hook', {}, options({ allowedHosts: [], resolve }))).rejects.toThrow(
      "The url's host mixed.example resolves to 10.0.0.7, a private address: webhooks may not call it unless AUTOMATION_ALLOWED_HOSTS names it",
    );
    await expect(postJson('https://metadata.example/', {}, options({ allowedHosts: [], resolve }))).rejects.toThrow(/resolves to ::ffff:169\.254\.169\.254, a link-local address/);
  });

  it('lets an allowed host through, by address and port, or by name in any case', async () => {
    expect((await postJson(`${local()}/`, {}, options({ allowedHosts: [`127.0.0.1:${port}`] }))).status).toBe(200);
    expect((await postJson(`${local()}/`, {}, options({ allowedHosts: ['127.0.0.1'] }))).status).toBe(200);
    expect((await postJson(`http://LocalHost:${port}/`, {}, options({ allowedHosts: [`LOCALHOST:${port}`], resolve: async () => [{ address: '127.0.0.1', family: 4 }] }))).status).toBe(200);
    expect(seen).toHaveLength(3);
    // Another port of the same host is not allowed.
    await expect(postJson(`${local()}/`, {}, options({ allowedHosts: [`127.0.0.1:${port + 1}`] }))).rejects.toThrow(refused);
    expect(seen).toHaveLength(3);
  });

  it('connects to the address it checked, resolving again on each try', async () => {
    // hooks.test is no name the system's DNS knows: the request reaches the server only through the pinned address.
    const asked: string[] = [];
    const resolve = async (host: string): Promise<ResolvedAddress[]> => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    behave = (res, n) => (n === 1 ? fail(502)(res) : res.end('ok'));
    const answer = await postJson(`http://hooks.test:${port}/in`, {}, options({ allowedHosts: ['hooks.test'], resolve }));
    expect(answer).toEqual({ status: 200, body: 'ok', tries: 2 });
    expect(asked).toEqual(['hooks.test', 'hooks.test']);
    expect(seen.map((s) => s.headers.host)).toEqual([`hooks.test:${port}`, `hooks.test:${port}`]);
  });

  it('resolves and checks again on each try: a name that turns private before a retry is refused then', async () => {
    let calls = 0;
    const resolve = async (): Promise<ResolvedAddress[]> => {
      calls++;
      if (calls === 1) throw Object.assign(new Error('getaddrinfo EAI_AGAIN rebind.test'), { code: 'EAI_AGAIN' });
      return [{ address: '10.9.9.9', family: 4 }];
    };
    await expect(postJson(`http://rebind.test:${port}/`, {}, options({ allowedHosts: [], resolve }))).rejects.toThrow(
      "The url's host rebind.test resolves to 10.9.9.9, a private address: webhooks may not call it unless AUTOMATION_ALLOWED_HOSTS names it",
    );
    expect(calls).toBe(2);
    expect(seen).toHaveLength(0);
    // A name that never resolves is a failure tried again, not a refusal.
    await expect(postJson('http://nowhere.test/', {}, options({ retries: 1, allowedHosts: [], resolve: async () => [] }))).rejects.toThrow(
      'http://nowhere.test/ could not be reached after 2 tries: the host nowhere.test has no address',
    );
  });

  it('pins the connection: its lookup answers the addresses checked, whatever host it is asked for', async () => {
    const pinned = pinnedLookup([
      { address: '203.0.113.9', family: 4 },
      { address: '2001:db8::9', family: 6 },
    ]);
    const ask = (host: string, lookupOptions: Parameters<typeof pinned>[1]) => new Promise<unknown[]>((resolve) => pinned(host, lookupOptions, (...args: unknown[]) => resolve(args)));
    expect(await ask('evil.example', {})).toEqual([null, '203.0.113.9', 4]);
    expect(await ask('localhost', { family: 6 })).toEqual([null, '2001:db8::9', 6]);
    expect(await ask('localhost', { all: true })).toEqual([
      null,
      [
        { address: '203.0.113.9', family: 4 },
        { address: '2001:db8::9', family: 6 },
      ],
    ]);
  });
});

describe('address classification and allowed hosts', () => {
  it('names what is not a public unicast address', () => {
    const cases: [string, string | null][] = [
      ['127.0.0.1', 'a loopback address'],
      ['127.8.9.10', 'a loopback address'],
      ['::1', 'a loopback address'],
      ['10.0.0.1', 'a private address'],
      ['172.31.255.255', 'a private address'],
      ['192.168.0.1', 'a private address'],
      ['169.254.169.254', 'a link-local address (where cloud metadata services answer)'],
      ['fe80::1', 'a link-local address (where cloud metadata services answer)'],
      ['fd12:3456::1', 'a private address (IPv6 unique local)'],
      ['0.0.0.0', 'an unspecified address'],
      ['::', 'an unspecified address'],
      ['224.0.0.251', 'a multicast address'],
      ['ff02::1', 'a multicast address'],
      ['255.255.255.255', 'the broadcast address'],
      ['100.64.0.1', 'a shared address (carrier-grade NAT)'],
      ['100.127.255.254', 'a shared address (carrier-grade NAT)'],
      ['::ffff:10.0.0.1', 'a private address'],
      ['::ffff:169.254.169.254', 'a link-local address (where cloud metadata services answer)'],
      ['[::1]', 'a loopback address'],
      ['240.0.0.1', 'a reserved address'],
      ['2002:7f00:1::', 'a special-purpose address (6to4)'],
      ['not-an-address', 'not an IP address'],
      ['93.184.216.34', null],
      ['8.8.8.8', null],
      ['100.128.0.1', null],
      ['172.32.0.1', null],
      ['2606:4700:4700::1111', null],
      ['::ffff:8.8.8.8', null],
    ];
    for (const [address, problem] of cases) expect(addressProblem(address), address).toBe(problem);
  });

  it('matches allowed hosts by name or address, case-insensitive, with or without a port', () => {
    const allowed = (url: string, hosts: string[]) => hostAllowed(new URL(url), hosts);
    expect(allowed('https://Hooks.Internal/x', ['hooks.internal'])).toBe(true);
    expect(allowed('https://hooks.internal/x', ['HOOKS.INTERNAL:443'])).toBe(true);
    expect(allowed('https://hooks.internal:8443/x', ['hooks.internal:443'])).toBe(false);
    expect(allowed('http://hooks.internal/x', ['hooks.internal:80'])).toBe(true);
    expect(allowed('http://evil-hooks.internal/x', ['hooks.internal'])).toBe(false);
    expect(allowed('http://hooks.internal.evil.example/x', ['hooks.internal'])).toBe(false);
    expect(allowed('http://[::1]:8080/', ['[::1]:8080'])).toBe(true);
    expect(allowed('http://[::1]:8080/', ['::1'])).toBe(true);
    expect(allowed('http://[::1]:8080/', ['[0:0:0:0:0:0:0:1]'])).toBe(true);
    expect(allowed('http://[::1]:8080/', ['[::1]:9090'])).toBe(false);
    expect(allowed('http://[::ffff:10.0.0.5]/', ['10.0.0.5'])).toBe(true);
    expect(allowed('http://10.0.0.5/', ['10.0.0.50'])).toBe(false);
    expect(allowed('http://10.0.0.5/', [])).toBe(false);
  });

  it('reads AUTOMATION_ALLOWED_HOSTS as a trimmed, lower-case list, and refuses a url in it', () => {
    const before = process.env.AUTOMATION_ALLOWED_HOSTS;
    try {
      delete process.env.AUTOMATION_ALLOWED_HOSTS;
      expect(loadConfig({}, '/nonexistent').automationAllowedHosts).toEqual([]);
      process.env.AUTOMATION_ALLOWED_HOSTS = ' Hooks.Internal, 10.0.0.5:8080 ,,[fd00::1]:8443 ';
      expect(loadConfig({}, '/nonexistent').automationAllowedHosts).toEqual(['hooks.internal', '10.0.0.5:8080', '[fd00::1]:8443']);
      process.env.AUTOMATION_ALLOWED_HOSTS = 'https://hooks.internal/';
      expect(() => loadConfig({}, '/nonexistent')).toThrow(/AUTOMATION_ALLOWED_HOSTS names hosts/);
    } finally {
      if (before === undefined) delete process.env.AUTOMATION_ALLOWED_HOSTS;
      else process.env.AUTOMATION_ALLOWED_HOSTS = before;
    }
  });
});
