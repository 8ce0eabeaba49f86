import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsMenu } from '../../src/app/shell/SettingsMenu';
import { BackupDialog } from '../../src/app/shell/dialogs/BackupDialog';
import { RestoreDialog } from '../../src/app/shell/dialogs/RestoreDialog';
import { page } from '../../src/app/shell/dialogs/backup-transfer';
import { TransferProgress } from '../../src/app/shell/dialogs/TransferProgress';
import { useSession } from '../../src/runtime/session';
import { server } from '../support/msw';

/** The Backup and Restore dialogues over a mocked API: client-side checks, progress, download, errors, reload. */
const originals = { create: URL.createObjectURL, revoke: URL.revokeObjectURL, click: HTMLAnchorElement.prototype.click };
let downloads: { name: string; size: number }[];

beforeEach(() => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    downloads.push({ name: this.download, size: blobs.get(this.href)?.size ?? -1 });
  };
});
afterEach(() => {
  URL.createObjectURL = originals.create;
  URL.revokeObjectURL = originals.revoke;
  HTMLAnchorElement.prototype.click = originals.click;
  vi.restoreAllMocks();
});

const ARCHIVE = new Uint8Array([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4, 1, 2, 3, 4]);

describe('the Backup dialogue', () => {
  it("asks for the password: empty shows 'Please enter the Password' and sends nothing", async () => {
    let calls = 0;
    server.use(http.post('/api/backup/backup', () => ((calls += 1), new HttpResponse(ARCHIVE))));
    render(<BackupDialog onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Backup Repository' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Backup' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter the Password');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toBe(0);
  });

  it('on Enter shows Preparing backup... while the server packs, then downloads backup.7z', async () => {
    let release: () => void = () => undefined;
    const packed = new Promise<void>((r) => (release = r));
    let body: unknown;
    server.use(
      http.post('/api/backup/backup', async ({ request }) => {
        body = await request.json();
        await packed;
        return new HttpResponse(ARCHIVE, {
          headers: { 'content-type': 'application/x-7z-compressed', 'content-length': String(ARCHIVE.length), 'content-disposition': 'attachment; filename="backup.7z"' },
        });
      }),
    );
    render(<BackupDialog onClose={() => undefined} />);
    const input = screen.getByLabelText('Password');
    fireEvent.change(input, { target: { value: 's3cret pass' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect((await screen.findByText('Preparing backup...')).closest('[role="status"]')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Backup' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText(`Saved backup.7z (${ARCHIVE.length} B).`)).toBeTruthy();
    expect(body).toEqual({ password: 's3cret pass' });
    expect(downloads).toEqual([{ name: 'backup.7z', size: ARCHIVE.length }]);
    expect(screen.getByText('Close', { selector: 'button' })).toBeTruthy();
  });

  it('Ctrl+S starts it too, and a server error shows in the red banner', async () => {
    server.use(http.post('/api/backup/backup', () => HttpResponse.json({ error: 'Disk full', code: 'INTERNAL' }, { status: 500 })));
    render(<BackupDialog onClose={() => undefined} />);
    const input = screen.getByLabelText('Password');
    fireEvent.change(input, { target: { value: 'x' } });
    fireEvent.keyDown(input, { key: 's', ctrlKey: true });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Disk full');
    expect(alert.className).toContain('alert-danger');
    expect(downloads).toEqual([]);
  });
});

function chooseFile(name = 'backup.7z') {
  fireEvent.change(screen.getByLabelText('Backup file (.7z)'), { target: { files: [new File([ARCHIVE], name, { type: 'application/x-7z-compressed' })] } });
}

describe('the Restore dialogue', () => {
  it('mentions .7z, offers a .7z chooser, a password and Delete all data first', () => {
    render(<RestoreDialog onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Restore Repository (.7z)' })).toBeTruthy();
    expect(screen.getByLabelText('Backup file (.7z)').getAttribute('accept')).toContain('.7z');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect((screen.getByLabelText('Delete all data first') as HTMLInputElement).checked).toBe(false);
  });

  it("checks before sending: 'Please select the file', then 'Please provide the password'", async () => {
    let calls = 0;
    server.use(http.post('/api/backup/restore', () => ((calls += 1), HttpResponse.json({ ok: true }))));
    render(<RestoreDialog onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select the file');
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please provide the password'));
    expect(calls).toBe(0);
  });

  it("sends the file, the password and the flag; the server's refusal shows in the red banner", async () => {
    let form: FormData | undefined;
    server.use(
      http.post('/api/backup/restore', async ({ request }) => {
        form = await request.formData();
        return HttpResponse.json({ error: 'Failed to load restore backup backup.7z: the password is wrong', code: 'INVALID' }, { status: 400 });
      }),
    );
    render(<RestoreDialog onClose={() => undefined} />);
    chooseFile();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByLabelText('Delete all data first'));
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to load restore backup backup.7z: the password is wrong');
    expect(alert.className).toContain('alert-danger');
    expect(form?.get('password')).toBe('wrong');
    expect(form?.get('delete')).toBe('true');
    // (jsdom's XMLHttpRequest does not pass the file's name on to the mock; the browser test sees it.)
    expect((form?.get('file') as File).size).toBe(ARCHIVE.length);
    // The form stays, so the user can correct the password.
    expect((screen.getByRole('button', { name: 'Restore' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows progress while the backup goes up and the server restores, and cannot be left meanwhile', async () => {
    // jsdom's XMLHttpRequest sends no upload events: a stand-in plays the browser's.
    class FakeXhr {
      static last: FakeXhr | undefined;
      upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
      status = 0;
      responseText = '';
      withCredentials = false;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      sent: FormData | undefined;
      open() {}
      setRequestHeader() {}
      abort() {}
      send(body: FormData) {
        this.sent = body;
        FakeXhr.last = this;
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    try {
      const onClose = vi.fn();
      render(<RestoreDialog onClose={onClose} />);
      chooseFile();
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
      fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
      const xhr = FakeXhr.last as FakeXhr;
      expect(xhr.sent?.get('password')).toBe('right');
      act(() => xhr.upload.onprogress?.({ loaded: 6, total: 12, lengthComputable: true }));
      expect(screen.getByRole('progressbar', { name: 'Uploading backup...' }).getAttribute('aria-valuenow')).toBe('50');
      expect(screen.getByText('6 B of 12 B')).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Restore' }) as HTMLButtonElement).disabled).toBe(true);
      act(() => xhr.upload.onload?.());
      expect(screen.getByText('Restoring the repository...')).toBeTruthy();
      // While the server restores, the dialogue stays (its outcome must be seen).
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
      expect(onClose).not.toHaveBeenCalled();
      act(() => {
        xhr.status = 200;
        xhr.responseText = JSON.stringify({ ok: true, message: 'The repository was restored from backup.7z', tables: 1, rows: 2, deleted: false });
        xhr.onload?.();
      });
      expect(await screen.findByText(/2 records in 1 tables/)).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('after a restore says so, and reloads the app once the user confirms', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    server.use(
      http.post('/api/backup/restore', () => HttpResponse.json({ ok: true, message: 'The repository was restored from backup.7z', tables: 12, rows: 345, deleted: true })),
    );
    render(<RestoreDialog onClose={() => undefined} />);
    chooseFile();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.keyDown(screen.getByLabelText('Password'), { key: 's', ctrlKey: true });
    const done = await screen.findByText(/The repository was restored from backup\.7z: 345 records in 12 tables\./);
    expect(done.closest('.alert-success')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('the Restore dialogue after a restore with warnings', () => {
  it('lists what the restore kept against the backup, before the reload', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    const warnings = [
      'The backup turns security off; a restore never does: security stays on. Only the server configuration (ENABLE_SECURITY=0) lets it be turned off.',
      "The backup makes these accounts administrators, who were not before: 'mallory'",
    ];
    server.use(
      http.post('/api/backup/restore', () =>
        HttpResponse.json({ ok: true, message: 'The repository was restored from backup.7z', tables: 12, rows: 345, deleted: true, warnings }),
      ),
    );
    render(<RestoreDialog onClose={() => undefined} />);
    chooseFile();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.keyDown(screen.getByLabelText('Password'), { key: 's', ctrlKey: true });
    const list = await screen.findByRole('list', { name: 'What the restore did not take from the backup, or changed' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(warnings);
    expect(list.closest('.alert-warning')).toBeTruthy();
    expect(screen.getByText(/The repository was restored from backup\.7z/).closest('.alert-success')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('the Settings menu entries', () => {
  it.each([
    ['Backup Repository', 'Backup Repository', 'Password'],
    ['Restore Repository', 'Restore Repository (.7z)', 'Backup file (.7z)'],
  ])('%s opens its dialogue (admins, preferences on), and Escape closes it', (entry, title, field) => {
    useSession.setState({
      loading: false,
      user: { id: 1, user: 'root', email: 'root@example.com', Admin: true, FrontPage: 'home' },
      env: { ENVIRONMENT_NAME: 'T', LICENCE_STATUS: 'Registered', EXPIRED: false, ENABLE_SECURITY: 1, ENABLE_PREFERENCES_SCREEN: 1, TOOLBAR_CLASS: '' },
      setupNotCompleted: false,
      error: '',
    });
    render(
      <MemoryRouter>
        <SettingsMenu />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    fireEvent.click(screen.getByRole('menuitem', { name: entry }));
    const dialog = screen.getByRole('dialog', { name: title });
    expect(screen.getByLabelText(field)).toBeTruthy();
    expect(screen.queryByText('This screen arrives with the administration release.')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the progress line', () => {
  it('is a spinner while the size is unknown, and a bar with the share and the bytes once it is known', () => {
    const { rerender } = render(<TransferProgress label="Preparing backup..." progress={null} />);
    expect(screen.getByRole('status').textContent).toBe('Preparing backup...');
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(<TransferProgress label="Downloading backup.7z" progress={{ loaded: 1536, total: 4096 }} />);
    const bar = screen.getByRole('progressbar', { name: 'Downloading backup.7z' });
    expect(bar.getAttribute('aria-valuenow')).toBe('38');
    expect(screen.getByText('1.5 KB of 4.0 KB')).toBeTruthy();
  });
});
