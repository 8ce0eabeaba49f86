import { Outlet } from 'react-router';
import { useSession } from '../../runtime/session';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Footer } from './Footer';
import { useNavbarState } from './navbar-state';
import { Navbar } from './Navbar';
import { ViewAsBanner } from './ViewAsBanner';

/** The licence status, in red when expired or anything but 'Registered'. */
export function LicenceStatus() {
  const env = useSession((s) => s.env);
  if (!env) return null;
  // The status is shown, in red, only when the licence is not healthy.
  if (env.LICENCE_STATUS === 'Registered' && !env.EXPIRED) return null;
  const text = env.EXPIRED ? `Licence: ${env.LICENCE_STATUS || 'unknown'} (expired)` : `Licence: ${env.LICENCE_STATUS || 'unknown'}`;
  return (
    <div
      className="licence-status small text-center py-1 text-danger fw-semibold"
      role="status"
      data-testid="licence-status"
    >
      {text}
    </div>
  );
}

/** The signed-in shell: the View-as banner, navbar, licence line, content, footer. */
export function MainLayout() {
  const error = useSession((s) => s.error);
  // A start or stop of View as mounts the screen anew, so it loads its data as the new viewer.
  const viewGeneration = useSession((s) => s.viewGeneration);
  const actions = useNavbarState((s) => s.actions);
  const edit = useNavbarState((s) => s.edit);
  return (
    <div className="shell">
      <ViewAsBanner />
      <Navbar actions={actions} edit={edit} />
      <LicenceStatus />
      <main className="shell-content container-fluid py-3">
        <ErrorBanner message={error} />
        <Outlet key={viewGeneration} />
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
      <main className="shell-content container py-4">
        <div className="row justify-content-center">
          <div className="col-12 col-sm-10 col-md-8 col-lg-6 col-xl-5">
            <div className="card public-card shadow-sm">
              <div className="card-body">
                <ErrorBanner message={error} />
                <Outlet />
              </div>
            </div>
          </div>
        </div>
      </main>
      <Footer />
    </div>
  );
}
