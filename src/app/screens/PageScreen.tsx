import { useId, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { PageDefinition } from '../../generated/definitions';
import { useApi } from '../../runtime/api/useApi';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Loading } from '../../ui/Loading';
import { ActionLinks } from '../../ui/ActionLinks';
import { useNavbar } from '../shell/navbar-state';
import { RowsView } from '../../runtime/Interpreter';
import { RuntimeContext, type Runtime } from '../../runtime/RuntimeContext';
import { createFormStore } from '../../runtime/form-store';
import { PageHead } from '../../runtime/views/PageHead';
import { useSession } from '../../runtime/session';

/** Centred pages (a page's `center`, schemas/page.json) keep a readable line length instead of spanning the screen. */
const CENTERED_WIDTH = '60rem';

function EditPageLink({ id }: { id: string }) {
  return (
    <Link className="btn btn-outline-secondary btn-sm" to={`/pagedesigner/edit/${encodeURIComponent(id)}`} aria-label="Edit page" title="Edit page">
      Edit
    </Link>
  );
}

/**
 * A page definition (schemas/page.json) drawn as a page: toolbar with title and actions, then its
 * rows. Used by /page/:name, the home screen and the About dialogue; `headingLevel` lets a
 * dialogue that has its own h1 title the page with an h2.
 */
export function PageView({ name, headingLevel = 1, head = false }: { name: string; headingLevel?: 1 | 2; head?: boolean }) {
  const page = useApi<PageDefinition>(`/api/page/${encodeURIComponent(name)}/definition`);
  const isAdmin = useSession((s) => s.user?.Admin === true);
  // DOM ids must stay unique when two pages are shown at once (the home page under the About dialogue).
  const idPrefix = `page${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const definition = page.data;
  // A page has no record, but its columns still read a store; a new definition gets a new one.
  const runtime = useMemo<Runtime>(
    () => ({ store: createFormStore(), mode: 'view', readOnly: false, idPrefix, recordId: null, afterSave: new Set() }),
    [definition, idPrefix],
  );

  // A route page whose own toolbar is hidden shows its actions, and an admin its edit
  // link, in the navbar instead (embedded pages never take over the navbar).
  const inNavbar = head && definition?.hideToolbar === true;
  useNavbar(inNavbar ? definition.actions : undefined, inNavbar && isAdmin && definition.id ? { url: '/pagedesigner/edit/', id: definition.id } : null);

  if (page.error) return <ErrorBanner message={page.error} />;
  if (page.loading || !definition) return <Loading />;

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const center = definition.center === true;
  const editLink = isAdmin && definition.id ? <EditPageLink id={definition.id} /> : null;

  return (
    <section className={center ? 'tessera-page mx-auto' : 'tessera-page'} style={center ? { maxWidth: CENTERED_WIDTH } : undefined} aria-label={definition.title || definition.name}>
      {head ? <PageHead title={definition.title || definition.name} /> : null}
      {definition.hideToolbar ? (
        !inNavbar && editLink && <div className="d-flex justify-content-end mb-2">{editLink}</div>
      ) : (
        <div className={`d-flex flex-wrap align-items-center gap-2 mb-3${center ? ' justify-content-center' : ''}`}>
          {definition.title ? <Heading className={`h3 mb-0 me-2${center ? ' text-center w-100' : ''}`}>{definition.title}</Heading> : null}
          <ActionLinks actions={definition.actions} align="left" />
          <div className={center ? 'd-flex flex-wrap gap-2' : 'ms-auto d-flex flex-wrap gap-2'}>
            <ActionLinks actions={definition.actions} align="right" />
            {editLink}
          </div>
        </div>
      )}
      <RuntimeContext.Provider value={runtime}>
        <RowsView rows={definition.definition} />
      </RuntimeContext.Provider>
    </section>
  );
}

/** Route /page/:name. */
export function PageScreen() {
  const { name = '' } = useParams();
  return <PageView name={name} head />;
}
