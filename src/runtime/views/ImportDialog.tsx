import { useCallback, useEffect, useId, useRef, useState, type CSSProperties, type DragEvent, type ReactNode } from 'react';
import type { ImportFile, ImportJob } from '../../shared/import-types';
import { Modal } from '../../ui/Modal';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Loading } from '../../ui/Loading';
import { api, apiUpload, type UploadProgress } from '../api/http';
import {
  atText,
  byValue,
  ended,
  IMPORT_ENCODINGS,
  importRequest,
  mappableFields,
  mappingProblems,
  mappingWarnings,
  progressText,
  proposedChoices,
  type ImportChoices,
} from './import-choices';

/** How often a running job is read back. */
export const IMPORT_POLL_MS = 500;

const enc = encodeURIComponent;
const n = (value: number) => value.toLocaleString('en-US');

/** A failed job's reason as the server words it (with its line, and what stays written), ending in a full stop. */
function failure(error: ImportJob['error']): string {
  const text = error?.message?.trim() || 'no reason was given';
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Where a job's refused rows are downloaded from (a CSV with a Reason column). */
export const refusedUrl = (job: string) => `/api/import/jobs/${enc(job)}/refused`;

type Step = { kind: 'checking' } | { kind: 'file' } | { kind: 'mapping' } | { kind: 'job'; job: ImportJob };

export interface ImportDialogProps {
  /** The model the rows go into. */
  model: string;
  /** What the title calls it (the model's title); the model's name by default. */
  title?: string;
  /** `imported`: an import (not a dry run) ended while the dialog was open, so what shows the model's records should read them again. */
  onClose(imported: boolean): void;
}

/**
 * Import of a CSV or XLSX file into a model (docs/import.md): the file is uploaded, its columns
 * mapped to fields, a dry run counts what would happen and lists the refused rows, then the
 * import runs on the server, read back every IMPORT_POLL_MS until it ends. A job already under
 * way for the model is shown on open, so a reload loses nothing; closing leaves it running.
 */
export function ImportDialog({ model, title, onClose }: ImportDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const [file, setFile] = useState<ImportFile | null>(null);
  const [choices, setChoices] = useState<ImportChoices | null>(null);
  const [error, setError] = useState('');
  /** The 409 of an insert of a file imported before: its message, until the user confirms or goes back. */
  const [doneBefore, setDoneBefore] = useState('');
  const [starting, setStarting] = useState(false);
  const [imported, setImported] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  // Each step's heading takes the focus, so the keyboard starts at the step's top and Escape still reaches the dialog.
  // A job's end is a step too: its Cancel goes, and the result's heading takes the focus.
  const stepKey = step.kind === 'job' ? `job-${step.job.id}-${ended(step.job.state) ? 'ended' : 'running'}` : step.kind;
  useEffect(() => {
    if (step.kind !== 'checking') headingRef.current?.focus();
  }, [stepKey, step.kind]);

  // On open: a job queued or running for the model is shown at once.
  useEffect(() => {
    void api<ImportJob[]>('GET', `/api/import/${enc(model)}/jobs`).then((answer) => {
      if (!live.current) return;
      const running = answer.ok && Array.isArray(answer.data) ? answer.data.find((j) => !ended(j.state)) : undefined;
      setStep(running ? { kind: 'job', job: running } : { kind: 'file' });
    });
  }, [model]);

  // A job under way is read back until it ends.
  const polled = step.kind === 'job' && !ended(step.job.state) ? step.job.id : null;
  const pollTick = step.kind === 'job' ? step.job : null;
  useEffect(() => {
    if (polled === null) return;
    let stopped = false;
    const timer = setTimeout(() => {
      void api<ImportJob>('GET', `/api/import/jobs/${enc(polled)}`).then((answer) => {
        if (stopped || !live.current) return;
        if (answer.ok && answer.data) {
          const job = answer.data;
          setError('');
          setStep((s) => (s.kind === 'job' && s.job.id === job.id ? { kind: 'job', job } : s));
        } else {
          // Shown, and asked again at the next tick: a blip of the network does not end the watch.
          setError(`The import's progress could not be read: ${answer.error}`);
          setStep((s) => (s.kind === 'job' && s.job.id === polled ? { kind: 'job', job: { ...s.job } } : s));
        }
      });
    }, IMPORT_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [polled, pollTick]);

  const job = step.kind === 'job' ? step.job : null;
  // Kept once seen, so going Back after a failed batch import still has the grid read its rows again.
  const importEnded = job !== null && !job.dryRun && ended(job.state);
  useEffect(() => {
    if (importEnded) setImported(true);
  }, [importEnded]);

  const uploaded = (answer: ImportFile) => {
    setFile(answer);
    setChoices(proposedChoices(answer));
    setError('');
    setStep({ kind: 'mapping' });
  };

  const start = async (dryRun: boolean, again = false) => {
    if (!file || !choices) return;
    setStarting(true);
    setError('');
    const answer = await api<ImportJob | { error: string; code?: string }>('POST', `/api/import/${enc(model)}/jobs`, importRequest(file, choices, dryRun, again));
    if (!live.current) return;
    setStarting(false);
    const body = answer.data;
    if (answer.status === 409 && body && 'code' in body && body.code === 'IMPORT_DONE_BEFORE') {
      setDoneBefore(answer.error);
      return;
    }
    setDoneBefore('');
    if ((answer.status === 202 || answer.status === 200) && body && 'id' in body) {
      setStep({ kind: 'job', job: body });
      return;
    }
    setError(answer.error);
  };

  const cancel = async (id: string) => {
    setError('');
    const answer = await api<ImportJob>('POST', `/api/import/jobs/${enc(id)}/cancel`);
    if (!live.current) return;
    if (answer.ok && answer.data) {
      const next = answer.data;
      setStep((s) => (s.kind === 'job' && s.job.id === next.id ? { kind: 'job', job: next } : s));
    } else setError(answer.error);
  };

  const startOver = () => {
    setFile(null);
    setChoices(null);
    setDoneBefore('');
    setError('');
    setStep({ kind: 'file' });
  };
  const backToMapping = () => {
    setDoneBefore('');
    setError('');
    setStep({ kind: 'mapping' });
  };

  const close = () => onClose(imported || importEnded);
  const running = job !== null && !ended(job.state);
  const modelName = title || model;

  let heading: string;
  let body: ReactNode;
  let footer: ReactNode = null;
  if (step.kind === 'checking') {
    heading = '';
    body = <Loading />;
  } else if (step.kind === 'file') {
    heading = 'Choose a file';
    body = <FileStep model={model} onUploaded={uploaded} />;
  } else if (step.kind === 'mapping' && file && choices) {
    heading = 'Match the columns to fields';
    const problems = mappingProblems(file, choices);
    body = <MappingStep file={file} choices={choices} onChange={setChoices} problems={problems} />;
    footer = (
      <>
        <button type="button" className="btn btn-outline-secondary me-auto" onClick={startOver}>
          Choose another file
        </button>
        <button type="button" className="btn btn-primary" disabled={starting || problems.length > 0} onClick={() => void start(true)}>
          {starting ? 'Starting…' : 'Dry run'}
        </button>
      </>
    );
  } else if (job) {
    heading = job.dryRun ? (running ? 'Dry run under way' : 'Dry run result') : running ? 'Import under way' : 'Import result';
    body = (
      <>
        <JobView job={job} />
        {doneBefore ? (
          <div className="alert alert-warning mt-3" role="alert">
            <p className="mb-2">{doneBefore}</p>
            <div className="d-flex gap-2">
              <button type="button" className="btn btn-warning btn-sm" disabled={starting} onClick={() => void start(false, true)}>
                Import again
              </button>
              <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setDoneBefore('')}>
                Do not import
              </button>
            </div>
          </div>
        ) : null}
      </>
    );
    if (running) {
      footer = (
        <button type="button" className="btn btn-outline-danger" disabled={job.cancelling} onClick={() => void cancel(job.id)}>
          {job.cancelling ? 'Cancelling…' : job.dryRun ? 'Cancel the dry run' : 'Cancel the import'}
        </button>
      );
    } else if (job.dryRun) {
      footer = (
        <>
          {file && choices ? (
            <button type="button" className="btn btn-outline-secondary me-auto" onClick={backToMapping}>
              Back
            </button>
          ) : (
            <button type="button" className="btn btn-outline-secondary me-auto" onClick={startOver}>
              Start over
            </button>
          )}
          {file && choices && job.state === 'done' ? (
            <button type="button" className="btn btn-primary" disabled={starting || doneBefore !== ''} onClick={() => void start(false)}>
              {starting ? 'Starting…' : 'Import'}
            </button>
          ) : null}
        </>
      );
    } else {
      footer = (
        <>
          {job.state === 'done' ? null : (
            <button type="button" className="btn btn-outline-secondary me-auto" onClick={file && choices ? backToMapping : startOver}>
              {file && choices ? 'Back' : 'Start over'}
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={close}>
            Done
          </button>
        </>
      );
    }
  } else {
    heading = '';
    body = null;
  }

  return (
    <Modal id="import" title={`Import into ${modelName}`} icon="upload" size="xl" onClose={close} footer={footer}>
      {heading ? (
        <h3 ref={headingRef} tabIndex={-1} className="h6 mb-3">
          {heading}
        </h3>
      ) : null}
      <ErrorBanner message={error} />
      {body}
      {running ? (
        <p className="small text-body-secondary mt-3 mb-0" role="note">
          {job.dryRun ? 'The dry run' : 'The import'} runs on the server: closing this dialog does not stop it, and Import shows it again.
        </p>
      ) : null}
    </Modal>
  );
}

/** Step 1: a file chosen or dropped, an encoding for a CSV, and the upload with its progress. */
function FileStep({ model, onUploaded }: { model: string; onUploaded(file: ImportFile): void }) {
  const fileId = useId();
  const encodingId = useId();
  const [chosen, setChosen] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<string>(IMPORT_ENCODINGS[0].value);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState('');
  const [over, setOver] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const isXlsx = chosen !== null && /\.xlsx$/i.test(chosen.name);
  const choose = (f: File | null) => {
    setChosen(f);
    setError('');
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files[0];
    if (!dropped) return;
    if (!/\.(csv|xlsx)$/i.test(dropped.name)) {
      setError(`'${dropped.name}' is neither a CSV nor an XLSX file.`);
      return;
    }
    choose(dropped);
  };

  const upload = useCallback(async () => {
    if (!chosen) return;
    const form = new FormData();
    // The encoding first: the server reads the fields before the file's bytes.
    if (!isXlsx && encoding !== IMPORT_ENCODINGS[0].value) form.append('encoding', encoding);
    form.append('file', chosen, chosen.name);
    const controller = new AbortController();
    abort.current = controller;
    setError('');
    setProgress({ loaded: 0, total: chosen.size });
    const answer = await apiUpload<ImportFile>(`/api/import/${enc(model)}/files`, form, setProgress, controller.signal);
    if (controller.signal.aborted) return;
    abort.current = null;
    setProgress(null);
    if (answer.ok && answer.data) onUploaded(answer.data);
    else setError(answer.status === 413 ? `The file is too large: ${answer.error}` : answer.error);
  }, [chosen, encoding, isXlsx, model, onUploaded]);

  const percent = progress && progress.total ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  return (
    <div
      className={`border border-2 rounded p-3${over ? ' border-primary bg-primary-subtle' : ''}`}
      // Dashed, as a place to drop a file looks (Bootstrap has no class for it; its .border reads this variable).
      style={{ '--bs-border-style': 'dashed' } as CSSProperties}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="import-drop"
    >
      <ErrorBanner message={error} />
      <div className="mb-3">
        <label className="form-label" htmlFor={fileId}>
          File (CSV or XLSX)
        </label>
        <input
          id={fileId}
          type="file"
          className="form-control"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={progress !== null}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
        <div className="form-text">Or drop the file here. Its first line names the columns.</div>
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={encodingId}>
          Encoding of a CSV file
        </label>
        <select id={encodingId} className="form-select" value={encoding} disabled={isXlsx || progress !== null} onChange={(e) => setEncoding(e.target.value)}>
          {IMPORT_ENCODINGS.map((e) => (
            <option key={e.value} value={e.value}>
              {e.label}
            </option>
          ))}
        </select>
        {isXlsx ? <div className="form-text">An XLSX file says its own encoding.</div> : null}
      </div>
      {chosen ? (
        <p className="mb-2">
          <strong>{chosen.name}</strong> <span className="text-body-secondary">({n(Math.ceil(chosen.size / 1024))} KB)</span>
        </p>
      ) : null}
      {progress ? (
        <div className="mb-2">
          <div
            className="progress"
            role="progressbar"
            aria-label="Upload"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
            aria-valuetext={percent === null ? 'Uploading' : `${percent}% uploaded`}
          >
            <div className={`progress-bar${percent === null ? ' progress-bar-striped progress-bar-animated' : ''}`} style={{ width: `${percent ?? 100}%` }} />
          </div>
          <p className="small text-body-secondary mt-1 mb-0" aria-live="polite">
            {percent === null || percent >= 100 ? 'Reading the file…' : `Uploading… ${percent}%`}
          </p>
        </div>
      ) : null}
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-primary" disabled={!chosen || progress !== null} onClick={() => void upload()}>
          {progress ? 'Uploading…' : 'Upload'}
        </button>
        {progress ? (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => {
              abort.current?.abort();
              abort.current = null;
              setProgress(null);
            }}
          >
            Stop
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** Step 2: each column's field (or Skip), the mode and its key, how references are found, batches. */
function MappingStep({ file, choices, onChange, problems }: { file: ImportFile; choices: ImportChoices; onChange(c: ImportChoices): void; problems: string[] }) {
  const ids = useId();
  const fields = mappableFields(file);
  const mapped = new Set(Object.values(choices.mapping));
  const references = file.references.filter((r) => mapped.has(r.field));
  const earlier = file.earlier.filter((e) => !e.dryRun);
  const warnings = mappingWarnings(file, choices);
  const set = (patch: Partial<ImportChoices>) => onChange({ ...choices, ...patch });
  const keyLabel = (key: string) => fields.find((f) => f.name === key)?.label ?? key;

  return (
    <div>
      <p className="mb-2">
        <strong>{file.name}</strong>{' '}
        <span className="text-body-secondary">
          ({file.format.toUpperCase()}, {n(file.columns.length)} {file.columns.length === 1 ? 'column' : 'columns'})
        </span>
      </p>
      {earlier.length ? (
        <div className="alert alert-info py-2" role="note">
          {earlier.map((e, i) => (
            <div key={e.job}>
              {i === 0 ? 'This file was imported' : 'And'} on {atText(e.at)}
              {e.by ? ` by ${e.by}` : ''} ({e.mode === 'insert' ? 'added as new records' : 'added or updated'}
              {e.state === 'done' ? '' : `, ${e.state}`}).
            </div>
          ))}
        </div>
      ) : null}
      <div className="table-responsive mb-3">
        <table className="table table-sm align-middle" aria-label="Columns of the file">
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">Sample values</th>
              <th scope="col">Field</th>
            </tr>
          </thead>
          <tbody>
            {file.columns.map((column) => (
              <tr key={column.index}>
                <th scope="row">{column.header}</th>
                <td className="small text-body-secondary text-break">
                  {column.sample.length ? column.sample.map((s, i) => <div key={i}>{s === '' ? <em>empty</em> : s}</div>) : <em>no values</em>}
                </td>
                <td>
                  <select
                    className="form-select form-select-sm"
                    aria-label={`Field for column ${column.header}`}
                    value={choices.mapping[column.header] ?? ''}
                    onChange={(e) => set({ mapping: { ...choices.mapping, [column.header]: e.target.value || null } })}
                  >
                    <option value="">Skip</option>
                    {fields.map((f) => (
                      <option key={f.name} value={f.name}>
                        {f.label}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset className="mb-3">
        <legend className="h6">What the rows do</legend>
        <div className="form-check">
          <input className="form-check-input" type="radio" name={`${ids}-mode`} id={`${ids}-insert`} checked={choices.mode === 'insert'} onChange={() => set({ mode: 'insert' })} />
          <label className="form-check-label" htmlFor={`${ids}-insert`}>
            Add new records only
          </label>
        </div>
        <div className="form-check d-flex flex-wrap align-items-center gap-2">
          <input className="form-check-input" type="radio" name={`${ids}-mode`} id={`${ids}-upsert`} checked={choices.mode === 'upsert'} onChange={() => set({ mode: 'upsert' })} />
          <label className="form-check-label" htmlFor={`${ids}-upsert`}>
            Add or update by
          </label>
          <select
            className="form-select form-select-sm w-auto"
            aria-label="Key: the field that finds the record a row updates"
            value={choices.key}
            disabled={choices.mode !== 'upsert'}
            onChange={(e) => set({ key: e.target.value })}
          >
            {file.keys.map((k) => (
              <option key={k} value={k}>
                {keyLabel(k)}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      {references.length ? (
        <fieldset className="mb-3">
          <legend className="h6">References</legend>
          {references.map((ref) => (
            <div key={ref.field} className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <label htmlFor={`${ids}-ref-${ref.field}`}>
                {ref.label}: find the {ref.target} by
              </label>
              <select
                id={`${ids}-ref-${ref.field}`}
                className="form-select form-select-sm w-auto"
                value={choices.references[ref.field] ?? byValue(ref.proposed)}
                onChange={(e) => set({ references: { ...choices.references, [ref.field]: e.target.value } })}
              >
                <option value="id">its id</option>
                <option value="display">its display name</option>
                {ref.unique.map((u) => (
                  <option key={u} value={byValue({ field: u })}>
                    {u}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </fieldset>
      ) : null}
      <div className="form-check mb-3">
        <input className="form-check-input" type="checkbox" id={`${ids}-batches`} checked={choices.batches} onChange={(e) => set({ batches: e.target.checked })} />
        <label className="form-check-label" htmlFor={`${ids}-batches`}>
          Import in committed batches (for very large files; a failure keeps what was done)
        </label>
      </div>
      {problems.map((p) => (
        <div key={p} className="alert alert-danger py-2 mb-2" role="alert">
          {p}
        </div>
      ))}
      {warnings.map((w) => (
        <div key={w} className="alert alert-warning py-2 mb-2">
          {w}
        </div>
      ))}
      <p className="small text-body-secondary mb-0">A dry run comes first: it reads every row and says what would happen, and writes nothing.</p>
    </div>
  );
}

/** A job: its progress while it runs, its counts, refused rows and error once it ended. */
function JobView({ job }: { job: ImportJob }) {
  const running = !ended(job.state);
  const what = job.dryRun ? 'dry run' : 'import';
  const percent = job.total ? Math.min(100, Math.round((job.done / job.total) * 100)) : null;
  const { added, updated, unchanged, refused } = job.counts;
  return (
    <div>
      <p className="mb-2">
        <strong>{job.file.name}</strong>{' '}
        <span className="text-body-secondary">
          ({job.mode === 'insert' ? 'add new records' : `add or update by ${job.key ?? 'id'}`}
          {job.batches ? ', in committed batches' : ''})
        </span>
      </p>
      {running ? (
        <div className="mb-3">
          <div
            className="progress"
            role="progressbar"
            aria-label={job.dryRun ? 'Dry run progress' : 'Import progress'}
            aria-valuemin={0}
            aria-valuemax={job.total ?? undefined}
            aria-valuenow={job.total === null ? undefined : job.done}
            aria-valuetext={progressText(job)}
          >
            <div className={`progress-bar${percent === null ? ' progress-bar-striped progress-bar-animated' : ''}`} style={{ width: `${percent ?? 100}%` }} />
          </div>
          <p className="small mt-1 mb-0" aria-live="polite">
            {job.state === 'queued' ? 'Waiting to start… ' : ''}
            {progressText(job)}
            {job.cancelling ? ' · cancelling' : ''}
          </p>
        </div>
      ) : (
        <div role="status" className={`alert py-2 ${job.state === 'done' ? 'alert-success' : job.state === 'failed' ? 'alert-danger' : 'alert-secondary'}`}>
          {job.state === 'done'
            ? job.dryRun
              ? `The dry run read ${n(job.done)} ${job.done === 1 ? 'row' : 'rows'}; nothing was written. Importing would do this:`
              : `The import is done: ${n(job.done)} ${job.done === 1 ? 'row' : 'rows'} read.`
            : job.state === 'failed'
              ? // The server's reason names the line and says what stays written (docs/import.md).
                `The ${what} failed: ${failure(job.error)}`
              : `The ${what} was cancelled after ${n(job.done)} ${job.done === 1 ? 'row' : 'rows'}.${
                  job.dryRun ? '' : job.batches ? ' The batches committed before it are kept.' : ' Nothing was written.'
                }`}
        </div>
      )}
      <dl className="row mb-3" aria-label={job.dryRun ? (running ? 'Counts so far' : 'What importing would do') : running ? 'Counts so far' : 'What the import did'}>
        <dt className="col-6 col-sm-3">{job.dryRun ? 'To add' : 'Added'}</dt>
        <dd className="col-6 col-sm-3 mb-1">{n(added)}</dd>
        <dt className="col-6 col-sm-3">{job.dryRun ? 'To update' : 'Updated'}</dt>
        <dd className="col-6 col-sm-3 mb-1">{n(updated)}</dd>
        <dt className="col-6 col-sm-3">Unchanged</dt>
        <dd className="col-6 col-sm-3 mb-1">{n(unchanged)}</dd>
        <dt className="col-6 col-sm-3">Refused</dt>
        <dd className="col-6 col-sm-3 mb-1">{n(refused)}</dd>
      </dl>
      {!job.dryRun && !running && added + updated > 0 ? (
        <p className="small">
          {/* The job's writes, grouped under it in the record history (docs/import.md, "History"). */}
          <a href={`/history?job=${encodeURIComponent(job.id)}`} target="_blank" rel="noopener">
            See these changes in Data history
          </a>
        </p>
      ) : null}
      {refused > 0 && !running ? (
        <section aria-label="Refused rows">
          <div className="d-flex flex-wrap align-items-baseline gap-2 mb-2">
            <h4 className="h6 mb-0 me-auto">Refused rows</h4>
            <a className="btn btn-outline-secondary btn-sm" href={refusedUrl(job.id)} download>
              Download refused rows
            </a>
          </div>
          {refused > job.refused.length ? (
            <p className="small text-body-secondary">
              The first {n(job.refused.length)} of {n(refused)} are listed; the download has them all, each with its reason.
            </p>
          ) : null}
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {job.refused.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>
                    {row.reasons.length === 1 ? (
                      row.reasons[0]
                    ) : (
                      <ul className="mb-0 ps-3">
                        {row.reasons.map((r, i) => (
                          <li key={i}>{r}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
