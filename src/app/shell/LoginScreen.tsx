import { Link, useNavigate } from 'react-router';
import { api } from '../../runtime/api/http';
import { StandaloneForm } from '../screens/StandaloneForm';
import { useSession } from '../../runtime/session';
import { storeViewAs } from '../../runtime/view-as';
import { envFlag } from './navbar-state';

interface LoginAnswer {
  success?: boolean;
  user?: { user: string };
  error?: string;
}

/**
 * /login: the login form definition, validated, then posted. The server sets the
 * session cookie `token` (HttpOnly) and never puts the token in the body (docs/security.md), so the
 * answer must hold success and the user; anything less is a failure. Register shows only when
 * the site takes self-registrations (SELF_REGISTRATION, off by default).
 */
export function LoginScreen() {
  const navigate = useNavigate();
  const reload = useSession((s) => s.load);
  // Register only where the server takes self-registrations (GET /api/env/ says so).
  const canRegister = useSession((s) => envFlag(s.env?.SELF_REGISTRATION));
  return (
    <StandaloneForm
      name="login"
      submitLabel="Login"
      onSubmit={async (values) => {
        const answer = await api<LoginAnswer>('POST', '/api/login', values);
        if (!answer.ok || !answer.data?.success || !answer.data.user) return answer.data?.error || answer.error || 'Login failed';
        // A View as left from a session that ended is not this one's.
        storeViewAs(null);
        await reload();
        navigate('/', { replace: true });
        return null;
      }}
    >
      {canRegister ? (
        <Link className="btn btn-outline-secondary" to="/register">
          Register
        </Link>
      ) : null}
      <Link className="btn btn-link" to="/lost_password">
        Lost password?
      </Link>
    </StandaloneForm>
  );
}
