import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { putDraft, takeDraft } from '../../client/app/drafts';
import { HistoryPanel } from '../../client/app/HistoryPanel';
import { useRecord } from '../../client/runtime/RuntimeContext';
import type { Designer as PaletteOf } from '../../core/plugin-hints';
import type { DesignerKind } from '../actions';
import { createDesignerStore } from '../store';
import type { Doc } from './context';
import { Designer } from './Designer';

/** Keys a form keeps for itself: never designer edits. */
const SERVER_KEYS = new Set(['id', 'version']);

/** The record as a designer document: lists where the schema has lists, a form's model defaulting to User (spec 3.1). */
function startingDocument(kind: DesignerKind, values: Doc): Doc {
  const doc = structuredClone(values);
  if (!Array.isArray(doc.definition)) doc.definition = [];
  if ((kind === 'form' || kind === 'page' || kind === 'menu' || kind === 'grid') && !Array.isArray(doc.actions)) doc.actions = [];
  if ((kind === 'form' || kind === 'grid') && (typeof doc.model !== 'string' || doc.model === '')) doc.model = 'User';
  if (kind === 'grid') for (const list of ['rowactions', 'filters', 'sorts']) if (!Array.isArray(doc[list])) doc[list] = [];
  return doc;
}

/**
 * A designer inside the form that edits a definition record (spec 2.1: /formdesigner/edit/:id
 * shows the 'form' form, whose FormDesigner column is this). The designer's document is the
 * record itself (a definition's top-level properties are its record fields), so the form's Save
 * sends what the designer holds, version included, and a stale version answers 409. Edits flow
 * both ways: a designer edit writes the changed fields into the form; a field the form edits
 * itself (its Name input) becomes a designer edit, so undo covers it too.
 */
export function DesignerColumn({
  kind,
  palette,
  idPrefix,
  title,
}: {
  kind: DesignerKind;
  palette?: PaletteOf;
  idPrefix: string;
  title: string;
}) {
  const record = useRecord();
  const [store] = useState(() => createDesignerStore<Doc>(kind, startingDocument(kind, record.read())));

  useEffect(() => {
    // A new record starts with what the designer filled in (empty lists, the default model). A
    // stored one is left as it is: opened and saved without edits it stays byte for byte what the
    // raw editor saved (the lists the designer adds for itself are written only once edited).
    const start = store.getState().doc;
    if (!record.read().id) for (const [key, value] of Object.entries(start)) if (record.read()[key] !== value && !SERVER_KEYS.has(key)) record.write(key, value);
    // Designer -> form: each changed top-level property.
    const stop = store.subscribe((state, prev) => {
      if (state.doc === prev.doc) return;
      for (const key of new Set([...Object.keys(state.doc), ...Object.keys(prev.doc)])) {
        if (!SERVER_KEYS.has(key) && state.doc[key] !== prev.doc[key]) record.write(key, state.doc[key]);
      }
    });
    // Form -> designer: fields the form edits itself.
    const keys = Object.keys(record.read()).filter((k) => !SERVER_KEYS.has(k));
    const unsubscribers = keys.map((key) =>
      record.subscribe(key, () => {
        const value = record.read()[key];
        if (store.getState().doc[key] !== value) store.getState().dispatch({ type: 'set', path: [key], value }, { merge: `form:${key}` });
      }),
    );
    // Unsaved edits brought over from the raw editor: one undoable step, so the designer is dirty.
    const stored = record.read();
    const draft = typeof stored.id === 'string' ? takeDraft(kind, stored.id) : undefined;
    if (draft) store.getState().dispatch({ type: 'replace', document: startingDocument(kind, { ...draft, id: stored.id, version: stored.version }) });
    return () => {
      stop();
      for (const off of unsubscribers) off();
    };
  }, [store, record, kind]);

  const id = record.read().id;
  const version = useSyncExternalStore(
    useCallback((listener: () => void) => record.subscribe('version', listener), [record]),
    () => record.read().version,
  );
  // A restore saves a version as the new one: the designer and the form take it as stored.
  const onRestored = (saved: Doc) => {
    const doc = startingDocument(kind, saved);
    store.getState().load(doc);
    record.reload({ ...store.getState().doc, id: saved.id, version: saved.version });
  };
  const history =
    typeof id === 'string' && id !== '' && typeof version === 'number' ? (
      <HistoryPanel kind={kind} id={id} version={version} idPrefix={idPrefix} dirty={() => store.getState().isDirty()} onRestored={onRestored} />
    ) : null;
  // Switching to the raw editor keeps unsaved edits: they travel as a draft, so leaving here
  // needs no 'Discard changes?' (the form is marked as having nothing to lose).
  const toRaw =
    typeof id === 'string' && id !== '' ? (
      <Link
        className="btn btn-sm btn-outline-secondary"
        to={`/${kind}designerraw/edit/${id}`}
        onClick={() => {
          if (store.getState().isDirty()) putDraft(kind, id, store.getState().doc);
          record.reload(record.read());
        }}
      >
        Edit JSON
      </Link>
    ) : null;
  return (
    <Designer
      store={store}
      palette={palette}
      idPrefix={idPrefix}
      title={title}
      history={
        <>
          {toRaw ? <div className="mt-2">{toRaw}</div> : null}
          {history}
        </>
      }
    />
  );
}
