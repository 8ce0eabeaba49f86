import type { ReactNode } from 'react';
import type { PropertyEditor } from '../../../shared/plugin-hints';

/** What every property editor receives from the panel; the callbacks are stable across renders. */
export interface EditorProps {
  editor: PropertyEditor;
  /** The control's DOM id; the label, the error and any list hang off it. */
  id: string;
  /** The property's current value (undefined when the object leaves it out). */
  value: unknown;
  /** True while the editor's `enabledBy` switch is off. */
  disabled: boolean;
  error?: string;
  onChange(property: string, value: unknown, merge?: string): void;
  onCommit(): void;
}

/** The merge key that folds a burst of typing in one property into one undo step. */
export function typingKey(property: string): string {
  return `prop:${property}`;
}

export function errorId(id: string): string {
  return `${id}-error`;
}

/** Ties a control to its error text, so a screen reader reads the message with the control. */
export function errorAria(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : {};
}

/** Label above, control, then the error under it: the frame every non-switch editor shares. */
export function EditorFrame({ id, label, error, aside, children }: { id: string; label: string; error?: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <div className="dz-prop mb-2">
      <label htmlFor={id} className="form-label dz-prop-label mb-1">
        {label}
        {aside}
      </label>
      {children}
      <EditorError id={id} error={error} />
    </div>
  );
}

export function EditorError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <div id={errorId(id)} className="invalid-feedback d-block dz-prop-error">
      {error}
    </div>
  );
}

export function asText(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}
