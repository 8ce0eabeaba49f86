import { Link, useNavigate, useParams } from 'react-router';
import type { FormDefinition } from '../../generated/definitions';
import { api } from '../../runtime/api/http';
import { useApi } from '../../runtime/api/useApi';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Loading } from '../../ui/Loading';
import { ActionLinks } from '../../ui/ActionLinks';
import type { Values } from '../../runtime/form-store';
import { StandaloneForm } from './StandaloneForm';

/**
 * 'Change User Password' for an admin: the form's server actions, a 'Change
 * password' button and a Cancel link back to /users. NewPassword1 must equal NewPassword2,
 * else 'Password mismatch' and nothing is sent; on success the admin goes to /users.
 */
export function ChangeUserPasswordScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const definition = useApi<FormDefinition>('/api/form/changeuserpassword/definition');
  const record = useApi<Values>(`/api/form/changeuserpassword/data/${encodeURIComponent(id)}`);
  if (definition.loading || record.loading) return <Loading />;
  if (!definition.data) return <ErrorBanner message={definition.error} />;
  return (
    <div className="mx-auto" style={{ maxWidth: 640 }}>
      <div className="d-flex gap-2 mb-2">
        <ActionLinks actions={definition.data.actions} align="left" />
        <span className="me-auto" />
        <ActionLinks actions={definition.data.actions} align="right" />
      </div>
      <div className="card shadow-sm">
        <div className="card-body">
      <StandaloneForm
        name="changeuserpassword"
        initial={record.data ?? {}}
        submitLabel="Change password"
        header={<p className="text-body-secondary">Change User Password{record.data?.user ? ` for ${String(record.data.user)}` : ''}</p>}
        onSubmit={async (values) => {
          if (values.NewPassword1 !== values.NewPassword2) return 'Password mismatch';
          const answer = await api('POST', '/api/changeuserpassword', { id, NewPassword1: values.NewPassword1, NewPassword2: values.NewPassword2 });
          if (!answer.ok) return answer.error;
          navigate('/users');
          return null;
        }}
      >
        <Link className="btn btn-outline-secondary" to="/users">
          Cancel
        </Link>
      </StandaloneForm>
        </div>
      </div>
    </div>
  );
}
