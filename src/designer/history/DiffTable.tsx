import type { DiffEntry } from '../../shared/json-diff';
import './history.css';

const text = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));
const WORDS: Record<DiffEntry['op'], string> = { add: 'added', remove: 'removed', change: 'changed' };

/**
 * A structural diff (src/shared/json-diff.ts) as a table: where (JSON pointer), what happened, and the
 * value on each side as JSON. The History panel and the import preview both show diffs this way.
 */
/** One row: a diff entry as json-diff makes it, or as the server sends it back. */
export type DiffRow = Pick<DiffEntry, 'op' | 'pointer'> & { before?: unknown; after?: unknown };

export function DiffTable({ diff, caption, before, after, className = '' }: { diff: readonly DiffRow[]; caption: string; before: string; after: string; className?: string }) {
  return (
    <table className={`table table-sm small tessera-diff ${className}`.trim()}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Where</th>
          <th scope="col">Change</th>
          <th scope="col">{before}</th>
          <th scope="col">{after}</th>
        </tr>
      </thead>
      <tbody>
        {diff.map((d) => (
          <tr key={d.pointer} className={`tessera-diff-${d.op}`}>
            <td>
              <code>{d.pointer || '/'}</code>
            </td>
            <td>{WORDS[d.op]}</td>
            <td>
              <code className="tessera-diff-value">{text(d.before)}</code>
            </td>
            <td>
              <code className="tessera-diff-value">{text(d.after)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
