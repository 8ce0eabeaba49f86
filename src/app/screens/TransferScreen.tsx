import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { api } from '../../runtime/api/http';
import { DiffTable } from '../../designer/history/DiffTable';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Loading } from '../../ui/Loading';
import { PageHead } from '../../runtime/views/PageHead';
import '../../designer/history/history.css';
import { APP_REQUEST_HEADER } from '../../shared/app-request';

export const TRANSFER_KINDS = ['form', 'grid', 'page', 'menu', 'select', 'model'] as const;
type Kind = (typeof TRANSFER_KINDS)[number];

const KIND_LABELS: Record<Kind, string> = { form: 'Forms', grid: 'Grids', page: 'Pages', menu: 'Menus', select: 'Selects', model: 'Models' };

interface Listed {
  id: string;
  name: string;
  title: string;
}

export interface DiffRow {
  op: 'add' | 'remove' | 'change';
  pointer: string;
  before?: unknown;
  after?: unknown;
}

export interface Change {
  kind: string;
  name: string;
  status: 'new' | 'changed' | 'unchanged';
  diff?: DiffRow[];
}

interface Refusal {
  error: string;
  details: { pointer: string; message: string }[];
}

const FILE_NAME = 'tessera-app.json';
/** A chosen file's text (FileReader: what every browser, and jsdom, has). */
function readText(file: Blob): Promise<string> {
  return new Promise((ok, fail) => {
    const reader = new FileReader();
    reader.onload = () => ok(String(reader.result ?? ''));
    reader.onerror = () => fail(reader.error ?? new Error('The file cannot be read'));
    reader.readAsText(file);
  });
}

const RANK: Record<Change['status'], number> = { new: 0, changed: 1, unchanged: 2 };

const count = (changes: Change[], status: Change['status']) => changes.filter((c) => c.status === status).length;

/** `/transfer` (admins, issue 8): an app's definitions out as one file, and a file previewed and imported. */
export function TransferScreen() {
  return (
    <section aria-labelledby="transfer-title">
      <PageHead title="Export and import" description="An app's definitions out as one file, and back in" />
      <h1 id="transfer-title" className="h4">
        Export and import
      </h1>
      <p className="text-body-secondary">
        An app's definitions (forms, grids, pages, menus, selects and the models they use) travel between instances as one JSON file.
        Records never travel.
      </p>
      <div className="row g-3">
        <div className="col-lg-5">
          <ExportPart />
        </div>
        <div className="col-lg-7">
          <ImportPart />
        </div>
      </div>
    </section>
  );
}

function ExportPart() {
  const [whole, setWhole] = useState(true);
  const [lists, setLists] = useState<Partial<Record<Kind, Listed[]>> | null>(null);
  const [listError, setListError] = useState('');
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const id = useId();

  // The lists load when a set is first asked for; the whole app needs none of them.
  useEffect(() => {
    if (whole || lists) return;
    let live = true;
    void Promise.all(TRANSFER_KINDS.map((kind) => api<Listed[]>('GET', `/api/definitions/${kind}`))).then((answers) => {
      if (!live) return;
      const failed = answers.find((a) => !a.ok);
      if (failed) setListError(failed.error);
      setLists(Object.fromEntries(TRANSFER_KINDS.map((kind, i) => [kind, answers[i]?.data ?? []])));
    });
    return () => {
      live = false;
    };
  }, [whole, lists]);

  const key = (kind: Kind, name: string) => `${kind}:${name}`;
  const selection = () => {
    const out: Partial<Record<Kind, string[]>> = {};
    for (const kind of TRANSFER_KINDS) {
      const names = (lists?.[kind] ?? []).filter((d) => chosen[key(kind, d.name)]).map((d) => d.name);
      if (names.length) out[kind] = names;
    }
    return out;
  };
  const chosenCount = Object.values(chosen).filter(Boolean).length;

  const download = async () => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      const res = await fetch('/api/app/export', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': APP_REQUEST_HEADER },
        body: JSON.stringify(whole ? {} : { definitions: selection() }),
      });
      const body = await res.text();
      if (res.status !== 200) {
        let message = `Request failed with status ${res.status}`;
        try {
          const parsed = JSON.parse(body) as { error?: unknown };
          if (typeof parsed.error === 'string' && parsed.error) message = parsed.error;
        } catch {
          // not JSON: the generic line
        }
        setError(message);
        return;
      }
      const url = URL.createObjectURL(new Blob([body], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = FILE_NAME;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      setDone(`Saved ${FILE_NAME}`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card shadow-sm" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="h5">
          Export
        </h2>
        <fieldset className="mb-2">
          <legend className="form-label fs-6">What to export</legend>
          <div className="form-check">
            <input className="form-check-input" type="radio" id={`${id}-whole`} name={`${id}-what`} checked={whole} onChange={() => {
                setWhole(true);
                setDone('');
              }} />
            <label className="form-check-label" htmlFor={`${id}-whole`}>
              The whole app
            </label>
          </div>
          <div className="form-check">
            <input className="form-check-input" type="radio" id={`${id}-some`} name={`${id}-what`} checked={!whole} onChange={() => {
                setWhole(false);
                setDone('');
              }} />
            <label className="form-check-label" htmlFor={`${id}-some`}>
              Chosen definitions (and the models they use)
            </label>
          </div>
        </fieldset>
        {!whole ? (
          <div className="mb-2">
            <ErrorBanner message={listError} />
            {!lists ? (
              <Loading />
            ) : (
              <div className="row g-2" style={{ maxHeight: '50vh', overflow: 'auto' }} role="region" aria-label="Definitions to export" tabIndex={0}>
                {TRANSFER_KINDS.map((kind) => (
                  <fieldset key={kind} className="col-sm-6">
                    <legend className="fs-6 fw-semibold mb-1">{KIND_LABELS[kind]}</legend>
                    {(lists[kind] ?? []).length === 0 ? <p className="small text-body-secondary mb-0">None</p> : null}
                    {(lists[kind] ?? []).map((d) => {
                      const boxId = `${id}-${kind}-${d.name}`;
                      return (
                        <div key={d.name} className="form-check small">
                          <input
                            className="form-check-input"
                            type="checkbox"
                            id={boxId}
                            checked={chosen[key(kind, d.name)] === true}
                            onChange={(e) => {
                              setChosen((c) => ({ ...c, [key(kind, d.name)]: e.target.checked }));
                              setDone('');
                            }}
                          />
                          <label className="form-check-label" htmlFor={boxId}>
                            {d.name}
                            {d.title && d.title !== d.name ? <span className="text-body-secondary"> ({d.title})</span> : null}
                          </label>
                        </div>
                      );
                    })}
                  </fieldset>
                ))}
              </div>
            )}
          </div>
        ) : null}
        <ErrorBanner message={error} />
        <div className="d-flex align-items-center gap-2">
          <button type="button" className="btn btn-primary" disabled={busy || (!whole && chosenCount === 0)} onClick={() => void download()}>
            {busy ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
            Download
          </button>
          <span role="status" className="small text-body-secondary">
            {busy ? 'Exporting…' : done}
          </span>
        </div>
      </div>
    </section>
  );
}

function ImportPart() {
  const [file, setFile] = useState<{ name: string; content: unknown } | null>(null);
  const [busy, setBusy] = useState<'' | 'checking' | 'importing'>('');
  const [notJson, setNotJson] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [preview, setPreview] = useState<Change[] | null>(null);
  const [imported, setImported] = useState<Change[] | null>(null);
  const id = useId();

  const reset = () => {
    setNotJson('');
    setRefusal(null);
    setPreview(null);
    setImported(null);
  };

  const send = async (content: unknown, dryRun: boolean): Promise<Change[] | null> => {
    const answer = await api<{ ok: boolean; changes: Change[] } & Partial<Refusal>>('POST', `/api/app/import${dryRun ? '?dryRun=1' : ''}`, content);
    if (answer.ok && answer.data?.ok) return answer.data.changes;
    setRefusal({ error: answer.error, details: Array.isArray(answer.data?.details) ? answer.data.details : [] });
    return null;
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    reset();
    setFile(null);
    if (!chosen) return;
    setBusy('checking');
    try {
      let raw: string;
      try {
        raw = await readText(chosen);
      } catch (err) {
        setNotJson(`${chosen.name} cannot be read: ${(err as Error).message}`);
        return;
      }
      let content: unknown;
      try {
        content = JSON.parse(raw);
      } catch (err) {
        setNotJson(`${chosen.name} is not a JSON file: ${(err as Error).message}`);
        return;
      }
      setFile({ name: chosen.name, content });
      setPreview(await send(content, true));
    } finally {
      setBusy('');
    }
  };

  const apply = async () => {
    if (!file) return;
    setBusy('importing');
    try {
      const changes = await send(file.content, false);
      if (changes) {
        setImported(changes);
        setPreview(null);
      }
    } finally {
      setBusy('');
    }
  };

  const actionable = preview !== null && preview.some((c) => c.status !== 'unchanged');

  return (
    <section className="card shadow-sm" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="h5">
          Import
        </h2>
        <div className="mb-2">
          <label className="form-label" htmlFor={`${id}-file`}>
            App file
          </label>
          <input
            className="form-control"
            type="file"
            id={`${id}-file`}
            accept="application/json,.json"
            aria-describedby={`${id}-help`}
            disabled={busy !== ''}
            onChange={(e) => void choose(e)}
          />
          <div id={`${id}-help`} className="form-text">
            A file exported from this or another Tessera. You see what it would change before anything is written.
          </div>
        </div>
        <div className="d-flex align-items-center gap-2 mb-2">
          <button type="button" className="btn btn-primary" disabled={busy !== '' || !actionable || imported !== null} onClick={() => void apply()}>
            {busy === 'importing' ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
            Import
          </button>
          <span role="status" className="small">
            {busy === 'checking' ? 'Checking the file…' : busy === 'importing' ? 'Importing…' : imported ? `Imported: ${count(imported, 'new')} new, ${count(imported, 'changed')} changed` : ''}
          </span>
        </div>
        <ErrorBanner message={notJson} />
        {refusal ? <RefusalNotice refusal={refusal} /> : null}
        {preview ? (
          <>
            <p className="mb-1">
              {preview.length === 0
                ? 'The file holds no definitions.'
                : `${file?.name ?? 'The file'}: ${count(preview, 'new')} new, ${count(preview, 'changed')} changed, ${count(preview, 'unchanged')} unchanged.`}
              {preview.length > 0 && !actionable ? ' Nothing to import.' : ''}
            </p>
            <ChangesTable changes={preview} caption="What the import would change" />
          </>
        ) : null}
        {imported ? <ChangesTable changes={imported} caption="What the import changed" /> : null}
      </div>
    </section>
  );
}

function RefusalNotice({ refusal }: { refusal: Refusal }) {
  return (
    <div className="alert alert-danger" role="alert">
      <p className="mb-1 fw-semibold">This file cannot be imported.</p>
      {refusal.details.length === 0 ? (
        <p className="mb-0">{refusal.error}</p>
      ) : (
        <ul className="mb-0">
          {refusal.details.map((d, i) => (
            <li key={i}>
              <code>{d.pointer || '/'}</code> {d.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** New and changed definitions first (in the file's order), so what an import does is seen at once. */
function ChangesTable({ changes, caption }: { changes: Change[]; caption: string }) {
  if (changes.length === 0) return null;
  const ordered = [...changes].sort((x, y) => RANK[x.status] - RANK[y.status]);
  return (
    // Scrolls when long: a focusable region, so the keyboard scrolls it too.
    <div className="table-responsive" style={{ maxHeight: '60vh', overflow: 'auto' }} role="region" aria-label={caption} tabIndex={0}>
      <table className="table table-sm align-middle small">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {ordered.flatMap((c) => {
            const rows = [
              <tr key={`${c.kind}:${c.name}`}>
                <td>{c.kind}</td>
                <td>{c.name}</td>
                <td>
                  <span className={`badge ${c.status === 'new' ? 'text-bg-success' : c.status === 'changed' ? 'text-bg-warning' : 'text-bg-secondary'}`}>{c.status}</span>
                </td>
              </tr>,
            ];
            if (c.status === 'changed' && c.diff?.length) {
              rows.push(
                <tr key={`${c.kind}:${c.name}:diff`}>
                  <td colSpan={3}>
                    <DiffTable diff={c.diff ?? []} caption={`Differences of ${c.kind} ${c.name}`} before="Before" after="After" className="mb-0 ms-3" />
                  </td>
                </tr>,
              );
            }
            return rows;
          })}
        </tbody>
      </table>
    </div>
  );
}
