import { useState } from 'react';
import { ActionIcon } from '../../ui/ActionLinks';
import { ImportDialog } from './ImportDialog';

interface Props {
  /** The grid's model: the rows go into it. */
  model: string;
  /** Called after an import ran, so the grid reads its rows again. */
  onImported(): void;
}

/** The toolbar's Import (administrators): the import dialog for the grid's model. */
export function GridImport({ model, onImported }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline-secondary btn-sm grid-import" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <ActionIcon name="upload" /> Import
      </button>
      {open ? (
        <ImportDialog
          model={model}
          onClose={(imported) => {
            setOpen(false);
            if (imported) onImported();
          }}
        />
      ) : null}
    </>
  );
}
