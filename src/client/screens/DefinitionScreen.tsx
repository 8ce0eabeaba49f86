import { useParams } from 'react-router';
import { useApi } from '../api/useApi';
import { ErrorBanner } from '../app/ErrorBanner';
import { Loading } from '../app/Loading';

/**
 * The designer and raw-editor routes before the designers land: the stored definition, read
 * only, as JSON (viewer height 50vh, spec 9). Adding (id 0) has nothing to show yet.
 */
export function DefinitionScreen({ kind }: { kind: 'form' | 'grid' | 'page' | 'menu' }) {
  const { id = '0' } = useParams();
  const loaded = useApi<Record<string, unknown>>(id === '0' ? null : `/api/definitions/${kind}/${encodeURIComponent(id)}`);
  const label = `${kind.charAt(0).toUpperCase()}${kind.slice(1)} definition`;
  if (loaded.loading) return <Loading />;
  return (
    <section aria-labelledby="definition-title">
      <h1 id="definition-title" className="h4">
        {label}
        {loaded.data?.name ? `: ${String(loaded.data.name)}` : ''}
      </h1>
      <p className="text-body-secondary">Read only: editing comes with the {kind} designer.</p>
      <ErrorBanner message={loaded.error} />
      {loaded.data ? (
        <pre className="border rounded bg-body-tertiary p-2 overflow-auto" style={{ maxHeight: '50vh' }} tabIndex={0} aria-label={label}>
          {JSON.stringify(loaded.data, null, 2)}
        </pre>
      ) : null}
    </section>
  );
}
