import { http, HttpResponse } from 'msw';
import type { DualListItem } from './dual-list-items';

type Target = Pick<DualListItem, 'id' | 'name'>;

/** Records the server answers a page at a time, as GET /api/link/...?search=&page= does. */
export const PAGE = 20;

/**
 * A stand-in for a link's route (src/server/routes/links.ts) for the component tests: `targets`
 * are the target's records by name, `linked` the ids linked to any record. It answers
 * `?selected=true`, `?search=&page=` (a case-insensitive substring of the name, 20 a page), and
 * logs every query asked, so tests see what the picker asked and when.
 */
export function fakeLinkServer(path: string, targets: Target[], linked: Target['id'][]) {
  const asked: string[] = [];
  const handler = http.get(`${path}/:id`, ({ request, params }) => {
    const url = new URL(request.url);
    asked.push(`${String(params.id)}${url.search}`);
    const chosen = new Set<Target['id']>(params.id === 'NEW' ? [] : linked);
    const item = (t: Target): DualListItem => ({ ...t, selected: chosen.has(t.id) });
    if (url.searchParams.get('selected') === 'true') return HttpResponse.json({ items: targets.filter((t) => chosen.has(t.id)).map(item), more: false });
    const term = (url.searchParams.get('search') ?? '').trim().toLowerCase();
    const page = Number(url.searchParams.get('page') ?? 0);
    const found = targets.filter((t) => t.name.toLowerCase().includes(term));
    return HttpResponse.json({ items: found.slice(page * PAGE, page * PAGE + PAGE).map(item), more: found.length > page * PAGE + PAGE });
  });
  return { handler, asked };
}

/** `n` people named Person 01 ... Person n, ids 1 to n. */
export function people(n: number): { id: number; name: string }[] {
  return Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Person ${String(i + 1).padStart(2, '0')}` }));
}
