import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { FormDefinition } from '../../../generated/definitions';
import { VALIDATION_FAILED } from '../../../shared/field-validation';
import { api } from '../../../runtime/api/http';
import { useApi } from '../../../runtime/api/useApi';
import { createFormStore, type FormStore } from '../../../runtime/form-store';
import { checkForm, initialValues, recordValues } from '../../../runtime/form-logic';
import { usePlugins } from '../../../runtime/host';
import type { AfterSave, Runtime } from '../../../runtime/RuntimeContext';
import { useSession, type EnvValues } from '../../../runtime/session';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Loading } from '../../../ui/Loading';
import { Modal } from '../../../ui/Modal';
import { DialogForm } from './DialogForm';

export const SMTP_SUCCESS = 'SMTP Test Status: Success';
export const DISCARD = 'Discard changes?';

/** GET /api/settings: the values, the SMTP password masked, and which ones the server's environment pins. */
export interface SettingsAnswer extends Record<string, unknown> {
  smtp_password_set?: boolean;
  pinned?: string[];
}

/** The footer and navbar read the environment: re-read it without putting the whole session back into loading. */
async function refreshEnv(): Promise<void> {
  const answer = await api<EnvValues>('GET', '/api/env/');
  if (answer.ok && answer.data) useSession.setState({ env: answer.data });
}

/**
 * The Settings dialogue: the `settings` form definition drawn by the interpreter
 * over GET /api/settings; Test SMTP, Save (closes and goes to /), Cancel. Escape, Cancel and
 * Close ask 'Discard changes?' when something was changed; Ctrl+S saves.
 */
export function SettingsDialog({ onClose }: { onClose(): void }) {
  const definition = useApi<FormDefinition>('/api/form/settings/definition');
  const settings = useApi<SettingsAnswer>('/api/settings');
  const storeRef = useRef<FormStore | null>(null);
  const saveRef = useRef<(() => void) | null>(null);
  const leave = () => {
    if (storeRef.current?.getState().dirty && !window.confirm(DISCARD)) return;
    onClose();
  };
  const loading = definition.loading || settings.loading;
  const problem = definition.error || settings.error;
  return (
    <Modal id="settings" title={definition.data?.title || 'Settings'} icon="gear" onClose={leave} onEscape={leave} onSave={() => saveRef.current?.()}>
      {/* The body shows nothing but the spinner until everything is here. */}
      {loading ? (
        <Loading />
      ) : definition.data && settings.data ? (
        <SettingsForm definition={definition.data} values={settings.data} storeRef={storeRef} saveRef={saveRef} onCancel={leave} onSaved={onClose} />
      ) : (
        <ErrorBanner message={problem} />
      )}
    </Modal>
  );
}

interface FormProps {
  definition: FormDefinition;
  values: SettingsAnswer;
  storeRef: RefObject<FormStore | null>;
  saveRef: RefObject<(() => void) | null>;
  onCancel(): void;
  onSaved(): void;
}

function SettingsForm({ definition, values, storeRef, saveRef, onCancel, onSaved }: FormProps) {
  const navigate = useNavigate();
  const plugins = usePlugins();
  const [store] = useState(() => createFormStore({ ...initialValues(plugins, definition.definition), ...values }));
  const [banner, setBanner] = useState('');
  /** After a successful SMTP test: '' when no test message was sent, else its address. */
  const [notice, setNotice] = useState<{ sentTo: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const runtime = useMemo<Runtime>(
    () => ({ store, mode: 'edit', readOnly: false, idPrefix: 'settings', recordId: null, afterSave: new Set<AfterSave>() }),
    [store],
  );
  // Layout effects: the dialogue's Escape and Ctrl+S must reach this form from the moment it is
  // drawn, not from when passive effects happen to run (later, on a busy machine).
  useLayoutEffect(() => {
    storeRef.current = store;
    return () => {
      storeRef.current = null;
    };
  }, [store, storeRef]);

  /** The form's values when they pass its checks (the messages show otherwise). */
  const checked = () => {
    if (!checkForm(plugins, store, definition.definition)) {
      setNotice(null);
      setBanner(VALIDATION_FAILED);
      return null;
    }
    return recordValues(plugins, definition.definition, store.getState().values);
  };

  const save = async () => {
    if (busy) return;
    const body = checked();
    if (!body) return;
    setBusy(true);
    setBanner('');
    const answer = await api('POST', '/api/settings', body);
    setBusy(false);
    if (!answer.ok) {
      setNotice(null);
      setBanner(answer.error);
      return;
    }
    // Navigate first: closing unmounts this form, and with it its navigate.
    navigate('/');
    onSaved();
    await refreshEnv();
  };

  const testSmtp = async () => {
    if (busy) return;
    const body = checked();
    if (!body) return;
    setBusy(true);
    setBanner('');
    setNotice(null);
    const answer = await api<{ sentTo?: string }>('POST', '/api/smtp/test', body);
    setBusy(false);
    if (answer.ok) setNotice({ sentTo: answer.data?.sentTo ?? '' });
    else setBanner(answer.error);
  };

  useLayoutEffect(() => {
    saveRef.current = () => void save();
  });

  // The buttons sit below a long form: bring a new banner into view, or it is missed above the fold.
  const bannersRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (banner || notice) bannersRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [banner, notice]);

  const pinned = values.pinned ?? [];
  return (
    <DialogForm
      label="Settings"
      runtime={runtime}
      rows={definition.definition}
      banners={
        <div ref={bannersRef}>
          <ErrorBanner message={banner} />
          {notice ? (
            <div className="alert alert-success">
              {/* Exactly this text, as the setup wizard shows it: tests/component/settings-dialog.test.tsx asserts it. */}
              <div role="status">{SMTP_SUCCESS}</div>
              {notice.sentTo ? <div className="small mt-1">A test message went to {notice.sentTo}.</div> : null}
            </div>
          ) : null}
        </div>
      }
      busy={busy}
      onSave={() => void save()}
      onCancel={onCancel}
      actions={
        <button type="button" className="btn btn-outline-primary me-auto" onClick={() => void testSmtp()} disabled={busy}>
          Test SMTP
        </button>
      }
    >
      {pinned.length > 0 ? (
        <p className="small text-body-secondary">
          Fixed by the server&apos;s environment, whatever is saved here: {pinned.join(', ')}.
        </p>
      ) : null}
    </DialogForm>
  );
}
