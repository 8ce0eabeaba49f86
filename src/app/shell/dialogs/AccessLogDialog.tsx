import { memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { api } from '../../../runtime/api/http';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Loading } from '../../../ui/Loading';
import { Modal } from '../../../ui/Modal';
import { FIRST_LINES, MORE_LINES, dayRange, isAlarming, logTime, rangeQuery, type DayRange, type AccessLogEntry } from './access-log-view';
import './access-log.css';

/** One row on one line, its height fixed by access-log.css: 20px line + 2 x 4px padding + the 1px border. */
const ROW_HEIGHT = 29;

const Line = memo(function Line({ entry }: { entry: AccessLogEntry }) {
  return (
    <tr className={isAlarming(entry) ? 'table-danger' : undefined} data-level={entry.level}>
      <td className="access-log-time">{logTime(entry.timestamp)}</td>
      <td className="access-log-level">{entry.level}</td>
      <td>{entry.message}</td>
    </tr>
  );
});

/** The container's size, or most of the window while it has none (no layout, as in jsdom). */
function observeRectOrWindow(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: Math.round(window.innerHeight * 0.7) }));
}

/**
 * The lines, virtualised: only those in view (plus a few) are in the DOM, two spacer rows stand
 * for the rest, so 100,000 loaded lines scroll as lightly as 50.
 */
export function LogTable({ entries }: { entries: readonly AccessLogEntry[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    observeElementRect: observeRectOrWindow,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  return (
    // Focusable, so the keyboard scrolls it (axe: scrollable-region-focusable).
    <div ref={scrollRef} className="access-log-scroll" tabIndex={0} role="region" aria-label="Access log lines">
      <table className="table table-sm table-hover access-log-table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Level</th>
            <th scope="col">Message</th>
          </tr>
        </thead>
        <tbody>
          {!entries.length ? (
            <tr>
              <td colSpan={3} className="text-center text-body-secondary">
                No entries in this range
              </td>
            </tr>
          ) : null}
          {before > 0 ? (
            <tr className="access-log-spacer" aria-hidden="true">
              <td colSpan={3} style={{ height: before }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const entry = entries[item.index] as AccessLogEntry;
            return <Line key={entry.id} entry={entry} />;
          })}
          {after > 0 ? (
            <tr className="access-log-spacer" aria-hidden="true">
              <td colSpan={3} style={{ height: after }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Settings > Access Log: a full-screen dialogue over one day by default, today
 * 00:00 to 23:59, with Today and Yesterday. It loads the first 50 lines; 'Load next 100 lines'
 * and 'Load next 1000 lines' add to that, asking the server only for the lines it does not hold
 * yet (start = lines held). The log is read oldest first, so new requests land after them and
 * paging on never repeats or skips a line.
 */
export function AccessLogDialog({ onClose }: { onClose(): void }) {
  const [range, setRange] = useState<DayRange>(() => dayRange(new Date()));
  const [entries, setEntries] = useState<AccessLogEntry[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  /** The answer of an older request (an earlier range) is dropped. */
  const ticket = useRef(0);
  const fromId = useId();
  const untilId = useId();

  const fetchLines = useCallback(async (start: number, limit: number, held: AccessLogEntry[]) => {
    const query = rangeQuery(range);
    const mine = ++ticket.current;
    if (!query) {
      setLoading(false);
      setEntries(held);
      setError('Please choose the start and the end of the range');
      return;
    }
    setLoading(true);
    setError('');
    const answer = await api<AccessLogEntry[]>('POST', '/api/log', { start, limit, ...query });
    if (mine !== ticket.current) return;
    setLoading(false);
    if (!answer.ok) {
      setError(answer.error);
      setEntries(held);
      return;
    }
    setEntries(held.concat(answer.data ?? []));
  }, [range]);

  useEffect(() => {
    setEntries(null);
    void fetchLines(0, FIRST_LINES, []);
  }, [fetchLines]);

  // A new range object, even of the same day, reloads: pressing Today again shows the latest lines.
  const choose = (next: DayRange) => setRange(next);
  const held = entries ?? [];

  const footer = (
    <>
      <span className="me-auto text-body-secondary small" aria-live="polite">
        {entries ? `${entries.length.toLocaleString()} ${entries.length === 1 ? 'line' : 'lines'}` : ''}
      </span>
      {loading && entries ? <Loading /> : null}
      {MORE_LINES.map((n) => (
        <button key={n} type="button" className="btn btn-outline-primary" disabled={loading || !entries} onClick={() => void fetchLines(held.length, n, held)}>
          Load next {n} lines
        </button>
      ))}
    </>
  );

  return (
    <Modal id="accesslog" title="Access Log" icon="journal-text" onClose={onClose} defaultMaximised footer={footer}>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
        <div>
          <label className="form-label mb-0 small" htmlFor={fromId}>
            From
          </label>
          <input id={fromId} type="datetime-local" className="form-control form-control-sm" value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
        </div>
        <div>
          <label className="form-label mb-0 small" htmlFor={untilId}>
            Until
          </label>
          <input id={untilId} type="datetime-local" className="form-control form-control-sm" value={range.until} onChange={(e) => setRange((r) => ({ ...r, until: e.target.value }))} />
        </div>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => choose(dayRange(new Date()))}>
          Today
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => choose(dayRange(new Date(), 1))}>
          Yesterday
        </button>
      </div>
      <ErrorBanner message={error} />
      {entries === null ? <Loading /> : <LogTable entries={entries} />}
    </Modal>
  );
}
