import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../api/http';
import { SimpleForm, initialValues, pickValues, validateForm, type FormErrors, type FormValues } from '../runtime/SimpleForm';
import { useSession } from '../state/session';
import { ErrorBanner } from './ErrorBanner';
import { Loading } from './Loading';
import { useFormDefinition } from './useFormDefinition';

interface LoginAnswer {
  success?: boolean;
  error?: string;
}

export function LoginScreen() {
  const { definition, error: loadError } = useFormDefinition('login');
  const [values, setValues] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const reload = useSession((s) => s.load);

  const current = values ?? initialValues(definition);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateForm(definition, current);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setError('');
    const answer = await api<LoginAnswer>('POST', '/api/login', pickValues(definition, current));
    if (answer.ok && answer.data?.success) {
      await reload();
      navigate('/', { replace: true });
      return;
    }
    setBusy(false);
    setError(answer.ok ? (answer.data?.error ?? 'Login failed') : answer.error);
  };

  return (
    <form className="card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="login-title">
      <h1 id="login-title" className="panel-title">
        {definition?.title ?? 'Login'}
      </h1>
      <ErrorBanner message={error || loadError} />
      {definition ? (
        <SimpleForm
          definition={definition}
          values={current}
          errors={errors}
          onChange={(name, value) => setValues({ ...current, [name]: value })}
        />
      ) : loadError ? null : (
        <Loading />
      )}
      <div className="toolbar">
        <button type="submit" className="btn btn-primary" disabled={busy || !definition}>
          Login
        </button>
        <Link className="btn" to="/register">
          Register
        </Link>
        <Link className="btn btn-link" to="/lost_password">
          Lost password?
        </Link>
      </div>
    </form>
  );
}
