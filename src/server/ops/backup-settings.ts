import { compileSchema } from '../../shared/schema-registry.js';
import { SETUP_COMPLETED_KEY } from '../core/settings.js';
import { SETUP_CODE_PREFIX } from '../auth/setup-code.js';
import { KEYS, SETTINGS_RECORD, SETUP_SMTP_RECORD, settingsBody, type SiteSettings, type SiteValues } from '../core/site-settings.js';
import { DEVICE_SECRET_KEY } from '../auth/trusted-devices.js';

/**
 * What a restore does with sys_settings. Whoever hands an administrator a backup chooses every
 * byte of it, so a restore takes from it only what an administrator could save in Settings,
 * and never anything that leaves this instance less safe than it was:
 *
 * - The Settings record (`settings`) comes from the backup, each value checked as
 *   POST /api/settings checks it (a value that would be refused there is left out), except:
 *   - security is never turned off (only the configuration's ENABLE_SECURITY=0 allows it off,
 *     and SiteSettings ignores a stored "off" without it);
 *   - self-registration is never turned on, and while it stays on its group does not change;
 *   - the mail server (smtp_*) and the public address (PUBLIC_URL) stay this instance's: they
 *     decide where password-reset messages go and where their links lead.
 * - This instance keeps its own setup SMTP record, trusted-device secret (a backup's author
 *   knows the backup's and could sign device cookies with it) and completed setup.
 * - Setup codes and keys this release does not use are never taken.
 *
 * Every value kept against the backup is reported as a warning in the restore's answer.
 */

/** Rows of sys_settings that belong to this instance: a restore neither replaces nor deletes them. */
export const INSTANCE_SETTINGS = [SETUP_COMPLETED_KEY, DEVICE_SECRET_KEY, SETUP_SMTP_RECORD];

/** The values deciding where password-reset messages go and where their links point. */
const MAIL: (keyof SiteValues)[] = ['smtp_host', 'smtp_port', 'smtp_secure', 'smtp_user', 'smtp_password', 'smtp_from', 'PUBLIC_URL'];

export interface SettingsRow {
  key: string;
  value: string;
}

/** What the backup's sys_settings holds, as far as a restore cares. */
export interface BackupSettings {
  /** The value of its Settings record, when it has one. */
  settings?: string;
  /** How many of its rows are neither Settings, nor this instance's own, nor setup codes. */
  unknown: number;
}

export interface RestoredSettings {
  /** The Settings record to store; undefined: leave the row as the load leaves it. */
  settings?: string;
  warnings: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether a backup row is a key the restore knows what to do with (take it, or keep this instance's). */
export function isKnownSetting(key: string): boolean {
  return key === SETTINGS_RECORD || INSTANCE_SETTINGS.includes(key) || key.startsWith(SETUP_CODE_PREFIX);
}

/**
 * The Settings record a restore stores, given this instance's rows before the restore (`here`)
 * and the backup's. With `deleteFirst` the instance's own record is gone unless one is stored.
 */
export function restoredSettings(site: SiteSettings, here: SettingsRow[], backup: BackupSettings, deleteFirst: boolean): RestoredSettings {
  const warnings: string[] = [];
  const hereValue = (key: string) => parsed(here.find((r) => r.key === key)?.value);
  const smtp = hereValue(SETUP_SMTP_RECORD);
  const before = site.valuesOf({ smtp, settings: hereValue(SETTINGS_RECORD) });

  let record: Record<string, unknown>;
  let write: boolean;
  if (backup.settings !== undefined) {
    const given = parsed(backup.settings);
    record = {};
    if (!isRecord(given)) warnings.push('The Settings record of the backup is not valid: it was left out.');
    else record = validOnly(given, warnings);
    write = true;
  } else if (deleteFirst) {
    record = {};
    write = false;
  } else {
    // Merging without a Settings record in the backup leaves the instance's as it is.
    return { warnings: unknownWarning(backup.unknown) };
  }

  const after = () => site.valuesOf({ smtp, settings: record });
  const keep = (key: keyof SiteValues) => {
    record[key] = before[key];
    write = true;
  };
  // A stored "off" is ignored where the configuration has security on; it is not stored either.
  const off = [false, 0, '0', 'false'].includes(record.ENABLE_SECURITY as never);
  if (before.ENABLE_SECURITY && (off || !after().ENABLE_SECURITY)) {
    keep('ENABLE_SECURITY');
    warnings.push('The backup turns security off; a restore never does: security stays on. Only the server configuration (ENABLE_SECURITY=0) lets it be turned off.');
  }
  if (!before.SELF_REGISTRATION && after().SELF_REGISTRATION) {
    keep('SELF_REGISTRATION');
    warnings.push('Self-registration stays off: the backup has it on, and a restore never lets strangers create accounts. Turn it on in Settings if this instance should.');
  }
  if (after().SELF_REGISTRATION && after().REGISTRATION_GROUP !== before.REGISTRATION_GROUP) {
    keep('REGISTRATION_GROUP');
    warnings.push(`The registration group stays '${before.REGISTRATION_GROUP}': a restore does not change whom self-registered users join while self-registration is on.`);
  }
  const moved = MAIL.filter((k) => after()[k] !== before[k]);
  if (moved.length) {
    for (const k of moved) keep(k);
    warnings.push("The mail server and the public address stay this instance's (the backup has others): they decide where password-reset messages go and where their links lead. Change them in Settings if needed.");
  }
  warnings.push(...unknownWarning(backup.unknown));
  return { settings: write ? JSON.stringify(record) : undefined, warnings };
}

function unknownWarning(count: number): string[] {
  if (count === 0) return [];
  return [count === 1 ? '1 setting this release does not use was left out.' : `${count} settings this release does not use were left out.`];
}

/** The values of a Settings record that POST /api/settings would accept; the names of the others go into a warning. */
function validOnly(record: Record<string, unknown>, warnings: string[]): Record<string, unknown> {
  const validate = compileSchema(settingsBody);
  const out: Record<string, unknown> = {};
  const refused: string[] = [];
  // In the record's own order, so that a record restored unchanged is stored as it was.
  for (const key of Object.keys(record)) {
    if (!(KEYS as string[]).includes(key)) continue;
    const value = record[key];
    if (validate({ [key]: value })) out[key] = value;
    else refused.push(key);
  }
  if (refused.length) warnings.push(`Settings of the backup that are not valid were left out: ${refused.join(', ')}.`);
  return out;
}
