import { Link } from 'react-router';
import { PageHead } from '../../runtime/views/PageHead';
import { BUILD_GROUPS } from '../shell/build-entries';

const HEADINGS = ['Build the app', 'People and the whole app'];

/**
 * The home page of an administrator who has not chosen one (a new installation's first admin):
 * where each part of the builder is and what it is for, the same places as the Build menu.
 */
export function GettingStarted() {
  return (
    <section className="tessera-page mx-auto" style={{ maxWidth: '48rem' }} aria-labelledby="getting-started-title">
      <PageHead title="Getting started" />
      <h1 id="getting-started-title" className="h4 mb-2">
        Getting started
      </h1>
      <p className="text-body-secondary">
        Every screen of your app is a definition you design here. The same links are in the <strong>Build</strong> menu above.
      </p>
      {BUILD_GROUPS.map((group, i) => (
        <section key={i} className="mb-3" aria-labelledby={`getting-started-${i}`}>
          <h2 id={`getting-started-${i}`} className="h6 text-uppercase text-body-secondary mb-2">
            {HEADINGS[i]}
          </h2>
          <ul className="list-group">
            {group.map((entry) => (
              <li key={entry.to} className="list-group-item d-flex flex-wrap gap-2 align-items-baseline">
                <Link to={entry.to} className="fw-semibold" style={{ flex: '0 0 11rem' }}>
                  {entry.label}
                </Link>
                <span className="text-body-secondary">{entry.description}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p className="small text-body-secondary">
        This page shows until you choose your own home page: set <em>Front page</em> in My details to the name of a page.
      </p>
    </section>
  );
}
