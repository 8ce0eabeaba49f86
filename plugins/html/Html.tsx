import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import type { HtmlColumn } from '../../src/generated/definitions';
import type { RenderProps } from '../../src/client/runtime/plugin';

/** The markup an Html column may show: scripts, event handlers and javascript: urls removed. */
export function sanitizeHtml(html: string | undefined): string {
  return html ? DOMPurify.sanitize(html) : '';
}

/**
 * Markup written in the designer. Definitions are edited by admins but shown to everyone, so
 * the markup is sanitised: an admin account must not be a way to run script in users' sessions.
 */
export function Html({ column }: RenderProps<HtmlColumn>) {
  const clean = useMemo(() => sanitizeHtml(column.html), [column.html]);
  return <div className="tessera-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}
