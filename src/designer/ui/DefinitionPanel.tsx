import { useState } from 'react';
import { useDesigner } from './context';

/** The definition as JSON text, collapsed by default, 50vh high, following every edit. */
export function DefinitionPanel({ idPrefix }: { idPrefix: string }) {
  const [open, setOpen] = useState(false);
  const bodyId = `${idPrefix}-definition`;
  return (
    <section className="dz-definition">
      <button type="button" className="btn btn-sm btn-outline-secondary" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
        Definition
      </button>
      {open ? <DefinitionText id={bodyId} /> : <div id={bodyId} hidden />}
    </section>
  );
}

function DefinitionText({ id }: { id: string }) {
  const doc = useDesigner((s) => s.doc);
  return (
    <pre id={id} className="dz-definition-text" tabIndex={0} aria-label="Definition JSON">
      {JSON.stringify(doc, null, 2)}
    </pre>
  );
}
