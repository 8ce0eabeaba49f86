import { Link } from 'react-router';
import { FormScreen } from '../screens/FormScreen';
import { useSession } from '../../runtime/session';
import { envFlag } from './navbar-state';

/** The message /register shows when the site does not take self-registrations. */
export const REGISTRATION_OFF = 'Self-registration is turned off on this site. Ask an administrator for an account.';

/**
 * /register is the form named register in add mode with id 0, when the site takes
 * self-registrations (SELF_REGISTRATION in GET /api/env/); otherwise it says so instead of
 * showing a form the server would refuse.
 */
export function RegisterScreen() {
  const open = useSession((s) => envFlag(s.env?.SELF_REGISTRATION));
  if (open) return <FormScreen name="register" action="add" id="0" />;
  return (
    <div>
      <div className="alert alert-info" role="status">
        {REGISTRATION_OFF}
      </div>
      <Link className="btn btn-outline-secondary" to="/login">
        Back to login
      </Link>
    </div>
  );
}
