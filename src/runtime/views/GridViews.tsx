import { useId, useRef, useState, type FormEvent } from "react";
import { api } from "../api/http";
import { useApi } from "../api/useApi";
import { useSession } from "../session";
import { enc } from "./grid-load";
import type { GridViewState, SetGridView } from "./grid-view-state";
import type { FilterTree } from "../../shared/filter";

/** A saved view as GET /api/grid/{name}/views answers it (docs/api.md, "Saved views"). */
export interface SavedView {
  id: string;
  name: string;
  shared: boolean;
  state: {
    search?: string;
    sort?: string;
    dir?: "asc" | "desc";
    filter?: FilterTree;
  };
}

/** What a view keeps of the grid's state: what its url says, the page aside. */
export function stateOfView(view: GridViewState): SavedView["state"] {
  return {
    ...(view.search.trim() ? { search: view.search.trim() } : {}),
    ...(view.sort ? { sort: view.sort.field, dir: view.sort.dir } : {}),
    ...(view.filter ? { filter: view.filter } : {}),
  };
}

/** The grid's state a saved view brings back, from its first page. */
export function viewOfState(state: SavedView["state"]): Partial<GridViewState> {
  return {
    search: state.search ?? "",
    sort: state.sort
      ? { field: state.sort, dir: state.dir === "desc" ? "desc" : "asc" }
      : null,
    filter: state.filter ?? null,
    page: 0,
  };
}

/**
 * Saved views on a grid that is the page, for a signed-in person: a Views button opens the shared views an administrator
 * published and the person's own, each brought back with a click (search, sort and filter, from
 * the first page), the current state saved under a name (shared with everyone by an
 * administrator), and one's own deleted. Escape closes and gives the focus back to the button.
 */
export function GridViews({
  name,
  view,
  setView,
}: {
  name: string;
  view: GridViewState;
  setView: SetGridView;
}) {
  const user = useSession((s) => s.user);
  const isAdmin = user?.Admin === true;
  const path = `/api/grid/${enc(name)}/views`;
  const [open, setOpen] = useState(false);
  // Asked for when the panel first opens: a grid's page costs no request for views nobody looks at.
  const [wanted, setWanted] = useState(false);
  const loaded = useApi<{ shared: SavedView[]; mine: SavedView[] }>(
    wanted ? path : null,
  );
  const [title, setTitle] = useState("");
  const [share, setShare] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const shared = loaded.data?.shared ?? [];
  const mine = loaded.data?.mine ?? [];
  // Views are a signed-in person's (and the shared ones they may read).
  if (!user) return null;

  const close = () => {
    setOpen(false);
    setError("");
    buttonRef.current?.focus();
  };
  const apply = (saved: SavedView) => {
    setView(viewOfState(saved.state));
    close();
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    const answer = await api("POST", path, {
      name: title.trim(),
      shared: share,
      state: stateOfView(view),
    });
    setBusy(false);
    if (answer.status !== 201) {
      setError(answer.error);
      return;
    }
    setTitle("");
    setShare(false);
    loaded.reload();
  };
  const remove = async (saved: SavedView) => {
    if (!window.confirm(`Delete the view '${saved.name}'?`)) return;
    const answer = await api("DELETE", `${path}/${enc(saved.id)}`);
    if (!answer.ok) setError(answer.error);
    loaded.reload();
  };
  const list = (views: SavedView[], heading: string, deletable: boolean) =>
    views.length ? (
      <>
        <h3 className="h6 mt-2 mb-1">{heading}</h3>
        <ul className="list-unstyled mb-0">
          {views.map((v) => (
            <li key={v.id} className="d-flex align-items-center gap-1">
              <button
                type="button"
                className="btn btn-link btn-sm p-0 me-auto text-start"
                onClick={() => apply(v)}
              >
                {v.name}
              </button>
              {deletable ? (
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm py-0"
                  aria-label={`Delete the view ${v.name}`}
                  onClick={() => void remove(v)}
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </>
    ) : null;

  return (
    <div className="position-relative">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-outline-secondary btn-sm"
        aria-expanded={open}
        aria-controls={open ? `${id}-views` : undefined}
        onClick={() => {
          if (open) close();
          else {
            setWanted(true);
            setOpen(true);
          }
        }}
      >
        Views
      </button>
      {open ? (
        <div
          id={`${id}-views`}
          role="dialog"
          aria-label="Saved views"
          className="tessera-grid-views card card-body shadow-sm position-absolute end-0 mt-1"
          style={{ zIndex: 1000, minWidth: "18rem" }}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              close();
            }
          }}
        >
          {loaded.loading && !loaded.data ? (
            <p className="mb-0">Loading…</p>
          ) : null}
          {loaded.data && shared.length + mine.length === 0 ? (
            <p className="text-muted small mb-0">No saved views yet.</p>
          ) : null}
          {list(shared, "Shared views", isAdmin)}
          {list(mine, "My views", true)}
          {user ? (
            <form className="mt-3" onSubmit={(e) => void save(e)}>
              <label className="form-label small mb-1" htmlFor={`${id}-name`}>
                Save the current view as
              </label>
              <input
                id={`${id}-name`}
                className="form-control form-control-sm"
                value={title}
                maxLength={80}
                onChange={(e) => setTitle(e.target.value)}
              />
              {isAdmin ? (
                <div className="form-check mt-1">
                  <input
                    id={`${id}-share`}
                    type="checkbox"
                    className="form-check-input"
                    checked={share}
                    onChange={(e) => setShare(e.target.checked)}
                  />
                  <label
                    className="form-check-label small"
                    htmlFor={`${id}-share`}
                  >
                    Share with everyone who may read this grid
                  </label>
                </div>
              ) : null}
              <button
                type="submit"
                className="btn btn-primary btn-sm mt-2"
                disabled={busy || title.trim() === ""}
              >
                Save view
              </button>
            </form>
          ) : null}
          {error ? (
            <div className="text-danger small mt-2" role="alert">
              {error}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
