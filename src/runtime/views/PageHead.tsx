import { useEffect } from 'react';
import { useSession } from '../session';

/** The named <meta> tag, created when the page has none yet. */
function metaTag(name: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  return tag;
}

/**
 * Every screen sets the page head: `{title} - {environment}` as the document
 * title, a description, keywords and robots 'index, follow'.
 */
export function usePageHead(title: string, description?: string, keywords?: string): void {
  const environment = useSession((s) => s.env?.ENVIRONMENT_NAME ?? '');
  useEffect(() => {
    document.title = environment ? `${title} - ${environment}` : title;
    metaTag('description').content = description ?? title;
    metaTag('keywords').content = keywords ?? [title, environment].filter(Boolean).join(', ');
    metaTag('robots').content = 'index, follow';
  }, [title, description, keywords, environment]);
}

/** The same as usePageHead, for screens that prefer an element. */
export function PageHead({ title, description, keywords }: { title: string; description?: string; keywords?: string }) {
  usePageHead(title, description, keywords);
  return null;
}
