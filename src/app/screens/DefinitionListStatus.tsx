import type { Loaded } from '../../runtime/api/useApi';
import { Loading } from '../../ui/Loading';

/**
 * A definition list's state above its table: the line a delete left, the spinner while the list
 * first loads, and a read that failed with Try again. `what` names the list ('The models could not be read').
 */
export function DefinitionListStatus({ loaded, done, what }: { loaded: Loaded<unknown>; done: string; what: string }) {
  return (
    <>
      {done ? (
        <div className="alert alert-success py-2" role="status">
          {done}
        </div>
      ) : null}
      {loaded.loading && !loaded.data ? <Loading /> : null}
      {!loaded.loading && loaded.error ? (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
          <span className="me-auto">{`${what} could not be read: ${loaded.error}`}</span>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={loaded.reload}>
            Try again
          </button>
        </div>
      ) : null}
    </>
  );
}
