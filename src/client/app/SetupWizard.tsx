import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../api/http';
import {
  SimpleForm,
  initialValues,
  pickValues,
  validateForm,
  type FormDefinition,
  type FormErrors,
  type FormValues,
} from '../runtime/SimpleForm';
import { ErrorBanner } from './ErrorBanner';
import { Footer } from './Footer';
import { Loading } from './Loading';

/** Spec 2.3 and 9: exactly two steps, in this order. */
const STEPS = ['setup_user', 'setup_smtp'] as const;

type Definitions = Partial<Record<(typeof STEPS)[number], FormDefinition>>;

export function SetupWizard() {
  const [step, setStep] = useState(0);
  const [defs, setDefs] = useState<Definitions>({});
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<FormErrors>({});
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void Promise.all(STEPS.map((name) => api<FormDefinition>('GET', `/api/form/${name}/definition`))).then((answers) => {
      if (!live) return;
      const loaded: Definitions = {};
      let start: FormValues = {};
      answers.forEach((answer, i) => {
        const name = STEPS[i];
        if (name && answer.ok && answer.data) {
          loaded[name] = answer.data;
          start = { ...start, ...initialValues(answer.data) };
        }
      });
      const failed = answers.find((a) => !a.ok);
      setDefs(loaded);
      setValues(start);
      if (failed) setError(failed.error);
    });
    return () => {
      live = false;
    };
  }, []);

  const stepName = STEPS[step] ?? 'setup_user';
  const current = defs[stepName] ?? null;
  const last = step === STEPS.length - 1;

  const onChange = (name: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
  };

  /** Validates the current step; shows its messages and answers whether it may move on. */
  const stepIsValid = (): boolean => {
    const found = validateForm(current, values);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const next = (e?: FormEvent) => {
    e?.preventDefault();
    if (!stepIsValid()) return;
    setError('');
    setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };

  const previous = () => {
    setErrors({});
    setError('');
    setNotice('');
    setStep((s) => Math.max(s - 1, 0));
  };

  const testSmtp = async () => {
    setBusy(true);
    setError('');
    setNotice('');
    const answer = await api('POST', '/api/smtp/test', pickValues(current, values));
    setBusy(false);
    if (answer.ok) setNotice('SMTP Test Status: Success');
    else setError(answer.error);
  };

  const finish = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!stepIsValid()) return;
    setBusy(true);
    setError('');
    // Both steps' values merged into one payload (spec 3.5); only the fields they define.
    const payload = STEPS.reduce<FormValues>((all, name) => ({ ...all, ...pickValues(defs[name] ?? null, values) }), {});
    const answer = await api('POST', '/api/setup/finish', payload);
    if (answer.ok) {
      // A full reload so the session, user and guards all start from the server's truth.
      window.location.assign('/');
      return;
    }
    setBusy(false);
    setError(answer.error);
  };

  return (
    <div className="shell">
      <main className="content narrow">
        <form className="card" onSubmit={last ? (e) => void finish(e) : next} noValidate aria-labelledby="setup-title">
          <p className="muted">
            Setup, step {step + 1} of {STEPS.length}
          </p>
          <h1 id="setup-title" className="panel-title">
            {current?.title ?? 'Setup'}
          </h1>
          <ErrorBanner message={error} />
          {notice ? (
            <div className="alert alert-success" role="status">
              {notice}
            </div>
          ) : null}
          {current ? (
            <SimpleForm key={stepName} definition={current} values={values} errors={errors} onChange={onChange} />
          ) : error ? null : (
            <Loading />
          )}
          <div className="toolbar">
            <button type="button" className="btn" onClick={previous} disabled={step === 0 || busy}>
              Previous
            </button>
            {last ? (
              <>
                <button type="button" className="btn" onClick={() => void testSmtp()} disabled={busy || !current}>
                  Test SMTP
                </button>
                <button type="submit" className="btn btn-primary" disabled={busy || !current}>
                  Finish
                </button>
              </>
            ) : (
              <button type="submit" className="btn btn-primary" disabled={busy || !current}>
                Next
              </button>
            )}
          </div>
        </form>
      </main>
      <Footer />
    </div>
  );
}
