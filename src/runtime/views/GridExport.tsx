import { useRef, useState } from 'react';
import type { FilterTree } from '../../shared/filter/index';
import { Modal } from '../../ui/Modal';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { ActionIcon } from '../../ui/ActionLinks';
import { saveBlob } from '../../ui/download';
import { openDownload } from '../api/http';
import { enc, type SortState } from './grid-load';

/** The files a grid exports to (docs/api.md, "Grid export"). */
export const EXPORT_CHOICES = [
  { key: 'csv', label: 'CSV', hint: 'UTF-8 text, for any program', query: 'format=csv' },
  { key: 'csv-bom', label: 'CSV for Excel', hint: 'UTF-8 with a byte order mark, which Excel needs', query: 'format=csv&bom=1' },
  { key: 'xlsx', label: 'XLSX', hint: 'an Excel workbook: numbers and dates as such', query: 'format=xlsx' },
] as const;
type Choice = (typeof EXPORT_CHOICES)[number];

/** The export's url: the format and what the user has the grid showing (search, sort, filter, the embedding record). */
export function exportUrl(name: string, choice: Choice, view: { search: string; sort: SortState | null; filter: FilterTree | null; record?: string | null }): string {
  const query = new URLSearchParams(choice.query);
  if (view.search.trim()) query.set('search', view.search.trim());
  if (view.sort) {
    query.set('sort', view.sort.field);
    query.set('dir', view.sort.dir);
  }
  if (view.filter) query.set('filter', JSON.stringify(view.filter));
  if (view.record !== null && view.record !== undefined) query.set('record', view.record);
  return `/api/grid/${enc(name)}/export?${query.toString()}`;
}

/** The name the server gave the file (Content-Disposition), or `fallback`. */
function fileName(disposition: string | null, fallback: string): string {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (exact?.[1]) {
    try {
      return decodeURIComponent(exact[1]);
    } catch {
      // a malformed name: the plain one below
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

interface Progress {
  choice: Choice;
  /** Rows received (CSV: its line breaks, less the heading) or null when only bytes are known (XLSX). */
  rows: number | null;
  bytes: number;
  total: number | null;
}

const LF = 10;

interface Props {
  name: string;
  search: string;
  sort: SortState | null;
  filter: FilterTree | null;
  record?: string | null;
}

/**
 * The toolbar's Export: a dialog offering CSV, CSV for Excel and XLSX of what the grid shows (its
 * search, sort and filter as the user has them; every row, not the page), downloaded with a
 * progress bar against the server's count (X-Total-Count) and saved under the server's file name.
 * Cancel (or Escape, or closing the dialog) stops the download.
 */
export function GridExport({ name, search, sort, filter, record }: Props) {
  const [open, setOpen] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState('');
  const abort = useRef<AbortController | null>(null);

  const cancel = () => {
    abort.current?.abort();
    abort.current = null;
    setProgress(null);
  };
  const close = () => {
    cancel();
    setError('');
    setOpen(false);
  };

  const start = async (choice: Choice) => {
    const controller = new AbortController();
    abort.current = controller;
    setError('');
    setProgress({ choice, rows: choice.key === 'xlsx' ? null : 0, bytes: 0, total: null });
    const answer = await openDownload(exportUrl(name, choice, { search, sort, filter, record }), controller.signal);
    if (controller.signal.aborted) return;
    if (!answer.ok) {
      setProgress(null);
      setError(answer.error);
      return;
    }
    const { response } = answer;
    const counted = Number(response.headers.get('x-total-count'));
    const total = Number.isFinite(counted) && response.headers.get('x-total-count') !== null ? counted : null;
    const parts: Uint8Array<ArrayBuffer>[] = [];
    let bytes = 0;
    let lines = 0;
    try {
      const reader = (response.body as ReadableStream<Uint8Array<ArrayBuffer>>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.length;
        if (choice.key !== 'xlsx') for (const b of value) if (b === LF) lines++;
        // The heading is a line too; a quoted line break in a cell counts one more (capped at the total).
        const rows = choice.key === 'xlsx' ? null : Math.max(0, Math.min(lines - 1, total ?? Infinity));
        setProgress({ choice, rows, bytes, total });
      }
    } catch (e) {
      if (controller.signal.aborted) return;
      setProgress(null);
      setError(`The download stopped before its end: ${(e as Error).message}`);
      return;
    }
    abort.current = null;
    const ext = choice.key === 'xlsx' ? 'xlsx' : 'csv';
    saveBlob(new Blob(parts, { type: response.headers.get('content-type') ?? 'application/octet-stream' }), fileName(response.headers.get('content-disposition'), `${name}.${ext}`));
    setProgress(null);
    setOpen(false);
  };

  const percent = progress && progress.total ? Math.round(((progress.rows ?? 0) / progress.total) * 100) : null;
  return (
    <>
      <button type="button" className="btn btn-outline-secondary btn-sm grid-export" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <ActionIcon name="download" /> Export
      </button>
      {open ? (
        <Modal
          id="grid-export"
          title="Export"
          icon="download"
          size="sm"
          onClose={close}
          footer={
            progress ? (
              <button type="button" className="btn btn-outline-secondary" onClick={cancel}>
                Cancel
              </button>
            ) : null
          }
        >
          <ErrorBanner message={error} />
          {progress ? (
            <div>
              <p className="mb-2">Exporting {progress.choice.label}…</p>
              {progress.rows !== null && progress.total !== null ? (
                <div className="progress" role="progressbar" aria-label="Rows exported" aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.rows}>
                  <div className="progress-bar" style={{ width: `${percent ?? 0}%` }} />
                </div>
              ) : (
                <div className="progress" role="progressbar" aria-label="Export under way" aria-valuetext={`${Math.round(progress.bytes / 1024)} KB received`}>
                  <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: '100%' }} />
                </div>
              )}
              <p className="small text-muted mt-1 mb-0" aria-live="polite">
                {progress.rows !== null
                  ? `${progress.rows.toLocaleString()} of ${progress.total === null ? '?' : progress.total.toLocaleString()} rows`
                  : `${Math.round(progress.bytes / 1024).toLocaleString()} KB of ${progress.total === null ? '?' : progress.total.toLocaleString()} rows`}
              </p>
            </div>
          ) : (
            <div className="d-grid gap-2">
              <p className="small text-muted mb-1">Every row the grid shows, with its search, sort and filter.</p>
              {EXPORT_CHOICES.map((c) => (
                <button key={c.key} type="button" className="btn btn-outline-primary text-start" onClick={() => void start(c)}>
                  <strong>{c.label}</strong>
                  <span className="d-block small">{c.hint}</span>
                </button>
              ))}
            </div>
          )}
        </Modal>
      ) : null}
    </>
  );
}
