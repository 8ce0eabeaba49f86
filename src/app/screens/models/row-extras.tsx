import { useState, type ReactNode } from 'react';
import type { ModelOverview } from '../../../shared/api-types';
import { ImportDialog } from '../../../runtime/views/ImportDialog';
import { GenerateScreensDialog } from './GenerateScreensDialog';

/** Buttons the /models list shows in each row after Design, Edit JSON and Delete. */
export interface ModelRowExtra {
  key: string;
  /** The button (or link) for `model`; `reload` reads the list again after a change. */
  render(model: ModelOverview, reload: () => void): ReactNode;
}

/** 'Generate screens': a form, a grid (and a card on a chosen work flow) made from the model, undoable as one. */
function GenerateScreensButton({ model, reload }: { model: ModelOverview; reload(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setOpen(true)}>
        Generate screens
      </button>
      {open ? (
        <GenerateScreensDialog
          model={model}
          onClose={() => {
            setOpen(false);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

/** 'Import': rows from a CSV or XLSX file into the model, with the grid's own dialog; the row count is read again after. */
function ImportButton({ model, reload }: { model: ModelOverview; reload(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline-secondary btn-sm" aria-haspopup="dialog" aria-label={`Import into ${model.name}`} onClick={() => setOpen(true)}>
        Import
      </button>
      {open ? (
        <ImportDialog
          model={model.name}
          title={model.title || model.name}
          onClose={(imported) => {
            setOpen(false);
            if (imported) reload();
          }}
        />
      ) : null}
    </>
  );
}

export const MODEL_ROW_EXTRAS: ModelRowExtra[] = [
  // Own models only (the built-in ones hold users and definitions, which their own screens edit), and not one whose table cannot be read.
  { key: 'import', render: (model, reload) => (model.system || model.problem ? null : <ImportButton model={model} reload={reload} />) },
  { key: 'generate', render: (model, reload) => (model.system ? null : <GenerateScreensButton model={model} reload={reload} />) },
];
