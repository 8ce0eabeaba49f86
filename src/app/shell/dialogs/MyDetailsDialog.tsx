import { api } from '../../../runtime/api/http';
import { FormScreen } from '../../screens/FormScreen';
import { useSession, type SessionUser } from '../../../runtime/session';
import { Modal } from '../../../ui/Modal';

/**
 * After the dialogue closes the shell may show stale details (the footer's 'User: name').
 * Only the user is re-read: a full session reload would put every guard back into loading.
 */
async function refreshUser(): Promise<void> {
  const answer = await api<{ user: SessionUser | null }>('GET', '/api/checkuser');
  if (answer.ok && answer.data?.user) useSession.setState({ user: answer.data.user });
}

/** My Details (in the Settings menu): the 'mydetails' form in edit mode for the signed-in user. */
export function MyDetailsDialog({ onClose }: { onClose(): void }) {
  const id = useSession((s) => s.user?.id);
  const done = () => {
    onClose();
    void refreshUser();
  };
  return (
    <Modal
      id="mydetails"
      title="My Details"
      icon="person"
      onClose={onClose}
      // The embedded form handles Escape itself: it asks 'Discard changes?' and then calls onDone.
      onEscape={null}
    >
      {id === undefined ? null : <FormScreen name="mydetails" action="edit" id={String(id)} embedded onDone={done} />}
    </Modal>
  );
}
