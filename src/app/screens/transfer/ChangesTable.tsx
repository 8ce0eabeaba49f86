/** What an app import answers, shown: its refusal, and the definitions it would change or changed. */
import type { AppChange } from '../../../shared/api-types';
import { DiffTable } from '../../../designer/history/DiffTable';
import '../../../designer/history/history.css';

/** Why the server refused a file: its message and, for a file that fails its checks, each place. */
export interface Refusal {
  error: string;
  details: { pointer: string; message: string }[];
}

const RANK: Record<AppChange['status'], number> = { new: 0, changed: 1, unchanged: 2 };

export const count = (changes: AppChange[], status: AppChange['status']) => changes.filter((c) => c.status === status).length;

export function RefusalNotice({ refusal }: { refusal: Refusal }) {
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
export function ChangesTable({ changes, caption }: { changes: AppChange[]; caption: string }) {
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
