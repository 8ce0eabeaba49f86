import { useEffect, useMemo, useState } from 'react';
import type { FormDefinition } from '../../generated/definitions';
import { VALIDATION_FAILED } from '../../shared/field-validation';
import { api } from '../../runtime/api/http';
import { createFormStore } from '../../runtime/form-store';
import { checkForm, initialValues, recordValues } from '../../runtime/form-logic';
import { usePlugins } from '../../runtime/host';
import { RowsView } from '../../runtime/Interpreter';
import { RuntimeContext, type AfterSave, type Runtime } from '../../runtime/RuntimeContext';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Footer } from './Footer';
import { Loading } from '../../ui/Loading';
import { PageHead } from '../../runtime/views/PageHead';

/** Exactly two steps, in this order (tests/browser/smoke.test.ts walks them). */
const STEPS = ['setup_user', 'setup_smtp'] as const;

/**
 * The first-run wizard: each step's fields come from its server definition; one
 * store holds both steps, so values survive moving back and forth; moving, testing SMTP and
 * finishing are blocked while the current step is invalid; Finish posts both steps merged and
 * reloads the page fully.
 */
export function SetupWizard() {
  const [defs, setDefs] = useState<FormDefinition[] | null>(null);
  const [step, setStep] = useState(0);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const plugins = usePlugins();
  const [store] = useState(() => createFormStore());
  const runtime = useMemo<Runtime>(
    () => ({ store, mode: 'add', readOnly: false, idPrefix: 'setup', recordId: null, afterSave: new Set<AfterSave>() }),
    [store],
  );

  useEffect(() => {
    let live = true;
    void Promise.all(STEPS.map((name) => api<FormDefinition>('GET', `/api/form/${name}/definition`))).then((answers) => {
      if (!live) return;
      const failed = answers.find((a) => !a.ok || !a.data);
      if (failed) {
        setError(failed.error);
        return;
      }
      const loaded = answers.map((a) => a.data as FormDefinition);
      store.setState({ values: Object.assign({}, ...loaded.map((d) => initialValues(plugins, d.definition))) });
      setDefs(loaded);
    });
    return () => {
      live = false;
    };
  }, [store, plugins]);

  const current = defs?.[step];
  const last = step === STEPS.length - 1;

  /** Validates the current step and shows its messages; answers whether it may move on. */
  const stepIsValid = (): boolean => {
    if (!current) return false;
    const ok = checkForm(plugins, store, current.definition);
    setError(ok ? '' : VALIDATION_FAILED);
    return ok;
  };

  const move = async (to: number) => {
    if (!current || !stepIsValid()) return;
    // The step that asks for the setup code checks it before moving on (POST /api/setup/check-code,
    // counted like a sign-in attempt), so a wrong code is refused where it can be fixed, not at Finish.
    if (to > step && 'setupCode' in recordValues(plugins, current.definition, store.getState().values)) {
      setBusy(true);
      const answer = await api<{ code?: string }>('POST', '/api/setup/check-code', { setupCode: store.getState().values.setupCode });
      setBusy(false);
      if (!answer.ok) {
        setError(answer.error);
        // The field to fix is marked red; the banner above says why (once).
        if (answer.data?.code === 'SETUP_CODE') store.setState({ errors: { setupCode: { valid: false, message: '' } }, submitted: true });
        return;
      }
    }
    setNotice('');
    store.setState({ errors: {}, submitted: false });
    setStep(to);
  };

  const testSmtp = async () => {
    if (!current || !stepIsValid()) return;
    setBusy(true);
    setNotice('');
    const values = store.getState().values;
    // Before setup the server tests SMTP only for whoever holds the setup code (routes/settings.ts):
    // the one typed in the first step goes along, and nothing else of the account.
    const answer = await api('POST', '/api/smtp/test', { ...recordValues(plugins, current.definition, values), setupCode: values.setupCode });
    setBusy(false);
    if (answer.ok) setNotice('SMTP Test Status: Success');
    else setError(answer.error);
  };

  const finish = async () => {
    if (!defs || !stepIsValid()) return;
    setBusy(true);
    // Both steps' values merged into one payload (POST /api/setup/finish); only the fields they define.
    const values = store.getState().values;
    const payload = Object.assign({}, ...defs.map((d) => recordValues(plugins, d.definition, values)));
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
    <div className="shell d-flex flex-column min-vh-100 bg-body-tertiary">
      <main className="container py-4 flex-grow-1" style={{ maxWidth: 640 }}>
        <RuntimeContext.Provider value={runtime}>
          <form
            className="card shadow-sm"
            noValidate
            aria-labelledby="setup-title"
            onSubmit={(e) => {
              e.preventDefault();
              if (last) void finish();
              else void move(step + 1);
            }}
          >
            <div className="card-body">
              <p className="text-body-secondary small mb-1">
                Setup, step {step + 1} of {STEPS.length}
              </p>
              <h1 id="setup-title" className="h4 mb-3">
                {current?.title ?? 'Setup'}
              </h1>
              <PageHead title={current?.title ?? 'Setup'} />
              <ErrorBanner message={error} />
              {notice ? (
                <div className="alert alert-success" role="status">
                  {notice}
                </div>
              ) : null}
              {current ? <RowsView key={current.name} rows={current.definition} path={current.name} /> : error ? null : <Loading />}
              <div className="d-flex flex-wrap gap-2">
                <button type="button" className="btn btn-outline-secondary" onClick={() => void move(step - 1)} disabled={step === 0 || busy}>
                  Previous
                </button>
                {last ? (
                  <>
                    <button type="button" className="btn btn-outline-primary" onClick={() => void testSmtp()} disabled={busy || !current}>
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
            </div>
          </form>
        </RuntimeContext.Provider>
      </main>
      <Footer />
    </div>
  );
}
