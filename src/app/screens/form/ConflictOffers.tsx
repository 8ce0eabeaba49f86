/** What a form offers after a 409 STALE_VERSION: for a record, and for a definition (in a form or in an editor). */
import { useEffect, useRef } from 'react';
import { formValues, setFieldValue, type FormStore } from '../../../runtime/form-store';

/**
 * After a 409 for a record changed elsewhere: load the record as it is now (dropping what was
 * typed, after asking), or save what was typed over it. The first choice takes the focus, so a
 * keyboard user is at the choice the banner announces.
 */
export function ConflictOffer({ busy, onReload, onOverwrite }: { busy: boolean; onReload(): void; onOverwrite(): void }) {
  const first = useRef<HTMLButtonElement>(null);
  const focused = useRef(false);
  // Once the failed save has finished (a disabled button cannot take the focus).
  useEffect(() => {
    if (busy || focused.current) return;
    focused.current = true;
    first.current?.focus();
  }, [busy]);
  return (
    <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Changed by someone else">
      <button ref={first} type="button" className="btn btn-outline-secondary btn-sm" disabled={busy} onClick={onReload}>
        Reload the current record
      </button>
      <button type="button" className="btn btn-outline-danger btn-sm" disabled={busy} onClick={onOverwrite}>
        Save mine anyway
      </button>
    </div>
  );
}

/**
 * After a 409 for a stale version: reload the stored definition (dropping these edits, after
 * asking), or keep these edits as a new definition under a name the user gives.
 */
export function StaleOffer({ store, busy, onCopy }: { store: FormStore; busy: boolean; onCopy(): void }) {
  const copy = () => {
    const name = String(formValues(store).name ?? '');
    const next = window.prompt('Name of the copy', name ? `${name}_copy` : '');
    if (!next) return;
    setFieldValue(store, 'name', next);
    onCopy();
  };
  return (
    <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Saved elsewhere">
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={busy} onClick={() => window.confirm('Discard changes?') && window.location.reload()}>
        Reload
      </button>
      <button type="button" className="btn btn-outline-primary btn-sm" disabled={busy} onClick={copy}>
        Save as a copy
      </button>
    </div>
  );
}

/**
 * The same offer in a definition's editor (the raw JSON editor, the automation designer): reload
 * the page (after asking; `beforeReload` lets the editor say first that leaving is fine), or save
 * these edits as a copy (`onCopy`, which takes its name from the edits).
 */
export function SavedElsewhereOffer({ busy, onCopy, beforeReload }: { busy: boolean; onCopy(): void; beforeReload?(): void }) {
  const reload = () => {
    if (!window.confirm('Discard changes?')) return;
    beforeReload?.();
    window.location.reload();
  };
  return (
    <div className="d-flex flex-wrap gap-2 mb-2" role="group" aria-label="Saved elsewhere">
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={busy} onClick={reload}>
        Reload
      </button>
      <button type="button" className="btn btn-outline-primary btn-sm" disabled={busy} onClick={onCopy}>
        Save as a copy
      </button>
    </div>
  );
}
