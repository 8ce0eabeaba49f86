import DOMPurify from 'dompurify';

/**
 * HTML from a definition or a record, made safe to put into the page: scripts, event handlers
 * and javascript: urls are removed (DOMPurify). A plugin never renders HTML it has not passed
 * through here; an empty or missing value gives ''.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  return html ? DOMPurify.sanitize(html) : '';
}
