import { createHash, randomInt } from 'node:crypto';
import type { Db } from '../db/connect.js';
import { errors } from '../core/errors.js';
import { throttleKeys, type SigninThrottle } from './signin-throttle.js';

/** No 0/O, 1/I/L: a code read off a terminal is typed right the first time. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GROUPS = 3;
const GROUP_LENGTH = 4;
/** The sys_settings keys of the codes' hashes start with this. */
export const SETUP_CODE_PREFIX = 'setup_code:';

/** 12 characters of 31 symbols: about 59 bits, far beyond guessing at the sign-in delays. */
export function newSetupCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** What a person typed, as the code was printed: case, spaces and dashes do not matter. */
function canonical(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, '');
}

function keyOf(code: string): string {
  return SETUP_CODE_PREFIX + createHash('sha256').update(canonical(code)).digest('hex');
}

/**
 * The one-time setup code (docs/security.md): until setup is completed, finishing it needs a code that
 * only someone who can read the server's log knows, so nobody else on the network can make
 * themselves admin. Each server process that starts while setup is open makes a code, prints
 * it and stores its SHA-256 in sys_settings; any stored code is accepted by any process, so the
 * code works whichever process answers and a restart prints one that works (a plain code
 * cannot be read back from its hash). Finishing setup deletes them all.
 */
export class SetupCodes {
  constructor(private readonly db: Db) {}

  /** Makes, stores and answers a new code. */
  async open(): Promise<string> {
    const code = newSetupCode();
    await this.db.insertInto('sys_settings').values({ key: keyOf(code), value: JSON.stringify(new Date().toISOString()) }).execute();
    return code;
  }

  async matches(code: string | undefined): Promise<boolean> {
    if (!code || canonical(code).length !== GROUPS * GROUP_LENGTH) return false;
    const row = await this.db.selectFrom('sys_settings').select('key').where('key', '=', keyOf(code)).executeTakeFirst();
    return row !== undefined;
  }

  /** Inside the transaction that completes setup. */
  async clear(db: Db): Promise<void> {
    await db.deleteFrom('sys_settings').where('key', 'like', `${SETUP_CODE_PREFIX}%`).execute();
  }
}

/**
 * Refuses a missing or wrong setup code (403 SETUP_CODE). Every route that answers strangers
 * while setup is open and does more than show the wizard asks for it: finishing setup, and the
 * SMTP test, which would otherwise let anyone time connections to any host and port. Each try
 * is counted against the client address's sign-in limits like a wrong password (429 when it
 * comes too early), so the code cannot be guessed either; the right one hands the count back.
 */
export async function requireSetupCode(throttle: SigninThrottle, codes: SetupCodes, address: string, code: unknown): Promise<void> {
  const reserved = await throttle.reserve([throttleKeys.address(address)]);
  if (!(await codes.matches(typeof code === 'string' ? code : undefined))) throw errors.setupCode();
  await throttle.release(reserved);
}
