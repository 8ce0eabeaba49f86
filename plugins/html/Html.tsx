import { useMemo } from 'react';
import { sanitizeHtml, type HtmlColumn, type RenderProps } from '../../src/plugin-kit';

/**
 * Markup written in the designer. Definitions are edited by admins but shown to everyone, so
 * the markup is sanitised: an admin account must not be a way to run script in users' sessions.
 */
export function Html({ column }: RenderProps<HtmlColumn>) {
  const clean = useMemo(() => sanitizeHtml(column.html), [column.html]);
  return <div className="tessera-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}
