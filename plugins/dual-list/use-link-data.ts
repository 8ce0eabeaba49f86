import { useEffect, useState } from 'react';
import { parsePage, type DualListItem } from './dual-list-items';
import { api, type ApiAnswer, type DualListColumn, keyOf, useAfterSave, useFormModel, useFormValues, usePagedSearch, useRecord, useRecordId, useSaveWith, type Paged } from '../../src/plugin-kit';

const NOTHING_TO_SAVE: ApiAnswer<unknown> = { ok: true, status: 200, data: null, error: '' };

/**
 * The link field of the form's own model this list edits, when its url is that link's dual-list
 * route keyed by the record id (`/link/{Model}/{field}`): its selection then travels in the
 * form's save request and is written with the record, in one transaction. Null otherwise.
 */
export function formLinkField(url: string, link: string, model: string | undefined): string | null {
  const m = /^\/link\/([A-Za-z0-9_]+)\/([A-Za-z0-9_]+)$/.exec(url);
  if (!m || model === undefined || m[1] !== model || (link !== '' && link !== 'id')) return null;
  return m[2] ?? null;
}

/**
 * The key of the record whose items the list shows: the value of its `link` form field
 * (schema.json), else the record id, else NEW while a record is being added.
 */
export function useListKey(column: DualListColumn): string {
  const recordId = useRecordId();
  const link = column.link ?? '';
  const linked = useFormValues((values) => (link ? keyOf(values[link]) : ''));
  return linked || recordId || 'NEW';
}

/**
 * Saves the list with the form: `items()` answers what to save (every item with its `selected`
 * flag, or the selected ones only), undefined while nothing is known, so a list that never
 * loaded keeps the stored links. A list of the record's own link sends its selected ids in the
 * form's save request; any other list posts the items to its url after the main save.
 */
export function useLinkSave(column: DualListColumn, items: () => DualListItem[] | undefined): void {
  const record = useRecord();
  const url = column.url ?? '';
  const link = column.link ?? '';
  const linkField = formLinkField(url, link, useFormModel());
  const withForm = useSaveWith(linkField, () => items()?.filter((i) => i.selected).map((i) => i.id));
  useAfterSave((savedId) => {
    const now = items();
    if (!url || now === undefined || (withForm && linkField !== null)) return Promise.resolve(NOTHING_TO_SAVE);
    // The link field as saved (read now, not as first drawn), else the saved record's id.
    const savedKey = (link ? keyOf(record.read()[link]) : '') || String(savedId);
    return api('POST', `/api${url}/${encodeURIComponent(savedKey)}`, now);
  });
}

export type Linked = { state: 'loading' } | { state: 'loaded'; items: DualListItem[] } | { state: 'failed'; error: string };

/**
 * The targets linked to the record (GET {base}?selected=true), which the user then changes here:
 * the list a searching picker saves. `base` is `/api{url}/{key}`; null asks nothing.
 */
export function useLinked(base: string | null): [Linked, (items: DualListItem[]) => void] {
  const [linked, setLinked] = useState<{ base: string | null; value: Linked }>({ base, value: { state: 'loading' } });
  useEffect(() => {
    if (!base) return;
    let live = true;
    void api<unknown>('GET', `${base}?selected=true`).then((answer) => {
      if (!live) return;
      const page = answer.ok ? parsePage(answer.data) : undefined;
      const value: Linked = page ? { state: 'loaded', items: page.items.map((i) => ({ ...i, selected: true })) } : { state: 'failed', error: answer.ok ? 'The data url did not answer a list of items' : answer.error };
      setLinked({ base, value });
    });
    return () => {
      live = false;
    };
  }, [base]);
  const value: Linked = linked.base === base ? linked.value : { state: 'loading' };
  return [value, (items) => setLinked({ base, value: { state: 'loaded', items } })];
}

export type Found = Paged<DualListItem>;

/**
 * The targets matching `term`, a page at a time (GET {base}?search=&page=, searched by the
 * target's display through its search index), asked 200 ms after the last key; `more()`
 * adds the next page. Nothing is asked while `enabled` is false.
 */
export function useLinkSearch(base: string | null, term: string, enabled: boolean): { found: Found; more(): void } {
  return usePagedSearch<DualListItem>(base, term, enabled, parsePage);
}
