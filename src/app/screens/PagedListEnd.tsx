import { Loading } from '../../ui/Loading';
import type { PagedList } from './paged-list';

/** Under a paged list: what says it is empty, the spinner while a page loads, and Load more. */
export function PagedListEnd({ list, empty }: { list: PagedList<unknown>; empty: string }) {
  return (
    <>
      {!list.loading && list.items.length === 0 && !list.error ? <p className="text-body-secondary">{empty}</p> : null}
      {list.loading ? <Loading /> : null}
      {!list.loading && list.more ? (
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={list.loadMore}>
          Load more
        </button>
      ) : null}
    </>
  );
}
