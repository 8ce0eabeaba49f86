import type { ReactNode } from 'react';
import type { FieldCommon } from '../generated/definitions';

/**
 * The label, hint and error around a field control. The label is always tied to the control
 * (htmlFor); when the definition hides it (showlabelchecked false) it stays for screen readers.
 * It has the id `{id}-label`, so controls that are not labelable elements (contenteditable,
 * CodeMirror) can name themselves with aria-labelledby.
 */
export function FieldFrame({
  column,
  id,
  error,
  invalid,
  children,
  check = false,
}: {
  column: FieldCommon;
  id: string;
  error: string;
  invalid: boolean;
  children: ReactNode;
  /** Checkbox layout: the control before its label. */
  check?: boolean;
}) {
  const label = column.label || column.name || '';
  const labelClass = check ? 'form-check-label' : column.showlabelchecked === false ? 'visually-hidden' : 'form-label';
  // Outside the label, so the field's accessible name is exactly its label.
  const required = column.required ? <span className="text-danger ms-1" aria-hidden="true">*</span> : null;
  const hint = column.showhintchecked && column.hint ? <div id={`${id}-hint`} className="form-text">{column.hint}</div> : null;
  const feedback = invalid && error ? <div id={`${id}-error`} className="invalid-feedback d-block">{error}</div> : null;
  if (check) {
    return (
      <div className="form-check mt-2">
        {children}
        <label className={labelClass} htmlFor={id} id={`${id}-label`}>
          {label}
        </label>
        {required}
        {hint}
        {feedback}
      </div>
    );
  }
  return (
    <div className="mb-1">
      <label className={labelClass} htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {required}
      {children}
      {hint}
      {feedback}
    </div>
  );
}

/** aria attributes a control carries so its hint and error are announced. */
export function describedBy(column: FieldCommon, id: string, invalid: boolean, error: string): string | undefined {
  const parts = [column.showhintchecked && column.hint ? `${id}-hint` : '', invalid && error ? `${id}-error` : ''].filter(Boolean);
  return parts.length ? parts.join(' ') : undefined;
}
