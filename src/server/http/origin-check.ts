import { APP_REQUEST_HEADER } from '../../shared/app-request.js';

/**
 * Whether a request that changes something was sent by the app's own page.
 *
 * The session cookie is SameSite=Strict, which keeps other *sites* out but not other origins
 * of the same site: a page on another port of the same host, or on a sibling subdomain, is
 * "same-site" and its form posts and fetches carry the cookie. So every unsafe request (and
 * GET /api/logout, which signs out) must bring proof of origin, in this order:
 *
 * 1. `Sec-Fetch-Site`, which every current browser sends and no page can forge: it must be
 *    `same-origin`, and the request a script's (`Sec-Fetch-Dest: empty`), not a picture, a
 *    frame or a form of a page that happens to point here. When a browser sent it, nothing else
 *    is looked at.
 * 2. Otherwise (an older browser, or a program) the app's `X-Requested-With` header: a page of
 *    another origin cannot add a custom header without a CORS preflight, and this server
 *    answers no preflight.
 * 3. Otherwise an `Origin` equal to the server's own (its host as the request named it, or the
 *    PUBLIC_URL set in Settings).
 *
 * A caller who authenticates with `Authorization: Bearer` needs none of this: a browser never
 * adds that header on its own, so such a request cannot ride on a victim's cookie.
 */
export interface OriginFacts {
  method: string;
  /** The path, without the query. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The origins this server answers at: `${protocol}://${host}` and PUBLIC_URL's, when set. */
  ownOrigins: string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether this request must prove it came from the app's own page. */
export function needsOriginProof(method: string, path: string, headers: OriginFacts['headers']): boolean {
  if (!path.startsWith('/api/')) return false;
  // An incoming webhook (routes/automations.ts) is another system's call: no session is read, its
  // url's secret token (and signature) is its proof.
  if (path.startsWith('/api/hooks/')) return false;
  const unsafe = !SAFE_METHODS.has(method.toUpperCase()) || path === '/api/logout';
  if (!unsafe) return false;
  return bearerToken(headers.authorization) === undefined;
}

/**
 * The session token of `Authorization: Bearer <token>`, read exactly as the request hook reads
 * it (http/request-user.ts), so a request is spared the origin proof only when its caller is
 * found by that header and never by the cookie.
 */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Why the request is refused, or null when it brings proof of origin (or needs none). */
export function originRefusal(facts: OriginFacts): string | null {
  if (!needsOriginProof(facts.method, facts.path, facts.headers)) return null;
  const site = single(facts.headers['sec-fetch-site']);
  if (site !== undefined) {
    if (site !== 'same-origin') return `the browser says it was sent from another origin (Sec-Fetch-Site: ${site.slice(0, 40)})`;
    const dest = single(facts.headers['sec-fetch-dest']);
    return dest === undefined || dest === 'empty' ? null : `it was not sent by a script of the app (Sec-Fetch-Dest: ${dest.slice(0, 40)})`;
  }
  if (single(facts.headers['x-requested-with']) === APP_REQUEST_HEADER) return null;
  const origin = single(facts.headers.origin);
  const claimed = origin === undefined ? null : originOf(origin);
  if (claimed !== null && facts.ownOrigins.some((own) => originOf(own) === claimed)) return null;
  return origin === undefined ? 'it carries no proof that it came from this site' : 'it came from another origin';
}

/** `https://Example.com:443/path` as `https://example.com`: how browsers write an Origin header. */
export function originOf(url: string): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.origin === 'null' ? null : u.origin.toLowerCase();
  } catch {
    return null;
  }
}
