import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { setTimeout as wait } from 'node:timers/promises';
import ipaddr from 'ipaddr.js';

/**
 * The Call a webhook step's POST (docs/automations.md, "Calling webhooks safely"), made so that an
 * automation cannot be turned against the server's own network (SSRF):
 *
 * - Only http: and https: urls.
 * - The host is resolved (every address, node:dns lookup) and refused when any address is not a
 *   public unicast one: loopback, private (RFC 1918), link-local (169.254/16, where clouds keep
 *   their metadata service), unique-local or link-local IPv6, unspecified (0.0.0.0), multicast,
 *   broadcast, shared (CGNAT 100.64/10), reserved, IPv4-mapped IPv6 of any of those, and the other
 *   special-purpose ranges ipaddr.js knows (NAT64, 6to4, Teredo...) — unless the url's host is
 *   in the allowed list (AUTOMATION_ALLOWED_HOSTS: a name or an address, optionally with a port).
 * - The connection is made to the addresses checked (the request's `lookup` answers them, whatever
 *   is asked), so a DNS answer that changes between the check and the connection (rebinding)
 *   cannot reach another address. Each try resolves and checks again.
 * - Redirects are not followed: a 3xx is the answer.
 * - The body is JSON (`Content-Type: application/json`), with `User-Agent: Tessera`, the run's
 *   `Idempotency-Key` (the same on every try) and, with a secret, `X-Tessera-Signature:
 *   sha256=<hex HMAC-SHA256 of the exact body bytes, keyed with the secret>` (signatureOf).
 * - Each try is aborted after timeoutMs. A network error, a timeout, a 5xx or a 429 is tried again
 *   up to `retries` times, after an exponential wait with jitter (half of 500 ms, 1 s, 2 s... fixed
 *   and half random, at most 30 s), or the answer's Retry-After when longer (at most 30 s too); any
 *   other 4xx is an error at once. The answer's body is read up to 2,000 characters, no further.
 */

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export interface PostJsonOptions {
  /** How long one try may take, in milliseconds (connecting, sending and reading the answer). */
  timeoutMs: number;
  /** Tries after the first one fails (0 to 10). */
  retries: number;
  /** Signs the body: X-Tessera-Signature. */
  secret?: string;
  /** Sent as Idempotency-Key on every try, so the receiver can drop a repeat. */
  idempotencyKey: string;
  /** Hosts that may be private addresses (AUTOMATION_ALLOWED_HOSTS, Config.automationAllowedHosts). */
  allowedHosts: readonly string[];
  /** Stops the call, between tries or during one (the run's time budget). */
  signal?: AbortSignal;
  /** Resolves host names (default: node:dns lookup, every address); tests hand in their own. */
  resolve?: Resolver;
  /** The first wait between tries, doubled for each next one (default 500 ms); tests shorten it. */
  backoffMs?: number;
}

export interface PostJsonAnswer {
  status: number;
  /** The first 2,000 characters of the answer's body. */
  body: string;
  /** Tries it took (1 when the first one answered). */
  tries: number;
}

/** The most characters of an answer's body read. */
export const ANSWER_CHARS = 2_000;
/** The longest wait between two tries, Retry-After included. */
export const MAX_BACKOFF_MS = 30_000;
/** The most tries after the first. */
export const MAX_RETRIES = 10;
/** The longest a try may take. */
export const MAX_TIMEOUT_MS = 120_000;

/** How each refused range is named in the error. */
const RANGE_WORDS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a private address (IPv6 unique local)',
  linkLocal: 'a link-local address (where cloud metadata services answer)',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  carrierGradeNat: 'a shared address (carrier-grade NAT)',
  reserved: 'a reserved address',
};

/**
 * Why a webhook may not call an address ('a private address'...), or null for a public unicast
 * one. An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it maps.
 */
export function addressProblem(address: string): string | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (!isIP(bare.replace(/%.*$/, ''))) return 'not an IP address';
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(bare);
  } catch {
    return 'not an IP address';
  }
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  if (range === 'unicast') return null;
  return RANGE_WORDS[range] ?? `a special-purpose address (${range})`;
}

/** A host as compared: lower case, without an IPv6 address's brackets, an address in its normal form. */
function hostKey(host: string): string {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (!isIP(bare)) return bare;
  try {
    return ipaddr.process(bare).toNormalizedString();
  } catch {
    return bare;
  }
}

/** An allowed-hosts entry as a host and an optional port: `name`, `name:8080`, `10.0.0.5`, `[fd00::1]:8443`, `fd00::1`. */
function allowedEntry(entry: string): { host: string; port?: string } {
  const text = entry.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: hostKey(bracketed[1] as string), ...(bracketed[2] ? { port: bracketed[2] } : {}) };
  const colon = text.indexOf(':');
  if (colon >= 0 && colon === text.lastIndexOf(':')) return { host: hostKey(text.slice(0, colon)), port: text.slice(colon + 1) };
  return { host: hostKey(text) };
}

/** Whether the url's host (with its port, if the entry names one) is in the allowed list. */
export function hostAllowed(url: URL, allowedHosts: readonly string[]): boolean {
  const host = hostKey(url.hostname);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowedHosts.some((entry) => {
    const allowed = allowedEntry(entry);
    return allowed.host === host && (allowed.port === undefined || allowed.port === port);
  });
}

/** The signature header's value for a body: `sha256=` and the hex HMAC-SHA256 of its bytes keyed with the secret. */
export function signatureOf(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * A lookup that answers the addresses checked, whatever host it is asked for: the connection can
 * only go where the check looked (no DNS rebinding between the check and the connection).
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(null, addresses.map((a) => ({ address: a.address, family: a.family })));
      return;
    }
    const chosen = addresses.find((a) => !options.family || a.family === options.family) ?? addresses[0];
    if (!chosen) {
      // As dns.lookup fails: a Node error with its code (not an API answer; the step reports its message).
      const error: NodeJS.ErrnoException = new Error('No address to connect to');
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
    } else callback(null, chosen.address, chosen.family);
  };
}

const systemResolve: Resolver = async (host) =>
  (await dnsLookup(host, { all: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** The url as errors show it: no user name or password, no query (either may hold a secret). */
function shownUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** Parses and checks the url's scheme; throws a clear error otherwise. */
function webhookUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch (e) {
    throw new Error(`'${text.length > 200 ? `${text.slice(0, 200)}…` : text}' is not a url`, { cause: e });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Only http: and https: urls may be called, not ${url.protocol}`);
  }
  return url;
}

/** What one try came to. */
type Try = { kind: 'answer'; status: number; body: string; retryAfterMs: number | null } | { kind: 'failed'; reason: string };

/** Retry-After in milliseconds (seconds or an HTTP date), or null. */
function retryAfterMs(headers: IncomingHttpHeaders): number | null {
  const value = headers['retry-after']?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * The addresses to connect to: the host's, each checked unless the host is allowed. Throws a
 * refusal (not tried again); answers a failure for a name that does not resolve (tried again).
 */
async function addressesFor(url: URL, options: PostJsonOptions): Promise<ResolvedAddress[] | Try> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch (e) {
      return { kind: 'failed', reason: `the host ${host} could not be resolved (${e instanceof Error ? e.message : String(e)})` };
    }
    if (addresses.length === 0) return { kind: 'failed', reason: `the host ${host} has no address` };
  }
  if (hostAllowed(url, options.allowedHosts)) return addresses;
  for (const { address } of addresses) {
    const problem = addressProblem(address);
    if (problem === null) continue;
    const what = literal ? `is ${problem}` : `resolves to ${address}, ${problem}`;
    throw new Error(`The url's host ${host} ${what}: webhooks may not call it unless AUTOMATION_ALLOWED_HOSTS names it`);
  }
  return addresses;
}

/** One POST to the checked addresses, its answer read up to ANSWER_CHARS characters, within timeoutMs. */
function tryOnce(url: URL, addresses: readonly ResolvedAddress[], payload: Buffer, headers: Record<string, string>, timeoutMs: number, outer?: AbortSignal): Promise<Try> {
  return new Promise<Try>((resolve) => {
    const controller = new AbortController();
    let timedOut = false;
    let settled = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onOuter = () => controller.abort();
    outer?.addEventListener('abort', onOuter, { once: true });
    const done = (result: Try) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
      resolve(result);
    };
    const failed = (e: unknown) => {
      const reason = timedOut ? `no answer within ${timeoutMs} ms` : outer?.aborted ? 'stopped' : e instanceof Error ? e.message : String(e);
      done({ kind: 'failed', reason });
    };
    try {
      const request = (url.protocol === 'https:' ? https : http).request(
        {
          protocol: url.protocol,
          hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          headers,
          // One connection per try, closed after it: nothing pooled outlives the check it was made under.
          agent: false,
          lookup: pinnedLookup(addresses),
          signal: controller.signal,
          ...(url.username || url.password ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` } : {}),
        },
        (response) => {
          const decoder = new StringDecoder('utf8');
          let text = '';
          const answer = () => done({ kind: 'answer', status: response.statusCode ?? 0, body: text.slice(0, ANSWER_CHARS), retryAfterMs: retryAfterMs(response.headers) });
          response.on('data', (chunk: Buffer) => {
            text += decoder.write(chunk);
            if (text.length >= ANSWER_CHARS) {
              answer();
              response.destroy();
            }
          });
          response.on('end', () => {
            text += decoder.end();
            answer();
          });
          // A body cut short (the try's time ran out while it was read): the status stands, with what arrived.
          response.on('error', answer);
          response.on('close', answer);
        },
      );
      request.on('error', failed);
      request.end(payload);
    } catch (e) {
      failed(e);
    }
  });
}

/** The wait before try number `next` (2, 3...): exponential from backoffMs with jitter, or Retry-After when longer; at most MAX_BACKOFF_MS. */
export function backoffDelay(next: number, backoffMs: number, retryAfter: number | null, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_BACKOFF_MS, backoffMs * 2 ** Math.max(0, next - 2));
  const jittered = exponential / 2 + (random() * exponential) / 2;
  return Math.round(Math.min(MAX_BACKOFF_MS, Math.max(jittered, retryAfter ?? 0)));
}

/**
 * POSTs `body` as JSON to an http(s) url that is not (and does not resolve to) a non-public
 * address unless its host is allowed, trying again on a network error, a timeout, a 5xx or a 429.
 * Answers the first answer that is not tried again (2xx, 3xx); throws an Error that says why
 * otherwise: a refused url, a 4xx, or the last failure after every try.
 */
export async function postJson(url: string, body: unknown, options: PostJsonOptions): Promise<PostJsonAnswer> {
  const target = webhookUrl(url);
  const shown = shownUrl(target);
  let json: string | undefined;
  try {
    json = JSON.stringify(body);
  } catch (e) {
    throw new Error(`The body for ${shown} cannot be sent as JSON: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  const payload = Buffer.from(json ?? 'null', 'utf8');
  if (!/^[\x21-\x7e]{1,200}$/.test(options.idempotencyKey)) throw new Error('The idempotency key must be 1 to 200 visible ASCII characters');
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Content-Length': String(payload.length),
    'User-Agent': 'Tessera',
    'Idempotency-Key': options.idempotencyKey,
  };
  if (options.secret) headers['X-Tessera-Signature'] = signatureOf(payload, options.secret);
  const retries = Math.min(MAX_RETRIES, Math.max(0, Math.floor(Number(options.retries) || 0)));
  const timeoutMs = Math.min(MAX_TIMEOUT_MS, Math.max(1, Math.floor(Number(options.timeoutMs) || 5000)));
  const backoffMs = Math.max(0, options.backoffMs ?? 500);
  const stopped = (cause?: unknown) => new Error(`The call to ${shown} was stopped: the run's time ran out`, { cause });
  for (let tries = 1; ; tries++) {
    if (options.signal?.aborted) throw stopped();
    const addresses = await addressesFor(target, options);
    const result = Array.isArray(addresses) ? await tryOnce(target, addresses, payload, headers, timeoutMs, options.signal) : addresses;
    if (options.signal?.aborted) throw stopped();
    if (result.kind === 'answer') {
      const { status } = result;
      if (status < 400) return { status, body: result.body, tries };
      if (status !== 429 && status < 500) {
        const said = result.body.trim().slice(0, 200);
        throw new Error(`${shown} answered ${status}, which is not tried again${said ? `: ${said}` : ''}`);
      }
      if (tries > retries) throw new Error(`${shown} answered ${status} after ${tries} ${tries === 1 ? 'try' : 'tries'}`);
    } else if (tries > retries) {
      throw new Error(`${shown} could not be reached after ${tries} ${tries === 1 ? 'try' : 'tries'}: ${result.reason}`);
    }
    try {
      await wait(backoffDelay(tries + 1, backoffMs, result.kind === 'answer' ? result.retryAfterMs : null), undefined, options.signal ? { signal: options.signal } : {});
    } catch (e) {
      throw stopped(e);
    }
  }
}
