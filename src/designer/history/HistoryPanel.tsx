import { useEffect, useMemo, useState } from 'react';
import type { VersionInfo } from '../../shared/api-types';
import type { DefinitionKind } from '../../shared/contract';
import { jsonDiff, type DiffEntry, type JsonValue } from '../../shared/json-diff';
import type { ChangePlan } from '../../shared/model-change-plan';
import { useDesignerGet, useDesignerServices } from '../services';
import { ChangePlanDialog } from '../models/ChangePlanDialog';
import { submitModel } from '../models/model-submit';
import { DiffTable } from './DiffTable';
import { ErrorBanner } from '../../ui/ErrorBanner';
import './history.css';

type Stored = Record<string, unknown> & { id: string; version: number };

export interface HistoryPanelProps {
  kind: DefinitionKind;
  id: string;
  /** The version the screen holds (sent with a restore, so a save in between answers 409). */
  version: number;
  /** Whether the screen holds unsaved edits a restore would replace. */
  dirty(): boolean;
  /** The definition as stored after a restore. */
  onRestored(saved: Stored): void;
  idPrefix: string;
}

/** Server-kept keys that differ between any two versions and say nothing about the change. */
const IGNORED = new Set(['/version']);

const when = (v: VersionInfo) => (v.savedAt ? new Date(v.savedAt).toLocaleString() : 'before versions were kept');

/**
 * The History panel of the designers and raw editors (docs/api.md, Versions): the versions kept of this
 * definition, newest first, with who saved each and when. Two chosen versions are compared as a
 * structural diff (added, removed and changed properties by JSON pointer) and as their JSON text
 * side by side; a version is restored by saving it as a new version (history is never rewritten).
 * A model version is restored as a model change (submitModel, no renames): previewed, its plan
 * shown in the change dialog by the rule every model save follows, so a field it would drop is
 * named with its values before anything happens, and Cancel restores nothing.
 */
export function HistoryPanel({ kind, id, version, dirty, onRestored, idPrefix }: HistoryPanelProps) {
  const [open, setOpen] = useState(false);
  const bodyId = `${idPrefix}-history`;
  return (
    <section className="tessera-history">
      <button type="button" className="btn btn-sm btn-outline-secondary" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
        History
      </button>
      {open ? <Versions kind={kind} id={id} version={version} dirty={dirty} onRestored={onRestored} bodyId={bodyId} /> : <div id={bodyId} hidden />}
    </section>
  );
}

function Versions({ kind, id, version, dirty, onRestored, bodyId }: Omit<HistoryPanelProps, 'idPrefix'> & { bodyId: string }) {
  const base = `/api/definitions/${kind}/${encodeURIComponent(id)}/versions`;
  // Reloaded whenever the stored version moves (a save or a restore from this screen).
  const { api } = useDesignerServices();
  const listed = useDesignerGet<VersionInfo[]>(`${base}?at=${version}`);
  const versions = useMemo(() => listed.data ?? [], [listed.data]);
  const [a, setA] = useState<number | null>(null);
  const [b, setB] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** A model restore's plan shown before it is applied, and the answer the restore waits for. */
  const [asking, setAsking] = useState<{ version: number; plan: ChangePlan; answer(convert: Record<string, 'clear'> | null): void; busy: boolean } | null>(null);

  // By default: the current version against the one before it.
  useEffect(() => {
    if (versions.length === 0) return;
    setB((x) => x ?? versions[0]!.version);
    setA((x) => x ?? (versions[1] ?? versions[0]!).version);
  }, [versions]);

  const restore = async (n: number) => {
    const unsaved = dirty() ? ' Your unsaved changes here are discarded.' : '';
    if (!window.confirm(`Restore version ${n} as a new version?${unsaved}`)) return;
    setBusy(true);
    const answer = kind === 'model' ? await restoreModel(n) : await api<Stored>('POST', `${base}/${n}/restore`, { version });
    setBusy(false);
    if (answer === null) return;
    if (!answer.ok || !answer.data) {
      setError(answer.error);
      return;
    }
    setError('');
    onRestored(answer.data);
  };

  /** A model version, saved over the model as its change is (null: called off in the plan); answers the model as stored then. */
  const restoreModel = async (n: number): Promise<{ ok: boolean; data: Stored | null; error: string } | null> => {
    const kept = await api<{ document: Stored }>('GET', `${base}/${n}`);
    if (!kept.ok || !kept.data) return { ok: false, data: null, error: kept.error };
    const ask = (plan: ChangePlan) => new Promise<Record<string, 'clear'> | null>((answer) => setAsking({ version: n, plan, answer, busy: false }));
    const changed = await submitModel(api, { ...kept.data.document, version }, id, {}, ask);
    setAsking(null);
    if (changed.cancelled) return null;
    if (!changed.ok) return { ok: false, data: null, error: changed.error };
    return api<Stored>('GET', `/api/definitions/model/${encodeURIComponent(id)}`);
  };

  return (
    <div id={bodyId} className="tessera-history-body">
      <ErrorBanner message={listed.error || error} />
      {listed.loading && versions.length === 0 ? <p className="small text-body-secondary">Loading versions…</p> : null}
      <table className="table table-sm align-middle small mb-2">
        <caption className="visually-hidden">Versions, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Saved</th>
            <th scope="col">By</th>
            <th scope="col">Compare A</th>
            <th scope="col">Compare B</th>
            <th scope="col">
              <span className="visually-hidden">Restore</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.version}>
              <td>
                {v.version}
                {v.current ? <span className="badge text-bg-secondary ms-1">current</span> : null}
              </td>
              <td>{when(v)}</td>
              <td>{v.savedBy ?? (v.savedAt ? 'Tessera' : 'unknown')}</td>
              <td>
                <input type="radio" className="form-check-input" name={`${bodyId}-a`} aria-label={`Compare version ${v.version} as A`} checked={a === v.version} onChange={() => setA(v.version)} />
              </td>
              <td>
                <input type="radio" className="form-check-input" name={`${bodyId}-b`} aria-label={`Compare version ${v.version} as B`} checked={b === v.version} onChange={() => setB(v.version)} />
              </td>
              <td className="text-end">
                {v.current ? null : (
                  <button type="button" className="btn btn-sm btn-outline-primary" disabled={busy} onClick={() => void restore(v.version)}>
                    Restore version {v.version}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {a !== null && b !== null ? <Comparison base={base} a={a} b={b} /> : null}
      {asking ? (
        <ChangePlanDialog
          model={asking.plan.model}
          plan={asking.plan}
          busy={asking.busy}
          notice={`Restoring version ${asking.version} saves it as a new version of the model; here is what that does to its table.`}
          onApply={(convert) => {
            setAsking({ ...asking, busy: true });
            asking.answer(convert);
          }}
          onCancel={() => asking.answer(null)}
        />
      ) : null}
    </div>
  );
}

function Comparison({ base, a, b }: { base: string; a: number; b: number }) {
  const left = useDesignerGet<{ document: JsonValue }>(`${base}/${a}`);
  const right = useDesignerGet<{ document: JsonValue }>(`${base}/${b}`);
  const diff = useMemo<DiffEntry[] | null>(
    () => (left.data && right.data ? jsonDiff(left.data.document, right.data.document).filter((d) => !IGNORED.has(d.pointer)) : null),
    [left.data, right.data],
  );
  if (left.error || right.error) return <ErrorBanner message={left.error || right.error} />;
  if (!diff || !left.data || !right.data) return <p className="small text-body-secondary">Loading the versions…</p>;
  return (
    <section aria-label={`Version ${a} against version ${b}`}>
      <h2 className="h6">
        Version {a} → version {b}: {diff.length === 0 ? 'the same' : diff.length === 1 ? 'one difference' : `${diff.length} differences`}
      </h2>
      {diff.length > 0 ? (
        <DiffTable diff={diff} caption="Differences by JSON pointer" before={`Version ${a}`} after={`Version ${b}`} />
      ) : null}
      <div className="row g-2">
        <div className="col-md-6">
          <pre className="tessera-diff-json" tabIndex={0} aria-label={`Version ${a} as JSON`}>
            {JSON.stringify(left.data.document, null, 2)}
          </pre>
        </div>
        <div className="col-md-6">
          <pre className="tessera-diff-json" tabIndex={0} aria-label={`Version ${b} as JSON`}>
            {JSON.stringify(right.data.document, null, 2)}
          </pre>
        </div>
      </div>
    </section>
  );
}
