/** The keys of a record form (Escape leaves, Ctrl+S saves), and which of the forms on screen they are for. */
import { useLayoutEffect, type RefObject } from 'react';
import { isFormDirty, markFormDropped, type FormStore } from '../../../runtime/form-store';
import type { FormAction } from './form-values';

/** The record forms on screen, in the order they opened: Ctrl+S and Escape go to one only. */
const openForms: HTMLFormElement[] = [];

/**
 * Whether this form is the one the keys are for: the top-most one. A dialog open above it
 * (the change-password dialog, a modal form) takes them, so a form outside the top-most
 * dialog never acts; among the forms left, the one holding the focus, else the latest opened.
 */
function isTopForm(form: HTMLFormElement, target: EventTarget | null): boolean {
  const dialogs = document.querySelectorAll('[role="dialog"]');
  const topDialog = dialogs[dialogs.length - 1];
  if (topDialog && !topDialog.contains(form)) return false;
  const candidates = openForms.filter((f) => !topDialog || topDialog.contains(f));
  const focused = target instanceof Node ? candidates.find((f) => f.contains(target)) : undefined;
  return (focused ?? candidates[candidates.length - 1]) === form;
}

/** What the keys do to one form; the callbacks are the form's own, so the listener follows them. */
export interface FormKeys {
  leave(): void;
  save(asNew: boolean, checkpoint: boolean): Promise<void>;
  mode: FormAction;
  store: FormStore;
  /**
   * A designer's form (a definition record): Escape asks only when something is unsaved (an
   * untouched designer just leaves), and Ctrl+S is a checkpoint that saves and stays. Other
   * forms keep the spec's: Escape always asks, Ctrl+S saves as the Save button does.
   */
  designer?: boolean;
}

/** Registers the form among those on screen and answers its keys while it is the top-most one. */
export function useFormKeys(formRef: RefObject<HTMLFormElement | null>, { leave, save, mode, store, designer = false }: FormKeys): void {
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    openForms.push(form);
    return () => {
      const at = openForms.indexOf(form);
      if (at >= 0) openForms.splice(at, 1);
    };
  }, []);

  // Escape asks 'Discard changes?' and leaves; Ctrl+S saves. Only the top-most form acts:
  // a dialog's form over a route form saves alone. Registered as the form is drawn (a layout
  // effect), so a key pressed as soon as the screen shows is answered: a passive effect could run
  // after it, and on a loaded CI machine an Escape on a new designer went unanswered.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const form = formRef.current;
      if (!form || !isTopForm(form, e.target)) return;
      if (e.key === 'Escape' || e.keyCode === 27) {
        if (e.defaultPrevented) return; // taken already (a designer's drag cancelled by it)
        e.preventDefault();
        if (designer && !isFormDirty(store)) leave();
        else if (window.confirm('Discard changes?')) {
          // Asked already: the leave guard need not ask again. A designer keeps the work as a draft.
          markFormDropped(store);
          leave();
        }
      } else if ((e.ctrlKey || e.metaKey) && (e.key === 's' || e.key === 'S' || e.keyCode === 83)) {
        e.preventDefault();
        if (mode !== 'delete') void save(false, designer);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [leave, save, mode, store, designer]);
}
