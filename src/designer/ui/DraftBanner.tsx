import type { KeptDraft } from '../drafts';

/** When a draft was written, as the banner says it: the time today, else the day and time. */
function whenOf(at: number): string {
  const date = new Date(at);
  const today = new Date().toDateString() === date.toDateString();
  return today ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : date.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Offers the work kept from an earlier visit (drafts.ts: keepDraft) when the same definition is
 * opened again and differs from what was loaded: Restore brings it back, Discard forgets it.
 * A role="region" with its own buttons, so it is reached by Tab like any toolbar.
 */
export function DraftBanner({
  noun,
  draft,
  version,
  onRestore,
  onDiscard,
}: {
  /** What is edited ('page', 'form', ...). */
  noun: string;
  draft: KeptDraft;
  /** The stored version now (0 for a new one). */
  version: number;
  onRestore(): void;
  onDiscard(): void;
}) {
  const moved = draft.version > 0 && version > 0 && draft.version !== version;
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 py-2" role="region" aria-label="Unsaved changes kept">
      <span className="me-auto">
        You have unsaved changes to this {noun} from {whenOf(draft.at)}, kept when you left it without saving.
        {moved ? ` The ${noun} was saved again since (version ${version}; your changes started from version ${draft.version}): restoring puts them over it when you save.` : ''}
      </span>
      <button type="button" className="btn btn-sm btn-warning" onClick={onRestore}>
        Restore them
      </button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onDiscard}>
        Discard them
      </button>
    </div>
  );
}
