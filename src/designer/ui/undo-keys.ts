import { useEffect, useRef } from 'react';
import type { Path } from '../path';

/** Whether a key event is Ctrl (or Cmd) with `key`, case-insensitively. */
const chord = (e: KeyboardEvent, key: string) => (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === key;

/** Focus in a text control outside the designer (the surrounding form's own fields) keeps the browser's own undo. */
function ownsUndo(root: HTMLElement | null, target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (root?.contains(target)) return true;
  return !target.closest('input, textarea, [contenteditable="true"]');
}

/** What the keys act on, of a designer's store (store.ts, and the automation designer's). */
interface KeyedStore {
  getState(): { readonly selection: Path | null; select(path: Path | null): void; undo(): boolean; redo(): boolean };
}

/**
 * A designer's keys, on the window and in capture (so Escape with a selection is the designer's
 * before a surrounding form's own handler sees it): Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo,
 * Escape clears the selection. `ignore` leaves a key alone (one that belongs to a drag); a new
 * function on each render does not listen again.
 */
export function useUndoKeys(store: KeyedStore, rootId: string, ignore?: (e: KeyboardEvent) => boolean) {
  const ignored = useRef(ignore);
  ignored.current = ignore;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const state = store.getState();
      if (ignored.current?.(e)) return;
      if (e.key === 'Escape' && state.selection) {
        e.preventDefault();
        e.stopImmediatePropagation();
        state.select(null);
        return;
      }
      if (!ownsUndo(document.getElementById(rootId), e.target)) return;
      if (chord(e, 'z') && !e.shiftKey) {
        e.preventDefault();
        state.undo();
      } else if ((chord(e, 'z') && e.shiftKey) || chord(e, 'y')) {
        e.preventDefault();
        state.redo();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [store, rootId]);
}
