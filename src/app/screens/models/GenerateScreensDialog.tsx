/**
 * "Generate screens" for a model (docs/api.md, "Generating screens from a model"): says what the
 * server will make under which names (a preview that writes nothing), lets the admin put a card on
 * a menu or not, generates, then links to the new grid and form and offers Undo.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { api, succeeded } from '../../../runtime/api/http';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LinkTo } from '../../../ui/ActionLinks';
import { Modal } from '../../../ui/Modal';

export interface GenerateScreensDialogProps {
  model: { id: string; name: string; title?: string };
  onClose(): void;
}

type Kind = 'form' | 'grid' | 'select';

interface Generation {
  /** `reference`: a grid of the records referring to one record, by that reference field. */
  created: { kind: Kind; id: string | null; name: string; reference?: string }[];
  /** The menu that gets a card, and the forms of the models referred to that get such grids. */
  changed: { kind: 'menu' | 'form'; id: string; name: string; version: number }[];
}

interface MenuListed {
  id: string;
  name: string;
  title: string;
}

const WHAT: Record<Kind, string> = {
  form: 'a form with a field for each of the model\u2019s fields',
  grid: 'a list of its records, with New and Edit',
  select: 'a lookup list for a reference',
};

const KIND_LABEL: Record<Kind, string> = { form: 'Form', grid: 'Grid', select: 'Lookup list' };

function nameOf(generation: Generation | null, kind: Kind): string | undefined {
  return generation?.created.find((c) => c.kind === kind && !c.reference)?.name;
}

/** What a grid of referring records is, in words. */
function referringWords(reference: string): string {
  return `the records whose ${reference} is the record a form shows, with New preset to it`;
}

export function GenerateScreensDialog({ model, onClose }: GenerateScreensDialogProps) {
  const id = useId();
  const title = model.title || model.name;
  const base = `/api/definitions/model/${encodeURIComponent(model.id)}/screens`;
  const [menus, setMenus] = useState<MenuListed[] | null>(null);
  const [menu, setMenu] = useState('');
  const [preview, setPreview] = useState<Generation | null>(null);
  const [previewError, setPreviewError] = useState('');
  const [done, setDone] = useState<Generation | null>(null);
  const [undone, setUndone] = useState(false);
  const [busy, setBusy] = useState<'' | 'generating' | 'undoing'>('');
  const [error, setError] = useState('');
  const resultRef = useRef<HTMLHeadingElement>(null);
  const undoneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let live = true;
    void api<MenuListed[]>('GET', '/api/definitions/menu').then((answer) => {
      if (!live) return;
      if (answer.ok && Array.isArray(answer.data)) setMenus(answer.data);
      else {
        setMenus([]);
        setError(`The menus could not be listed: ${answer.error}`);
      }
    });
    return () => {
      live = false;
    };
  }, []);

  // What would be made, asked again whenever the menu changes; an older answer never overwrites a newer one.
  useEffect(() => {
    if (done) return;
    let live = true;
    setPreviewError('');
    void api<Generation>('POST', base, { menu: menu || null, preview: true }).then((answer) => {
      if (!live) return;
      if (answer.ok && answer.data) setPreview(answer.data);
      else {
        setPreview(null);
        setPreviewError(answer.error);
      }
    });
    return () => {
      live = false;
    };
  }, [base, menu, done]);

  useEffect(() => {
    if (done && !undone) resultRef.current?.focus();
  }, [done, undone]);
  useEffect(() => {
    if (undone) undoneRef.current?.focus();
  }, [undone]);

  const generate = async () => {
    setBusy('generating');
    setError('');
    try {
      const answer = await api<Generation>('POST', base, { menu: menu || null });
      // The server answers 201 Created.
      if (succeeded(answer) && answer.data) setDone(answer.data);
      else setError(`Nothing was made: ${answer.error}`);
    } finally {
      setBusy('');
    }
  };

  const undo = async () => {
    if (!done) return;
    setBusy('undoing');
    setError('');
    try {
      const body = {
        created: done.created.map(({ kind, id: defId, name }) => ({ kind, id: defId, name })),
        changed: done.changed,
      };
      const answer = await api('POST', `${base}/undo`, body);
      if (answer.ok) setUndone(true);
      else setError(`Nothing was undone: ${answer.error}`);
    } finally {
      setBusy('');
    }
  };

  const form = nameOf(done, 'form');
  const grid = nameOf(done, 'grid');
  const menuName = done?.changed.find((c) => c.kind === 'menu')?.name;
  const changedForms = done?.changed.filter((c) => c.kind === 'form').map((c) => c.name) ?? [];

  const footer = done ? (
    <>
      {!undone ? (
        <button type="button" className="btn btn-outline-danger me-auto" disabled={busy !== ''} onClick={() => void undo()}>
          {busy === 'undoing' ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
          Undo
        </button>
      ) : null}
      <button type="button" className="btn btn-primary" onClick={onClose}>
        Close
      </button>
    </>
  ) : (
    <>
      <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
        Cancel
      </button>
      <button type="button" className="btn btn-primary" disabled={busy !== '' || preview === null || menus === null} onClick={() => void generate()}>
        {busy === 'generating' ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
        Generate
      </button>
    </>
  );

  return (
    <Modal id="generate-screens" title={`Generate screens for ${title}`} icon="magic" size="md" onClose={onClose} footer={footer}>
      <ErrorBanner message={error} />
      {!done ? (
        <>
          <p>Tessera will make these definitions for the model {model.name}, in one step that can be undone:</p>
          {preview ? (
            <ul aria-label="What will be made">
              {preview.created.map((c) => (
                <li key={`${c.kind}-${c.name}`}>
                  {KIND_LABEL[c.kind]} <code>{c.name}</code>: {c.reference ? referringWords(c.reference) : WHAT[c.kind]}
                </li>
              ))}
              {preview.changed.map((m) =>
                m.kind === 'form' ? (
                  <li key={`form-${m.name}`}>
                    The form <code>{m.name}</code> gets such a list at its end
                  </li>
                ) : (
                  <li key={`menu-${m.name}`}>
                    A card on the menu <code>{m.name}</code> opening the list
                  </li>
                ),
              )}
            </ul>
          ) : previewError ? (
            <ErrorBanner message={`These screens cannot be made: ${previewError}`} />
          ) : (
            <p role="status">Working out the names…</p>
          )}
          <div className="mb-2">
            <label className="form-label" htmlFor={`${id}-menu`}>
              Add a card to the menu
            </label>
            <select
              id={`${id}-menu`}
              className="form-select"
              value={menu}
              disabled={menus === null || busy !== ''}
              aria-describedby={`${id}-menu-help`}
              onChange={(e) => setMenu(e.target.value)}
            >
              <option value="">No card</option>
              {(menus ?? []).map((m) => (
                <option key={m.id} value={m.name}>
                  {m.title ? `${m.title} (${m.name})` : m.name}
                </option>
              ))}
            </select>
            <div id={`${id}-menu-help`} className="form-text">
              A Work Flow menu that gets a card opening the new list.
            </div>
          </div>
          <p className="small text-body-secondary mb-0">Only administrators can open the new screens until you grant them to groups.</p>
        </>
      ) : undone ? (
        <p ref={undoneRef} tabIndex={-1} role="status">
          Undone: the generated definitions were deleted{menuName ? ` and the menu ${menuName} was restored` : ''}
          {changedForms.length === 1 ? `; the form ${changedForms[0]} was restored` : changedForms.length ? `; the forms ${changedForms.join(', ')} were restored` : ''}.
        </p>
      ) : (
        <>
          <h3 ref={resultRef} tabIndex={-1} className="h6">
            Made {done.created.length} definitions{menuName ? ` and a card on the menu ${menuName}` : ''}
          </h3>
          <ul className="list-unstyled" aria-label="The new screens">
            {grid ? (
              <li className="d-flex align-items-center gap-2 mb-2">
                <span className="me-auto">
                  Grid <code>{grid}</code>
                </span>
                <LinkTo url={`/grid/${grid}`} className="btn btn-sm btn-outline-primary" title={`Open the grid ${grid}`}>
                  Open
                  <span className="visually-hidden"> the grid {grid}</span>
                </LinkTo>
                <LinkTo url={`/griddesigner/edit/${grid}`} className="btn btn-sm btn-outline-secondary" title={`Design the grid ${grid}`}>
                  Design
                  <span className="visually-hidden"> the grid {grid}</span>
                </LinkTo>
              </li>
            ) : null}
            {form ? (
              <li className="d-flex align-items-center gap-2 mb-2">
                <span className="me-auto">
                  Form <code>{form}</code>
                </span>
                <LinkTo url={`/form/${form}/add/0`} className="btn btn-sm btn-outline-primary" title={`Open the form ${form}`}>
                  Open
                  <span className="visually-hidden"> the form {form}</span>
                </LinkTo>
                <LinkTo url={`/formdesigner/edit/${form}`} className="btn btn-sm btn-outline-secondary" title={`Design the form ${form}`}>
                  Design
                  <span className="visually-hidden"> the form {form}</span>
                </LinkTo>
              </li>
            ) : null}
            {done.created
              .filter((c) => c.reference)
              .map((c) => (
                <li key={c.name} className="mb-2">
                  Grid <code>{c.name}</code>: {referringWords(c.reference ?? '')}
                </li>
              ))}
            {changedForms.map((name) => (
              <li key={`form-${name}`} className="mb-2">
                The form <code>{name}</code> shows the records referring to its record
              </li>
            ))}
            {done.created
              .filter((c) => c.kind === 'select')
              .map((c) => (
                <li key={c.name} className="mb-2">
                  Lookup list <code>{c.name}</code>
                </li>
              ))}
          </ul>
          <p className="small text-body-secondary mb-0">Undo deletes them and restores the menu and forms, as long as none of them was changed since.</p>
        </>
      )}
    </Modal>
  );
}
