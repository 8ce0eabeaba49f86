import { useSession } from '../../runtime/session';

export const PROVIDER_URL = 'https://tessera.dev';

/** The footer: environment name, the provider's site, and who is signed in. */
export function Footer() {
  const env = useSession((s) => s.env);
  const user = useSession((s) => s.user);
  const loading = useSession((s) => s.loading);
  return (
    <footer className="app-footer border-top bg-body-tertiary text-body-secondary small">
      <div className="container-fluid d-flex flex-wrap gap-3 justify-content-between py-2">
        <span>{env?.ENVIRONMENT_NAME ?? ''}</span>
        <a className="link-body-emphasis" href={PROVIDER_URL} target="_blank" rel="noreferrer">
          tessera.dev
        </a>
        {/* Nothing while loading, so a signed-in user never flashes 'Not Logged In'. */}
        <span className="footer-user">{loading ? '' : user ? `User: ${user.user}` : 'Not Logged In'}</span>
      </div>
    </footer>
  );
}
