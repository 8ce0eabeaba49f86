import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { FormDefinition } from '../../../generated/definitions';
import { VALIDATION_FAILED } from '../../../shared/field-validation';
import { api } from '../../../runtime/api/http';
import { useApi } from '../../../runtime/api/useApi';
import { createFormStore, type Values } from '../../../runtime/form-store';
import { checkForm, initialValues } from '../../../runtime/form-logic';
import { usePlugins } from '../../../runtime/host';
import type { AfterSave, Runtime } from '../../../runtime/RuntimeContext';
import { useSession } from '../../../runtime/session';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Loading } from '../../../ui/Loading';
import { Modal } from '../../../ui/Modal';
import { DialogForm } from './DialogForm';

export const SAME_PASSWORD = 'New password must be different from the old one';
export const PASSWORD_MISMATCH = 'Password mismatch';

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * The checks the client makes before sending anything: the answer is the message to show,
 * or '' when the new password may be sent.
 */
export function passwordChangeProblem(values: Values): string {
  if (text(values.NewPassword1) === text(values.OldPassword)) return SAME_PASSWORD;
  if (text(values.NewPassword1) !== text(values.NewPassword2)) return PASSWORD_MISMATCH;
  return '';
}

/** The 'Change My Password' dialogue: every signed-in user, when security is on (ENABLE_SECURITY). */
export function ChangeMyPasswordDialog({ onClose }: { onClose(): void }) {
  const definition = useApi<FormDefinition>('/api/form/changemypassword/definition');
  // The form owns its values; the dialog only needs a way to ask it to save on Ctrl+S.
  const saveRef = useRef<(() => void) | null>(null);
  return (
    <Modal
      id="changemypassword"
      title={definition.data?.title || 'Change My Password'}
      icon="key"
      onClose={onClose}
      onEscape={() => {
        if (window.confirm('Discard changes?')) onClose();
      }}
      onSave={() => saveRef.current?.()}
      size="md"
    >
      {/* The body shows nothing but the spinner until the definition is here. */}
      {definition.loading ? <Loading /> : definition.data ? <PasswordForm definition={definition.data} onClose={onClose} saveRef={saveRef} /> : <ErrorBanner message={definition.error} />}
    </Modal>
  );
}

function PasswordForm({ definition, onClose, saveRef }: { definition: FormDefinition; onClose(): void; saveRef: RefObject<(() => void) | null> }) {
  const email = useSession((s) => s.user?.email ?? '');
  const plugins = usePlugins();
  const [store] = useState(() => createFormStore({ ...initialValues(plugins, definition.definition), email }));
  const [banner, setBanner] = useState('');
  const [busy, setBusy] = useState(false);
  const runtime = useMemo<Runtime>(
    () => ({ store, mode: 'edit', readOnly: false, idPrefix: 'changemypassword', recordId: null, afterSave: new Set<AfterSave>() }),
    [store],
  );

  const save = async () => {
    if (busy) return;
    if (!checkForm(plugins, store, definition.definition)) {
      setBanner(VALIDATION_FAILED);
      return;
    }
    const { values } = store.getState();
    const problem = passwordChangeProblem(values);
    if (problem) {
      setBanner(problem);
      return;
    }
    setBusy(true);
    setBanner('');
    const answer = await api('POST', '/api/changemypassword', {
      email: text(values.email) || email,
      OldPassword: text(values.OldPassword),
      NewPassword1: text(values.NewPassword1),
      NewPassword2: text(values.NewPassword2),
    });
    setBusy(false);
    if (answer.ok) onClose();
    else setBanner(answer.error);
  };

  // A layout effect: Ctrl+S reaches this form from the moment it is drawn.
  useLayoutEffect(() => {
    saveRef.current = () => void save();
  });

  return (
    <DialogForm
      label="Change My Password"
      runtime={runtime}
      rows={definition.definition}
      banners={<ErrorBanner message={banner} />}
      busy={busy}
      onSave={() => void save()}
      onCancel={onClose}
    />
  );
}
