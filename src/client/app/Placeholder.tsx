import { useLocation } from 'react-router';

/** Stands in for a screen the runtime has not built yet, naming its route. */
export function Placeholder({ route, note }: { route: string; note?: string }) {
  const location = useLocation();
  return (
    <section className="panel" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title" className="panel-title">
        {route}
      </h1>
      <p>This screen arrives with the runtime.</p>
      <p className="muted">
        Route <code>{route}</code>, opened as <code>{location.pathname}</code>
        {note ? <> ({note})</> : null}.
      </p>
    </section>
  );
}
