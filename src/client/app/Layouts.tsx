import { Outlet } from 'react-router';
import { api } from '../api/http';
import { useSession } from '../state/session';
import { ErrorBanner } from './ErrorBanner';
import { Footer } from './Footer';

function LicenceStatus() {
  const env = useSession((s) => s.env);
  if (!env) return null;
  const healthy = env.LICENCE_STATUS === 'Registered' && !env.EXPIRED;
  if (healthy) return null;
  return (
    <div className="licence" role="status">
      {env.EXPIRED ? `Licence expired (${env.LICENCE_STATUS})` : env.LICENCE_STATUS}
    </div>
  );
}

async function logout() {
  const answer = await api('GET', '/api/logout');
  // Spec 7: logout errors are only logged.
  if (!answer.ok) console.error('Logout failed:', answer.error);
  window.location.assign('/login');
}

function Navbar() {
  const { env, user } = useSession();
  const security = env ? Number(env.ENABLE_SECURITY) !== 0 : true;
  return (
    <header className="navbar">
      <a className="brand" href="/">
        {env?.ENVIRONMENT_NAME || 'Tessera'}
      </a>
      <nav aria-label="Main" className="nav-right">
        {user && security ? (
          <button type="button" className="btn btn-link" onClick={() => void logout()}>
            Logout
          </button>
        ) : null}
      </nav>
    </header>
  );
}

/** The signed-in shell: navbar, licence line, content, footer. */
export function MainLayout() {
  const error = useSession((s) => s.error);
  return (
    <div className="shell">
      <Navbar />
      <LicenceStatus />
      <main className="content">
        <ErrorBanner message={error} />
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/** Login, register and lost password: no navbar, a narrow centred card. */
export function PublicLayout() {
  const error = useSession((s) => s.error);
  return (
    <div className="shell">
      <LicenceStatus />
      <main className="content narrow">
        <ErrorBanner message={error} />
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
