/**
 * Which urls a definition or a record may put into the page. Links allow http(s), mailto and
 * urls inside the app; images allow http(s), urls inside the app and inline data:image, but
 * never the API (an <img src="/api/logout"> would act for every viewer). Anything else —
 * javascript:, data:text/html, vbscript:, protocol-relative '//host' — is refused.
 */

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Characters browsers drop or ignore inside a url's scheme, which attackers use to hide one. */
function normalised(url: string): string {
  // eslint-disable-next-line no-control-regex
  return url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
}

function schemeOf(url: string): string | null {
  const m = SCHEME.exec(normalised(url));
  return m?.[1]?.toLowerCase() ?? null;
}

/** A url inside the app: a path, a query or a fragment, never a protocol-relative '//host'. */
function inApp(url: string): boolean {
  const u = normalised(url);
  return !u.startsWith('//') && !u.startsWith('\\') && !u.startsWith('/\\') && schemeOf(u) === null;
}

export function isSafeLinkUrl(url: string): boolean {
  const scheme = schemeOf(url);
  if (scheme === null) return inApp(url);
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/** The path a same-app url resolves to, or null when it leaves the app. */
function appPath(url: string, origin: string): string | null {
  try {
    const resolved = new URL(normalised(url), `${origin}/`);
    return resolved.origin === origin ? resolved.pathname : null;
  } catch {
    return null;
  }
}

export function isSafeImageUrl(url: string, origin = 'http://app.invalid'): boolean {
  const u = normalised(url);
  const scheme = schemeOf(u);
  if (scheme === 'data') return /^data:image\/(png|gif|jpe?g|webp|avif|bmp);/i.test(u);
  if (scheme !== null && scheme !== 'http' && scheme !== 'https') return false;
  if (scheme === null && !inApp(u)) return false;
  const path = appPath(u, origin);
  // Never the API, however it is spelled ('/api/..', '/./api', '/%61pi' resolve alike).
  return path === null || !/^\/api(\/|$)/i.test(decodeSafely(path));
}

function decodeSafely(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
