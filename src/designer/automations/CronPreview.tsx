import { useMemo } from 'react';
import { nextRuns, parseCron } from './cron';

const WHEN = new Intl.DateTimeFormat(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** What a schedule's cron text means: what is wrong with it, or its next three runs (in this browser's time zone). */
export function CronPreview({ id, cron }: { id: string; cron: string }) {
  const read = useMemo(() => parseCron(cron), [cron]);
  const runs = useMemo(() => (read.ok ? nextRuns(read.cron, new Date(), 3) : []), [read]);
  if (!read.ok) {
    return (
      <p id={id} className="small text-danger mb-2" role="status">
        {read.error}
      </p>
    );
  }
  return (
    <div id={id} className="small mb-2" role="status">
      {runs.length === 0 ? (
        'It never fires (no such day in the next four years).'
      ) : (
        <>
          Next runs (your time; the server runs it in the instance&apos;s time zone):
          <ul className="mb-0">
            {runs.map((r) => (
              <li key={r.getTime()}>{WHEN.format(r)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
