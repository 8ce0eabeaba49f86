import type { Db } from '../db/connect.js';
import type { Sessions } from '../auth/auth.js';
import { tableOf } from '../records/model-store.js';

/**
 * The accounts a restore must look after: administrators (it may not leave none, and names the
 * ones it makes) and signed-in users (their sessions end when the restore gives their id to
 * someone else).
 */

/** Rows read per query. */
const PAGE = 1000;

/** Signed-in users by id and name, so their sessions can be ended if the restore gives their id to someone else. */
export async function sessionUsers(sessions: Sessions, db: Db): Promise<Map<string, string>> {
  return usersById(db, await sessions.userIds(db));
}

/** The users with the Admin flag, a page at a time by id: `each` sees every name. */
async function eachAdmin(db: Db, dialect: string, each: (name: string) => void): Promise<void> {
  let last: unknown = undefined;
  for (;;) {
    let q = db
      .selectFrom(tableOf('User'))
      .select(['id', 'user'])
      .where('Admin', '=', dialect === 'postgres' ? true : 1)
      .orderBy('id')
      .limit(PAGE);
    if (last !== undefined) q = q.where('id', '>', last as number);
    const rows = await q.execute();
    for (const r of rows) each(String(r.user));
    if (rows.length < PAGE) return;
    last = rows[rows.length - 1]?.id;
  }
}

/** The names of the administrators before a restore (the instance's own, not the backup's). */
export async function adminNames(db: Db, dialect: string): Promise<Set<string>> {
  const names = new Set<string>();
  await eachAdmin(db, dialect, (name) => names.add(name));
  return names;
}

/**
 * The administrators after a restore, counted without holding them all (a backup can hold
 * any number): how many there are, how many were not before, and the first few of those.
 */
export async function newAdmins(db: Db, dialect: string, before: Set<string>): Promise<{ admins: number; count: number; named: string[] }> {
  const out = { admins: 0, count: 0, named: [] as string[] };
  await eachAdmin(db, dialect, (name) => {
    out.admins += 1;
    if (before.has(name)) return;
    out.count += 1;
    if (out.named.length < 10) out.named.push(name);
  });
  out.named.sort();
  return out;
}

/** A few names for a message, quoted and cut short, and how many more there are. */
export function namesList(names: string[], count: number): string {
  const shown = names.map((n) => `'${n.length > 64 ? `${n.slice(0, 64)}…` : n}'`).join(', ');
  return count > names.length ? `${shown} and ${count - names.length} more` : shown;
}

async function usersById(db: Db, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const numeric = ids.map(Number).filter((n) => Number.isSafeInteger(n));
  for (let i = 0; i < numeric.length; i += PAGE) {
    const rows = await db.selectFrom(tableOf('User')).select(['id', 'user']).where('id', 'in', numeric.slice(i, i + PAGE)).execute();
    for (const r of rows) out.set(String(r.id), String(r.user));
  }
  return out;
}

/**
 * A session stays valid only when its user is still there under the same id and name (the
 * restoring admin keeps working when the backup has them); any other session is ended, so
 * nobody is signed in as whoever the restore gave their id to.
 */
export async function endMovedSessions(sessions: Sessions, trx: Db, before: Map<string, string>): Promise<void> {
  const after = await usersById(trx, [...before.keys()]);
  await sessions.revokeUsers([...before.entries()].filter(([id, name]) => after.get(id) !== name).map(([id]) => id), trx);
}

