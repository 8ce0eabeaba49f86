import type { ReactNode } from 'react';
import type { FormDefinition } from '../../../generated/definitions';
import { RowsView } from '../../../runtime/Interpreter';
import { RuntimeContext, type Runtime } from '../../../runtime/RuntimeContext';

/**
 * The body of a dialogue drawn from a form definition (Settings, Change My Password): its
 * banners, the definition's rows through the runtime, and a footer with Cancel and Save
 * (Enter submits). `actions` are extra buttons at the footer's start.
 */
export function DialogForm(props: {
  label: string;
  runtime: Runtime;
  rows: FormDefinition['definition'];
  banners: ReactNode;
  busy: boolean;
  onSave: () => void;
  onCancel: () => void;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <RuntimeContext.Provider value={props.runtime}>
      <form
        noValidate
        aria-label={props.label}
        onSubmit={(e) => {
          e.preventDefault();
          props.onSave();
        }}
      >
        {props.banners}
        {props.children}
        <RowsView rows={props.rows} />
        <div className="d-flex flex-wrap justify-content-end gap-2">
          {props.actions}
          <button type="button" className="btn btn-outline-secondary" onClick={props.onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={props.busy}>
            Save
          </button>
        </div>
      </form>
    </RuntimeContext.Provider>
  );
}
