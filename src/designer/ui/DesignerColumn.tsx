import { useCallback, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { draftWriter, dropKeptDraft, keepDraft, keptDraft, putDraft, takeDraft, type KeptDraft } from '../drafts';
import { DraftBanner } from './DraftBanner';
import { HistoryPanel } from '../history/HistoryPanel';
import type { ValueOwner } from '../../runtime/form-store';
import { useRecord } from '../../runtime/RuntimeContext';
import type { DesignerColumnProps } from '../../runtime/host';
import { DesignerServicesProvider, type DesignerServices } from '../services';
import { createDesignerStore } from '../store';
import type { Doc } from './context';
import { Designer } from './Designer';
import type { DesignerKind } from '../actions';
import { ChangePlanDialog } from '../models/ChangePlanDialog';
import { FieldOrigins } from '../models/field-origins';
import { submitModel } from '../models/model-submit';
import type { ChangePlan } from '../../shared/model-change-plan';

/** A model document's fields (none while it has no list). */
function fieldsOf(doc: Doc): { name: string }[] {
  return Array.isArray(doc.fields) ? (doc.fields as { name: string }[]) : [];
}

/** Keys a form keeps for itself: never designer edits. */
const SERVER_KEYS = new Set(['id', 'version']);

/** The record as a designer document: lists where the schema has lists, a form's model defaulting to User (as schemas/form.json says). */
function startingDocument(kind: DesignerKind, values: Doc): Doc {
  const doc = structuredClone(values);
  if (kind === 'model') {
    if (!Array.isArray(doc.fields)) doc.fields = [];
    return doc;
  }
  if (!Array.isArray(doc.definition)) doc.definition = [];
  if ((kind === 'form' || kind === 'page' || kind === 'menu' || kind === 'grid') && !Array.isArray(doc.actions)) doc.actions = [];
  if ((kind === 'form' || kind === 'grid') && (typeof doc.model !== 'string' || doc.model === '')) doc.model = 'User';
  if (kind === 'grid') for (const list of ['rowactions', 'filters', 'sorts']) if (!Array.isArray(doc[list])) doc[list] = [];
  // A new grid hides Clear grid (it deletes every row) until its admin turns it on.
  if (kind === 'grid' && !values.id && doc.hideClear === undefined) doc.hideClear = true;
  return doc;
}

/** A document as a kept draft holds it: the raw editor's text of it (no id or version), so both editors' drafts compare alike. */
function draftTextOf(doc: Doc): string {
  const { id: _id, version: _version, ...rest } = doc;
  return `${JSON.stringify(rest, null, 2)}\n`;
}

/** A kept draft's document, when its text is a JSON object (a raw editor's draft may not parse). */
function draftDoc(draft: KeptDraft): Doc | undefined {
  try {
    const value: unknown = JSON.parse(draft.text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Doc) : undefined;
  } catch {
    return undefined;
  }
}

/** The key the designer draws on its canvas (a model's fields, every other kind's definition): the form's column for it is this designer, so it is never shown back. */
const drawnKey = (kind: DesignerKind) => (kind === 'model' ? 'fields' : 'definition');

/** What the designer's document was started from, so an unedited key is saved as the record had it. */
interface Origin {
  /** A stored record (it has an id): unedited keys keep the record's own values, absent ones stay absent. */
  stored: boolean;
  /** The record's values when the document was started (a copy: the form's values change in place). */
  record: Doc;
  /** The document the designer started with (immer keeps an unedited key's value the same object). */
  start: Doc;
}

/**
 * A designer inside the form that edits a definition record (/formdesigner/edit/:id
 * shows the 'form' form, whose FormDesigner column is this). The designer's document is the
 * record itself (a definition's top-level properties are its record fields), and the designer's
 * store is its one owner: the column holds every field of the record but the id and version
 * for the form (a ValueOwner), so the form's Save reads the document from it, its dirty flag is
 * the designer's history position, and nothing is copied into the form on each edit. A field
 * the form shows itself (its Name input) is a designer edit, so undo covers it too, and what the
 * designer does to such a field (an undo, the Title in the panel) is shown back in it.
 *
 * The designer imports neither the API client nor the plugin registry: `services` brings both.
 * The app binds them (src/app/host.tsx) in the component it hands the designer columns.
 */
export function DesignerColumn({ kind, palette, idPrefix, title, services }: DesignerColumnProps & { services: DesignerServices }) {
  const record = useRecord();
  const [held] = useState(() => {
    const values = record.read();
    const store = createDesignerStore<Doc>(kind, startingDocument(kind, values));
    const origin: Origin = { stored: Boolean(values.id), record: { ...values }, start: store.getState().doc };
    // A model's fields are known by name: the designer follows which stored field each one was, so a rename keeps its data.
    const origins = kind === 'model' ? new FieldOrigins(fieldsOf(store.getState().doc)) : null;
    if (origins) store.subscribe((state, prev) => origins.follow(fieldsOf(prev.doc), fieldsOf(state.doc)));
    return { store, origin, origins };
  });
  /** A model change shown before it is applied: the plan, and the answer the save waits for. */
  const [asking, setAsking] = useState<{ plan: ChangePlan; answer(convert: Record<string, 'clear'> | null): void } | null>(null);
  const store = held.store;
  /** Work kept from an earlier visit that differs from what opened, offered until answered. */
  const [offer, setOffer] = useState<{ draft: KeptDraft; doc: Doc } | null>(null);

  // A layout effect: it runs as the designer is drawn, before any click can reach it, so no
  // early edit goes unseen by the draft writer (a passive effect can run after the first click).
  useLayoutEffect(() => {
    // Unsaved work is kept as a draft (drafts.ts), under the definition's id or 'new'.
    const draftId = () => {
      const id = record.read().id;
      return typeof id === 'string' ? id : '';
    };
    const writer = draftWriter(() => {
      const state = store.getState();
      const version = record.read().version;
      if (state.isDirty()) keepDraft(kind, draftId(), draftTextOf(state.doc), typeof version === 'number' ? version : 0);
    });
    const owner: ValueOwner = {
      owns: (field) => !SERVER_KEYS.has(field),
      values: () => {
        // A new record is saved with what the designer filled in (empty lists, the default
        // model). A stored one keeps its unedited keys as they were: opened and saved without
        // edits it stays byte for byte what the raw editor saved (the lists the designer adds
        // for itself are written only once edited).
        const { doc } = store.getState();
        const { stored, record: loaded, start } = held.origin;
        const out: Doc = {};
        for (const key of new Set([...Object.keys(start), ...Object.keys(doc)])) {
          if (SERVER_KEYS.has(key)) continue;
          if (stored && doc[key] === start[key]) {
            if (key in loaded) out[key] = loaded[key];
          } else out[key] = doc[key];
        }
        return out;
      },
      dirty: () => store.getState().isDirty(),
      saved: () => {
        writer.cancel();
        dropKeptDraft(kind, draftId());
        store.getState().markSaved();
      },
      // 'Discard changes?' answered OK: the work is kept as a draft, offered when this opens again.
      dropped: () => {
        writer.flush();
        store.getState().markSaved();
      },
      edited: (field, value) => {
        if (store.getState().doc[field] !== value) store.getState().dispatch({ type: 'set', path: [field], value }, { merge: `form:${field}` });
      },
      ...(held.origins
        ? {
            submit: async (values: Doc, id: string | null) => {
              const origins = held.origins as FieldOrigins;
              const fields = fieldsOf(store.getState().doc);
              const ask = (plan: ChangePlan) => new Promise<Record<string, 'clear'> | null>((answer) => setAsking({ plan, answer }));
              const answer = await submitModel(services.api, values, id, id === null ? {} : origins.renames(fields), ask);
              setAsking(null);
              if (answer.ok) origins.reset(fields);
              return answer;
            },
          }
        : {}),
    };
    const disown = record.own(owner);
    // The form's own fields show what the designer does to their keys (an undo of a Name edit).
    const stop = store.subscribe((state, prev) => {
      if (state.doc === prev.doc) return;
      if (state.isDirty()) writer.schedule();
      else {
        // Back at what was saved (undone): nothing to keep.
        writer.cancel();
        dropKeptDraft(kind, draftId());
      }
      for (const key of new Set([...Object.keys(state.doc), ...Object.keys(prev.doc)])) {
        const value = state.doc[key];
        if (!SERVER_KEYS.has(key) && key !== drawnKey(kind) && value !== prev.doc[key] && record.read()[key] !== value) record.show(key, value);
      }
    });
    // Unsaved edits brought over from the raw editor: one undoable step, so the designer is dirty.
    const stored = record.read();
    const draft = typeof stored.id === 'string' ? takeDraft(kind, stored.id) : undefined;
    if (draft) store.getState().dispatch({ type: 'replace', document: startingDocument(kind, { ...draft, id: stored.id, version: stored.version }) });
    // Work kept from an earlier visit, when it is not what opened.
    const kept = keptDraft(kind, draftId());
    const keptDoc = kept && draftDoc(kept);
    if (kept && keptDoc && kept.text !== draftTextOf(store.getState().doc)) setOffer({ draft: kept, doc: keptDoc });
    // Closing the tab or leaving by a link writes what is pending at once.
    const flush = () => writer.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      writer.flush();
      stop();
      disown();
    };
  }, [store, held, record, kind, services.api]);

  const id = record.read().id;
  const version = useSyncExternalStore(
    useCallback((listener: () => void) => record.subscribe('version', listener), [record]),
    () => record.read().version,
  );
  // A restore saves a version as the new one: the designer and the form take it as stored.
  const onRestored = (saved: Doc) => {
    store.getState().load(startingDocument(kind, saved));
    held.origins?.reset(fieldsOf(store.getState().doc));
    held.origin = { stored: true, record: { ...saved }, start: store.getState().doc };
    record.reload({ ...saved });
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
          store.getState().markSaved();
          record.reload(record.read());
        }}
      >
        Edit JSON
      </Link>
    ) : null;
  // Restored as one undoable step over what opened (Undo goes back to the stored definition).
  const restore = () => {
    if (!offer) return;
    const stored = record.read();
    store.getState().dispatch({ type: 'replace', document: startingDocument(kind, { ...offer.doc, id: stored.id, version: stored.version }) });
    setOffer(null);
  };
  const discard = () => {
    dropKeptDraft(kind, typeof id === 'string' ? id : '');
    setOffer(null);
  };
  return (
    <DesignerServicesProvider value={services}>
      {offer ? (
        <DraftBanner noun={kind === 'menu' ? 'work flow' : kind} draft={offer.draft} version={typeof version === 'number' ? version : 0} onRestore={restore} onDiscard={discard} />
      ) : null}
      {asking ? (
        <ChangePlanDialog
          model={String(record.read().name ?? '')}
          plan={asking.plan}
          busy={false}
          onApply={(convert) => asking.answer(convert)}
          onCancel={() => {
            asking.answer(null);
            setAsking(null);
          }}
        />
      ) : null}
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
    </DesignerServicesProvider>
  );
}
