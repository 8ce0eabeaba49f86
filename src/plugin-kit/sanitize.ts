import DOMPurify from 'dompurify';
import { isSafeImageUrl } from '../shared/safe-url';

/**
 * Tags that restyle the whole page or collect input (a fake sign-in form), and ones that load
 * other documents or change where relative urls point. Inline content stays.
 */
const FORBIDDEN_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'frameset', 'object', 'embed', 'base', 'link', 'meta', 'dialog', 'template'];
const FORBIDDEN_ATTRIBUTES = ['action', 'formaction', 'srcset', 'ping'];
/** Links: http(s), mailto and urls without a scheme (the app's own); data: only for images below. */
const ALLOWED_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Attributes the browser fetches as a picture or media as soon as the markup is shown. */
const FETCHED = new Set(['src', 'poster', 'background']);
const SVG = 'http://www.w3.org/2000/svg';

/** CSS escapes (`\\61` or `\\a`) as the characters they stand for, in case the parser kept them. */
function unescapeCss(text: string): string {
  return text.replace(/\\([0-9a-f]{1,6})\s?|\\(.)/gi, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)) : (char ?? ''),
  );
}

/**
 * Whether an inline style's pictures are ones an <img> could show (safe-url's rule: never the
 * API, whose GET /api/logout would sign the viewer out). The browser parses the style, so CSS
 * escapes such as `url(/\61pi/logout)` are read as the browser would read them.
 */
function styleLoadsSafely(style: string): boolean {
  const probe = document.createElement('div');
  probe.style.cssText = style;
  // The browser's reading, the raw text and the raw text unescaped (`\\75rl(` is url( too):
  // parsers differ in how they keep escapes, and any one of them saying no is enough.
  for (const text of [probe.style.cssText, style, unescapeCss(style)]) {
    // Functions that fetch without url(...): refused outright rather than parsed.
    if (/(image-set|cross-fade|element)\s*\(/i.test(unescapeCss(text))) return false;
    for (const m of text.matchAll(/url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)]*))\s*\)/gi)) {
      const url = unescapeCss(m[1] ?? m[2] ?? m[3] ?? '').trim();
      if (!isSafeImageUrl(url, window.location.origin)) return false;
    }
  }
  return true;
}

/**
 * What the markup would fetch by itself follows the Image cells' rule: an <img>, a poster, an
 * SVG <image> or a style's background may show a picture from the web, never call the API.
 */
// Without a DOM (a plugin imported on the server) DOMPurify has no hooks and sanitises nothing.
DOMPurify.addHook?.('uponSanitizeAttribute', (node, data) => {
  const name = data.attrName;
  if (name === 'style') {
    if (!styleLoadsSafely(data.attrValue)) data.keepAttr = false;
    return;
  }
  const svgFetch = (name === 'href' || name === 'xlink:href') && node.namespaceURI === SVG && node.nodeName.toLowerCase() !== 'a';
  if ((FETCHED.has(name) || svgFetch) && !isSafeImageUrl(data.attrValue, window.location.origin)) data.keepAttr = false;
});

/**
 * HTML from a definition or a record, made safe to put into the page (DOMPurify): no scripts,
 * event handlers, javascript: or data: links, no <style>, no forms, no frames, and no picture
 * pointing into the API. A plugin never renders HTML it has not passed through here; an empty
 * or missing value gives ''.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { FORBID_TAGS: FORBIDDEN_TAGS, FORBID_ATTR: FORBIDDEN_ATTRIBUTES, ALLOWED_URI_REGEXP: ALLOWED_URI });
}
