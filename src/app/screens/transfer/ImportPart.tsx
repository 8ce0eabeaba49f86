/** The import half of /transfer: a chosen app file previewed (POST /api/app/import?dryRun=1), then imported. */
import { useId, useState, type ChangeEvent } from 'react';
import type { AppChange } from '../../../shared/api-types';
import { api } from '../../../runtime/api/http';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { ChangesTable, count, RefusalNotice, type Refusal } from './ChangesTable';

/** A chosen file's text (FileReader: what every browser, and jsdom, has). */
function readText(file: Blob): Promise<string> {
  return new Promise((ok, fail) => {
    const reader = new FileReader();
    reader.onload = () => ok(String(reader.result ?? ''));
    reader.onerror = () => fail(reader.error ?? new Error('The file cannot be read'));
    reader.readAsText(file);
  });
}

export function ImportPart() {
  const [file, setFile] = useState<{ name: string; content: unknown } | null>(null);
  const [busy, setBusy] = useState<'' | 'checking' | 'importing'>('');
  const [notJson, setNotJson] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [preview, setPreview] = useState<AppChange[] | null>(null);
  const [imported, setImported] = useState<AppChange[] | null>(null);
  const id = useId();

  const reset = () => {
    setNotJson('');
    setRefusal(null);
    setPreview(null);
    setImported(null);
  };

  const send = async (content: unknown, dryRun: boolean): Promise<AppChange[] | null> => {
    const answer = await api<{ ok: boolean; changes: AppChange[] } & Partial<Refusal>>('POST', `/api/app/import${dryRun ? '?dryRun=1' : ''}`, content);
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
