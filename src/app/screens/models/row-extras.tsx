import { useState, type ReactNode } from 'react';
import type { ModelOverview } from '../../../shared/api-types';
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

export const MODEL_ROW_EXTRAS: ModelRowExtra[] = [
  { key: 'generate', render: (model, reload) => (model.system ? null : <GenerateScreensButton model={model} reload={reload} />) },
];
