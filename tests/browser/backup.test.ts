/**
 * Backup and restore (docs/operations.md) in Chromium: the admin of the demo shop downloads backup.7z from the Settings menu,
 * changes data (a customer added, one renamed, a page added), restores the backup with 'Delete
 * all data first' and, after the reload, sees the old data again. Screenshots of each modal in
 * test-results/ are to be looked at.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shot } from '../support/browser';
import { signIn, startDemoSuite, type DemoSuite } from '../support/demo-suite';

let demo: DemoSuite;
const folder = mkdtempSync(join(tmpdir(), 'tessera-backup-browser-'));
const PASSWORD = 'Backup pass 1';

beforeAll(async () => {
  demo = await startDemoSuite();
}, 120_000);

afterAll(async () => {
  await demo?.close();
  rmSync(folder, { recursive: true, force: true });
});

type Row = { id: number; name: string };

describe('backup and restore in the browser', () => {
  it('downloads backup.7z, and restoring it with Delete all data first brings the old data back', async () => {
    const customers = async () => (await demo.call<{ rows: Row[] }>('GET', '/api/grid/customers/data/0/50')).rows.map((r) => r.name).sort();
    const before = await customers();
    expect(before.length).toBeGreaterThan(0);

    const page = await signIn(demo, { width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Backup Repository' }).click();
    const backup = page.getByRole('dialog', { name: 'Backup Repository' });
    await backup.waitFor();
    await shot(page, 'backup-modal');
    expect((await seriousViolations(page)).join('\n'), 'axe on the backup modal').toBe('');

    // Empty: the input modal's own message, nothing sent.
    await backup.getByRole('button', { name: 'Backup' }).click();
    await backup.getByRole('alert').getByText('Please enter the Password').waitFor();
    await shot(page, 'backup-modal-empty');

    await backup.getByLabel('Password').fill(PASSWORD);
    const [download] = await Promise.all([page.waitForEvent('download'), backup.getByLabel('Password').press('Enter')]);
    expect(download.suggestedFilename()).toBe('backup.7z');
    const file = join(folder, 'backup.7z');
    copyFileSync(await download.path(), file);
    expect(readFileSync(file).subarray(0, 2).toString('latin1')).toBe('7z');
    await backup.getByText(/^Saved backup\.7z \(/).waitFor();
    await shot(page, 'backup-modal-done');
    await backup.getByRole('button', { name: 'Close', exact: true }).last().click();
    await backup.waitFor({ state: 'detached' });

    // Changes after the backup.
    await demo.call('POST', '/api/form/customer/add', { name: 'Added After Backup', email: 'late@example.com', city: 'Nowhere' });
    const first = (await demo.call<{ rows: Row[] }>('GET', '/api/grid/customers/data/0/50')).rows.find((r) => r.name === before[0]);
    const read = await demo.call<{ _version: number }>('GET', `/api/form/customer/data/${first?.id}`);
    await demo.call('POST', `/api/form/customer/update/${first?.id}`, { name: 'Renamed After Backup', _version: read._version });
    await demo.call('POST', '/api/definitions/page', { name: 'after_backup', title: 'After Backup', definition: [] });
    await page.goto(`${demo.server.url}/grid/customers`);
    await page.getByRole('cell', { name: 'Added After Backup', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Renamed After Backup', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Restore Repository' }).click();
    const restore = page.getByRole('dialog', { name: 'Restore Repository (.7z)' });
    await restore.waitFor();
    await shot(page, 'restore-modal');
    expect((await seriousViolations(page)).join('\n'), 'axe on the restore modal').toBe('');

    // The client's own checks, then the server's refusal of a wrong password, with nothing changed.
    await restore.getByRole('button', { name: 'Restore' }).click();
    await restore.getByRole('alert').getByText('Please select the file').waitFor();
    await restore.getByLabel('Backup file (.7z)').setInputFiles(file);
    await restore.getByRole('button', { name: 'Restore' }).click();
    await restore.getByRole('alert').getByText('Please provide the password').waitFor();
    await restore.getByLabel('Password').fill('not the password');
    await restore.getByLabel('Delete all data first').check();
    await restore.getByRole('button', { name: 'Restore' }).click();
    await restore.getByRole('alert').getByText('Failed to load restore backup backup.7z: the password is wrong').waitFor();
    await shot(page, 'restore-modal-refused');
    expect(await customers()).toContain('Added After Backup');

    await restore.getByLabel('Password').fill(PASSWORD);
    await shot(page, 'restore-modal-filled');
    await restore.getByRole('button', { name: 'Restore' }).click();
    await restore.getByText(/^The repository was restored from backup\.7z: \d+ records in \d+ tables\./).waitFor();
    await shot(page, 'restore-modal-done');
    // The user confirms; the app reloads and reads the restored data.
    await Promise.all([page.waitForEvent('load'), restore.getByRole('button', { name: 'OK' }).click()]);
    await page.getByRole('cell', { name: before[0], exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'Added After Backup', exact: true }).count()).toBe(0);
    expect(await page.getByRole('cell', { name: 'Renamed After Backup', exact: true }).count()).toBe(0);
    await shot(page, 'restore-grid-after');
    expect(await customers()).toEqual(before);
    // Still signed in (the admin is in the backup), and the page added later is gone.
    expect((await demo.call<{ user: { user: string } }>('GET', '/api/checkuser')).user.user).toBe('admin');
    expect((await demo.call<{ name: string }[]>('GET', '/api/definitions/page')).map((p) => p.name)).not.toContain('after_backup');
    await page.context().close();
  });
});
