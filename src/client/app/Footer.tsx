import { useSession } from '../state/session';

export function Footer() {
  const { env, user, loading } = useSession();
  return (
    <footer className="footer">
      <span>{env?.ENVIRONMENT_NAME ?? ''}</span>
      <a href="https://tessera.dev" target="_blank" rel="noreferrer">
        tessera.dev
      </a>
      <span className="footer-user">{loading ? '' : user ? `User: ${user.user}` : 'Not Logged In'}</span>
    </footer>
  );
}
