import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../../runtime/api/http';
import { StandaloneForm } from './StandaloneForm';
import type { Values } from '../../runtime/form-store';

/**
 * Three stages, each with its own form definition named after it: enter the e-mail,
 * then the token received, then the new password; then back to /login. The stage comes from
 * the route (/lost_password/:stage/:token), the first by default. The e-mail travels between
 * stages in sessionStorage so a reload does not lose it; the link in the e-mail
 * (/lost_password/token/{token}?email=...) brings both, so it works in another browser too.
 */
const STAGES = {
  lost_password: { form: 'lost_password', call: '/api/user/lost_password', submit: 'Send token', next: '/lost_password/token' },
  token: { form: 'lost_password_token', call: '/api/user/validate_token', submit: 'Check token', next: '/lost_password/change' },
  change: { form: 'lost_password_change', call: '/api/user/change_password', submit: 'Change password', next: '/login' },
} as const;

const EMAIL_KEY = 'tessera.lostPassword.email';

export function LostPasswordScreen() {
  const { stage = 'lost_password', token = '' } = useParams();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const key = stage === 'token' || stage === 'change' ? stage : 'lost_password';
  const step = STAGES[key];
  const email = query.get('email') ?? sessionStorage.getItem(EMAIL_KEY) ?? '';
  const initial: Values = key === 'lost_password' ? {} : { email, ...(token ? { token } : {}) };
  return (
    <StandaloneForm
      key={key}
      name={step.form}
      initial={initial}
      submitLabel={step.submit}
      header={
        typeof notice === 'string' && notice ? (
          <div className="alert alert-info" role="status">
            {notice}
          </div>
        ) : null
      }
      onSubmit={async (values) => {
        const body = { ...initial, ...values };
        const answer = await api<{ message?: string }>('POST', step.call, body);
        if (!answer.ok) return answer.error;
        if (typeof body.email === 'string') sessionStorage.setItem(EMAIL_KEY, body.email);
        if (key === 'change') sessionStorage.removeItem(EMAIL_KEY);
        const nextToken = key === 'token' && typeof body.token === 'string' ? `/${encodeURIComponent(body.token)}` : '';
        // Stage 1 answers alike for every address; its message says so on the next screen.
        navigate(`${step.next}${nextToken}`, { state: { notice: key === 'lost_password' ? answer.data?.message : undefined } });
        return null;
      }}
    >
      <Link to="/login" className="btn btn-link">
        Back to sign-in
      </Link>
    </StandaloneForm>
  );
}
