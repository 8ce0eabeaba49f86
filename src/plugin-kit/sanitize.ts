import DOMPurify from 'dompurify';

/**
 * Tags that restyle the whole page or collect input (a fake sign-in form), and ones that load
 * other documents or change where relative urls point. Inline content stays.
 */
const FORBIDDEN_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'frameset', 'object', 'embed', 'base', 'link', 'meta', 'dialog', 'template'];
const FORBIDDEN_ATTRIBUTES = ['action', 'formaction', 'srcset', 'ping'];
/** Links: http(s), mailto and urls without a scheme (the app's own); data: only for images below. */
const ALLOWED_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/**
 * HTML from a definition or a record, made safe to put into the page (DOMPurify): no scripts,
 * event handlers, javascript: or data: links, no <style>, no forms, no frames. A plugin never
 * renders HTML it has not passed through here; an empty or missing value gives ''.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { FORBID_TAGS: FORBIDDEN_TAGS, FORBID_ATTR: FORBIDDEN_ATTRIBUTES, ALLOWED_URI_REGEXP: ALLOWED_URI });
}
