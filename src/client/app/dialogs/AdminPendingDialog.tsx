import { Modal } from '../Modal';

export type PendingAdminScreen = 'settings' | 'accesslog';

const SCREENS: Record<PendingAdminScreen, { title: string; icon: string; what: string; fullScreen?: boolean }> = {
  settings: { title: 'Settings', icon: 'gear', what: 'edit the application settings, including outgoing mail (SMTP)' },
  accesslog: { title: 'Access Log', icon: 'journal-text', what: 'read the access log by date range', fullScreen: true },
};

/**
 * The administration dialogues whose server side is not built yet. The menu entries exist
 * (spec 2.5) so the shell is complete, but the dialogue says plainly that the screen is not
 * there rather than showing controls that would do nothing.
 */
export function AdminPendingDialog({ screen, onClose }: { screen: PendingAdminScreen; onClose(): void }) {
  const { title, icon, what, fullScreen } = SCREENS[screen];
  return (
    <Modal
      id={screen}
      title={title}
      icon={icon}
      onClose={onClose}
      defaultMaximised={fullScreen}
    >
      <p className="mb-1">This screen arrives with the administration release.</p>
      <p className="text-body-secondary mb-0">It will let you {what}.</p>
    </Modal>
  );
}
