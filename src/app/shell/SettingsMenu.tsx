import { useState } from 'react';
import { Link } from 'react-router';
import { useSession, type SessionUser, type EnvValues } from '../../runtime/session';
import type { ViewingAs } from '../../shared/view-as';
import { AboutDialog } from './dialogs/AboutDialog';
import { AccessLogDialog } from './dialogs/AccessLogDialog';
import { BackupDialog } from './dialogs/BackupDialog';
import { ChangeMyPasswordDialog } from './dialogs/ChangeMyPasswordDialog';
import { MyDetailsDialog } from './dialogs/MyDetailsDialog';
import { RestoreDialog } from './dialogs/RestoreDialog';
import { SettingsDialog } from './dialogs/SettingsDialog';
import { ViewAsDialog } from './dialogs/ViewAsDialog';
import { useMenuButton } from './menu-button';
import { envFlag, securityOn } from './navbar-state';

type DialogName = 'backup' | 'restore' | 'settings' | 'accesslog' | 'mydetails' | 'changepassword' | 'about' | 'viewas';

type Entry = { label: string; to: string } | { label: string; dialog: DialogName } | { divider: true };

/**
 * Who sees which entry (admins; signed-in users when security is on; everyone), in menu order,
 * with dividers between the groups. While an administrator views as someone, `user` is whom
 * they view as (the banner holds the way back); viewing as a group, there is no account of
 * theirs to show or change.
 */
export function settingsEntries(user: SessionUser | null, env: EnvValues, viewingAs: ViewingAs | null = null): Entry[] {
  const admin = user?.Admin === true;
  const groups: Entry[][] = [];
  if (admin) {
    const adminGroup: Entry[] = [
      { label: 'Users', to: '/users' },
      { label: 'Groups', to: '/groups' },
      { label: 'Permissions', to: '/permissions' },
    ];
    // Whose grants say what: see the app as a user or group does (docs/security.md, "View as").
    if (securityOn(env) && !viewingAs) adminGroup.push({ label: 'View as…', dialog: 'viewas' });
    if (envFlag(env.ENABLE_PREFERENCES_SCREEN)) {
      adminGroup.push(
        { label: 'Backup Repository', dialog: 'backup' },
        { label: 'Restore Repository', dialog: 'restore' },
        { label: 'Settings', dialog: 'settings' },
      );
    }
    // The automations' run log sits with the other logs an admin reads (it is not something built).
    adminGroup.push({ label: 'Data history', to: '/history' }, { label: 'Automation runs', to: '/automations/runs' }, { label: 'Access Log', dialog: 'accesslog' }, { label: 'API Reference', to: '/apidocs' }, { label: 'Export and import', to: '/transfer' });
    groups.push(adminGroup);
  }
  if (user && securityOn(env) && viewingAs?.kind !== 'group') {
    groups.push([
      { label: 'My Details', dialog: 'mydetails' },
      { label: 'Change password', dialog: 'changepassword' },
    ]);
  }
  groups.push([{ label: 'About', dialog: 'about' }]);
  return groups.flatMap((g, i) => (i === 0 ? g : [{ divider: true } as const, ...g]));
}

function Dialog({ name, onClose }: { name: DialogName; onClose(): void }) {
  switch (name) {
    case 'about':
      return <AboutDialog onClose={onClose} />;
    case 'mydetails':
      return <MyDetailsDialog onClose={onClose} />;
    case 'changepassword':
      return <ChangeMyPasswordDialog onClose={onClose} />;
    case 'settings':
      return <SettingsDialog onClose={onClose} />;
    case 'accesslog':
      return <AccessLogDialog onClose={onClose} />;
    case 'backup':
      return <BackupDialog onClose={onClose} />;
    case 'restore':
      return <RestoreDialog onClose={onClose} />;
    case 'viewas':
      return <ViewAsDialog onClose={onClose} />;
  }
}

/** The navbar's Settings dropdown, a menu button (menu-button.ts). */
export function SettingsMenu() {
  const loading = useSession((s) => s.loading);
  const env = useSession((s) => s.env);
  const user = useSession((s) => s.user);
  const viewingAs = useSession((s) => s.viewingAs);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const { open, close, rootRef, toggleProps, menuProps } = useMenuButton();

  if (loading || !env) return null;
  const entries = settingsEntries(user, env, viewingAs);

  const openDialog = (name: DialogName) => {
    // The entry disappears with the menu; focusing the toggle first makes it the element the
    // dialogue returns focus to when it closes.
    close(true);
    setDialog(name);
  };

  return (
    <div className="nav-item dropdown" ref={rootRef}>
      <button {...toggleProps} className="btn nav-link dropdown-toggle">
        Settings
      </button>
      {open ? (
        <ul {...menuProps} aria-label="Settings" className="dropdown-menu dropdown-menu-end show end-0">
          {entries.map((entry, i) =>
            'divider' in entry ? (
              <li key={`divider-${i}`} role="separator">
                <hr className="dropdown-divider" />
              </li>
            ) : (
              <li key={entry.label} role="none">
                {'to' in entry ? (
                  <Link role="menuitem" tabIndex={-1} className="dropdown-item" to={entry.to} onClick={() => close(false)}>
                    {entry.label}
                  </Link>
                ) : (
                  <button role="menuitem" tabIndex={-1} type="button" className="dropdown-item" onClick={() => openDialog(entry.dialog)}>
                    {entry.label}
                  </button>
                )}
              </li>
            ),
          )}
        </ul>
      ) : null}
      {dialog ? <Dialog name={dialog} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
