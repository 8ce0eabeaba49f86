import { lazy, Suspense } from 'react';
import { useApi } from '../../runtime/api/useApi';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Loading } from '../../ui/Loading';
import { PageHead } from '../../runtime/views/PageHead';

// The viewer (Swagger UI, about 1.5 MB) loads on demand: never with the app's first load.
const ApiDocsViewer = lazy(() => import('./ApiDocsViewer'));

/** `/apidocs` (admins): the API reference, rendered from the server's `/api/openapi.json`. */
export function ApiDocsScreen() {
  const doc = useApi<object>('/api/openapi.json');
  return (
    <section aria-labelledby="apidocs-title">
      <PageHead title="API Reference" description="The Tessera API, described as OpenAPI 3.1" />
      <h1 id="apidocs-title" className="h4">
        API Reference
      </h1>
      <p className="text-body-secondary">
        Every route of this server with its access level (<code>x-access</code>), generated from the routes themselves. The document
        itself is at{' '}
        <a href="/api/openapi.json" target="_blank" rel="noreferrer">
          /api/openapi.json
        </a>{' '}
        (administrators only).
      </p>
      <ErrorBanner message={doc.error} />
      {doc.loading ? <Loading /> : null}
      {doc.data ? (
        <Suspense fallback={<Loading />}>
          <ApiDocsViewer spec={doc.data} />
        </Suspense>
      ) : null}
    </section>
  );
}
