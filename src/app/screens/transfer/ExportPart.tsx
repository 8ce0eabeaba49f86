/** The export half of /transfer: the whole app, or chosen definitions, downloaded as one JSON file (POST /api/app/export). */
import { useEffect, useId, useState } from 'react';
import { api } from '../../../runtime/api/http';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Loading } from '../../../ui/Loading';
import { saveBlob } from '../../../ui/download';
import { APP_REQUEST_HEADER } from '../../../shared/app-request';
import { viewAsHeaders } from '../../../runtime/view-as';
import { definitionKinds, type DefinitionKind } from '../../../shared/contract';

const KIND_LABELS: Record<DefinitionKind, string> = { form: 'Forms', grid: 'Grids', page: 'Pages', menu: 'Menus', select: 'Selects', model: 'Models', automation: 'Automations' };

interface Listed {
  id: string;
  name: string;
  title: string;
}

const FILE_NAME = 'tessera-app.json';

export function ExportPart() {
  const [whole, setWhole] = useState(true);
  const [lists, setLists] = useState<Partial<Record<DefinitionKind, Listed[]>> | null>(null);
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
    void Promise.all(definitionKinds.map((kind) => api<Listed[]>('GET', `/api/definitions/${kind}`))).then((answers) => {
      if (!live) return;
      const failed = answers.find((a) => !a.ok);
      if (failed) setListError(failed.error);
      setLists(Object.fromEntries(definitionKinds.map((kind, i) => [kind, answers[i]?.data ?? []])));
    });
    return () => {
      live = false;
    };
  }, [whole, lists]);

  const key = (kind: DefinitionKind, name: string) => `${kind}:${name}`;
  const selection = () => {
    const out: Partial<Record<DefinitionKind, string[]>> = {};
    for (const kind of definitionKinds) {
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
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': APP_REQUEST_HEADER, ...viewAsHeaders() },
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
      saveBlob(new Blob([body], { type: 'application/json' }), FILE_NAME);
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
                {definitionKinds.map((kind) => (
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
