import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../support/backup.js';
import { cookieValue } from '../support/cookies.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { AUDIT_FIELD_NAMES } from '../../src/shared/audit-fields.js';

/**
 * WORKERS=2 (docs/operations.md): two server processes on one port and one SQLite file. Whatever one
 * request changes, the next ones see, whichever process answers them; the setup code is one
 * code printed once; a worker that dies is replaced; SIGTERM ends them all. Each answer names
 * its process in `x-tessera-pid` (test mode only).
 */
const ADMIN = { user: 'admin', email: 'admin@example.com', password: 'correct horse battery' };
const FOLLOWING = 20;

let dataDir: string;
let server: ServerProcess;
let token: string;
/** Every process that answered, over the whole file. */
const answeredBy = new Set<string>();

interface Answer {
  status: number;
  body: Record<string, unknown>;
  pid: string;
  token?: string;
}

interface RawAnswer {
  status: number;
  bytes: Buffer;
  pid: string;
  cookies: string[];
}

/**
 * One request on a connection of its own: the cluster hands each new connection to the next
 * worker, while a kept-alive one would stay with the worker that accepted it.
 */
function send(method: string, path: string, auth: string | undefined, payload?: { bytes: Buffer; contentType: string }): Promise<RawAnswer> {
  return new Promise((ok, fail) => {
    const req = request(
      `${server.url}${path}`,
      {
        method,
        agent: false,
        headers: {
          'x-requested-with': 'tessera',
          ...(auth ? { authorization: `Bearer ${auth}` } : {}),
          ...(payload ? { 'content-type': payload.contentType, 'content-length': payload.bytes.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', fail);
        res.on('end', () => {
          const pid = String(res.headers['x-tessera-pid'] ?? '');
          answeredBy.add(pid);
          ok({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks), pid, cookies: res.headers['set-cookie'] ?? [] });
        });
      },
    );
    req.on('error', fail);
    req.end(payload?.bytes);
  });
}

async function call(method: string, path: string, auth?: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : { bytes: Buffer.from(JSON.stringify(body)), contentType: 'application/json' };
  const res = await send(method, path, auth, payload);
  return {
    status: res.status,
    body: JSON.parse(res.bytes.toString('utf8')) as Record<string, unknown>,
    pid: res.pid,
    token: cookieValue(res.cookies, 'token'),
  };
}

/** The next FOLLOWING answers to one request, with the processes that gave them. */
async function following(method: string, path: string, auth?: string): Promise<{ answers: Answer[]; pids: Set<string> }> {
  const answers: Answer[] = [];
  for (let i = 0; i < FOLLOWING; i++) answers.push(await call(method, path, auth));
  return { answers, pids: new Set(answers.map((a) => a.pid)) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await fn().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-workers-'));
  server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', WORKERS: '2', LOG_LEVEL: 'info', NODE_ENV: 'test' }, 120_000);
  // The primary logs its ready line when it hears (by message) that the first worker listens: that
  // worker may answer a request before then, on a loaded machine by seconds.
  await until('the primary\'s ready line', async () => (server.output().includes('(SQLite, 2 worker processes)') ? true : undefined));
  // Both workers listen before the tests begin.
  await until('both workers', async () => {
    for (let i = 0; i < 4; i++) await call('GET', '/api/env/');
    return answeredBy.size === 2 ? true : undefined;
  });
}, 150_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('WORKERS=2 on one SQLite file', () => {
  it('prints one setup code, once, that finishes setup whichever worker answers', async () => {
    const codes = [...server.output().matchAll(/setup code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/g)].map((m) => m[1]);
    expect(codes).toHaveLength(1);
    // Before setup: every worker says so.
    const before = await following('GET', '/api/checkuser');
    expect(before.answers.every((a) => a.body.setupNotCompleted === true)).toBe(true);
    const setup = await call('POST', '/api/setup/finish', undefined, { ...ADMIN, setupCode: codes[0] });
    expect(setup.status).toBe(200);
    const after = await following('GET', '/api/checkuser');
    expect(after.answers.every((a) => a.body.setupNotCompleted === false)).toBe(true);
    const login = await call('POST', '/api/login', undefined, { user: ADMIN.user, password: ADMIN.password });
    token = String(login.token);
    expect(login.status).toBe(200);
  });

  it('serves a settings change from every worker at once', async () => {
    // Both workers have read the settings just now.
    expect((await following('GET', '/api/env/')).answers.every((a) => a.body.ENVIRONMENT_NAME === 'Tessera')).toBe(true);
    expect((await call('POST', '/api/settings', token, { ENVIRONMENT_NAME: 'Renamed in one worker' })).status).toBe(200);
    const seen = await following('GET', '/api/env/');
    expect(seen.answers.map((a) => a.body.ENVIRONMENT_NAME)).toEqual(Array(FOLLOWING).fill('Renamed in one worker'));
    expect(seen.pids.size).toBe(2);
  });

  it('serves a saved definition from every worker at once', async () => {
    const created = await call('POST', '/api/definitions/page', token, { name: 'shared', title: 'First', definition: [] });
    expect(created.status).toBe(201);
    expect((await following('GET', '/api/page/shared/definition', token)).answers.every((a) => a.body.title === 'First')).toBe(true);
    const saved = await call('PUT', '/api/definitions/page/shared', token, { ...created.body, title: 'Second' });
    expect(saved.status).toBe(200);
    const seen = await following('GET', '/api/page/shared/definition', token);
    expect(seen.answers.map((a) => a.body.title)).toEqual(Array(FOLLOWING).fill('Second'));
    expect(seen.pids.size).toBe(2);
  });

  it('serves a record added, through a model made in one worker, from every worker at once', async () => {
    expect((await call('POST', '/api/definitions/model', token, { name: 'Note', title: 'Notes', fields: [{ name: 'text', type: 'text', label: 'Text' }] })).status).toBe(201);
    expect((await call('POST', '/api/definitions/grid', token, { name: 'notes', title: 'Notes', model: 'Note', definition: [{ name: 'text', label: 'Text', type: 'Text' }] })).status).toBe(201);
    const form = { name: 'note', title: 'Note', model: 'Note', definition: [{ cols: [{ childType: 'Input', width: 12, name: 'text', label: 'Text' }] }] };
    expect((await call('POST', '/api/definitions/form', token, form)).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await call('POST', '/api/form/note/add', token, { text: `note ${i}` })).status).toBe(200);
    expect((await following('GET', '/api/grid/notes/data/0/10', token)).answers.every((a) => a.body.count === 4)).toBe(true);
    expect((await call('POST', '/api/form/note/add', token, { text: 'the fifth' })).status).toBe(200);
    const seen = await following('GET', '/api/grid/notes/data/0/10', token);
    expect(seen.answers.map((a) => a.body.count)).toEqual(Array(FOLLOWING).fill(5));
    expect(seen.pids.size).toBe(2);
  });

  it('serves a model change made through one worker, a rename and a type change of fields with data, from every worker at once', async () => {
    const fields = [
      { name: 'code', type: 'text', label: 'Code' },
      { name: 'weight', type: 'text', label: 'Weight' },
    ];
    expect((await call('POST', '/api/definitions/model', token, { name: 'Parcel', title: 'Parcels', fields })).status).toBe(201);
    expect((await call('POST', '/api/definitions/grid', token, { name: 'parcels', title: 'Parcels', model: 'Parcel', definition: fields.map((f) => ({ name: f.name, label: f.label, type: 'Text' })) })).status).toBe(201);
    const cols = fields.map((f) => ({ childType: 'Input', width: 6, name: f.name, label: f.label }));
    expect((await call('POST', '/api/definitions/form', token, { name: 'parcel', title: 'Parcel', model: 'Parcel', definition: [{ cols }] })).status).toBe(201);
    for (const [code, weight] of [['a', '12'], ['b', '3.5'], ['c', 'n/a']]) expect((await call('POST', '/api/form/parcel/add', token, { code, weight })).status).toBe(200);
    // Both workers have the model, its form and its grid loaded before the change.
    expect((await following('GET', '/api/grid/parcels/data/0/10?sort=code', token)).answers.every((a) => a.body.count === 3)).toBe(true);

    type Rows = { rows: { id: number; ref?: string; code?: string; weight: unknown }[] };
    const m = (await call('GET', '/api/definitions/model/Parcel', token)).body as { fields: typeof fields };
    const renamed = await call('POST', '/api/definitions/model/Parcel/change', token, {
      model: { ...m, fields: [{ name: 'ref', type: 'text', label: 'Ref' }, m.fields[1]] },
      renames: { code: 'ref' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // Every worker lists by the new name, reads a record through the form, and saves through it.
    const listed = await following('GET', '/api/grid/parcels/data/0/10?sort=ref', token);
    expect(listed.answers.map((a) => (a.body as unknown as Rows).rows.map((r) => r.ref))).toEqual(Array(FOLLOWING).fill(['a', 'b', 'c']));
    expect(listed.pids.size).toBe(2);
    const first = (listed.answers[0]?.body as unknown as Rows).rows[0]?.id;
    const read = await following('GET', `/api/form/parcel/data/${first}`, token);
    expect(read.answers.map((a) => a.body.ref)).toEqual(Array(FOLLOWING).fill('a'));
    const saved = [];
    for (let i = 0; i < 4; i++) saved.push(await call('POST', '/api/form/parcel/add', token, { ref: `new ${i}`, weight: '1' }));
    expect(saved.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(saved.map((s) => s.pid)).size).toBe(2);

    const n = (await call('GET', '/api/definitions/model/Parcel', token)).body as { fields: typeof fields };
    const retyped = await call('POST', '/api/definitions/model/Parcel/change', token, {
      model: { ...n, fields: [n.fields[0], { name: 'weight', type: 'number', label: 'Weight' }] },
      convert: { weight: 'clear' },
    });
    expect(retyped.status, JSON.stringify(retyped.body)).toBe(200);
    // Every worker reads numbers (sorted as numbers, 'n/a' cleared) and refuses text in the field now.
    const numbers = await following('GET', '/api/grid/parcels/data/0/10?sort=weight&dir=desc', token);
    expect(numbers.answers.map((a) => (a.body as unknown as Rows).rows.map((r) => r.weight).slice(0, 3))).toEqual(Array(FOLLOWING).fill([12, 3.5, 1]));
    expect(numbers.pids.size).toBe(2);
    const refused = [];
    for (let i = 0; i < 2; i++) refused.push(await call('POST', '/api/form/parcel/add', token, { ref: 'heavy', weight: 'heavy' }));
    expect(refused.map((r) => r.status)).toEqual([400, 400]);
    const stored = [];
    for (let i = 0; i < 2; i++) stored.push(await call('POST', '/api/form/parcel/add', token, { ref: `kg ${i}`, weight: 7 }));
    expect(stored.map((s) => s.status)).toEqual([200, 200]);
    expect(new Set([...refused, ...stored].map((s) => s.pid)).size).toBe(2);
  });

  it('ends sessions everywhere at once: a password change and a sign-out', async () => {
    const other = String((await call('POST', '/api/login', undefined, { user: ADMIN.user, password: ADMIN.password })).token);
    expect((await following('GET', '/api/checkuser', other)).answers.every((a) => (a.body.user as { user?: string } | null)?.user === 'admin')).toBe(true);
    const changed = await call('POST', '/api/changemypassword', token, { OldPassword: ADMIN.password, NewPassword1: 'a new password 2', NewPassword2: 'a new password 2' });
    expect(changed.status).toBe(200);
    const revoked = await following('GET', '/api/checkuser', other);
    expect(revoked.answers.map((a) => a.body.user)).toEqual(Array(FOLLOWING).fill(null));
    expect(revoked.pids.size).toBe(2);

    token = String(changed.token);
    expect((await call('GET', '/api/models', token)).status).toBe(200);
    expect((await call('GET', '/api/logout', token)).status).toBe(200);
    const signedOut = await following('GET', '/api/models', token);
    expect(signedOut.answers.map((a) => a.status)).toEqual(Array(FOLLOWING).fill(401));
    token = String((await call('POST', '/api/login', undefined, { user: ADMIN.user, password: 'a new password 2' })).token);
  });

  /**
   * Makes a model named `name` with the one field `field`, checks that every worker serves it
   * with that field (so every worker has it registered), and deletes it again.
   */
  async function makeUseAndDelete(name: string, field: string): Promise<void> {
    const created = await call('POST', '/api/definitions/model', token, { name, title: name, fields: [{ name: field, type: 'text', label: 'Field' }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const served = await following('GET', `/api/models/${name}`, token);
    // Its field, then the audit fields every model has.
    expect(served.answers.map((a) => (a.body as unknown as { name: string }[]).map((f) => f.name))).toEqual(Array(FOLLOWING).fill([field, ...AUDIT_FIELD_NAMES]));
    expect(served.pids.size).toBe(2);
    expect((await call('DELETE', `/api/definitions/model/${name}`, token)).status).toBe(200);
  }

  it('forgets a deleted model in every worker: the name serves a new model whichever worker is asked', async () => {
    // Each round's create and delete land on different workers (one connection each, in turn).
    for (let round = 0; round < 4; round++) await makeUseAndDelete('Scratch', `field${round}`);
    expect((await call('GET', '/api/models', token)).body).not.toContain('Scratch');
  });

  it('serves a restore made through one worker from every worker', async () => {
    const password = 'backup password';
    const backup = await send('POST', '/api/backup/backup', token, { bytes: Buffer.from(JSON.stringify({ password })), contentType: 'application/json' });
    expect(backup.status).toBe(200);
    // After the backup: a model every worker uses, and a fifth... sixth note.
    expect((await call('POST', '/api/definitions/model', token, { name: 'Later', title: 'Later', fields: [{ name: 'label', type: 'text', label: 'Label' }] })).status).toBe(201);
    expect((await following('GET', '/api/models/Later', token)).pids.size).toBe(2);
    expect((await call('POST', '/api/form/note/add', token, { text: 'after the backup' })).status).toBe(200);
    expect((await following('GET', '/api/grid/notes/data/0/10', token)).answers.every((a) => a.body.count === 6)).toBe(true);

    const form = multipart({ file: backup.bytes, password, delete: 'true' });
    const restored = await send('POST', '/api/backup/restore', token, { bytes: form.body, contentType: form.contentType });
    expect(restored.status, restored.bytes.toString()).toBe(200);

    // Every worker serves the backup's rows, and none still knows the model the backup lacks:
    // its name makes a new model with other fields, served as such by both.
    const notes = await following('GET', '/api/grid/notes/data/0/10', token);
    expect(notes.answers.map((a) => a.body.count)).toEqual(Array(FOLLOWING).fill(5));
    expect(notes.pids.size).toBe(2);
    await makeUseAndDelete('Later', 'other');
  });

  it('replaces a worker killed outright, and keeps answering meanwhile', async () => {
    const before = new Set((await following('GET', '/api/env/')).pids);
    expect(before.size).toBe(2);
    const [victim, survivor] = [...before];
    process.kill(Number(victim), 'SIGKILL');
    await until('the killed worker to end', async () => (alive(Number(victim)) ? undefined : true));
    // The survivor answers while the replacement starts.
    const meanwhile = await following('GET', '/api/env/');
    expect(meanwhile.answers.map((a) => a.status)).toEqual(Array(FOLLOWING).fill(200));
    const replacement = await until('a new worker', async () => {
      const { pid } = await call('GET', '/api/env/');
      return pid !== survivor && pid !== victim ? pid : undefined;
    });
    expect(server.output()).toMatch(new RegExp(`worker ${victim} ended unexpectedly`));
    expect((await call('GET', '/api/checkuser', token)).body).toMatchObject({ user: { user: 'admin' } });
    expect(replacement).not.toBe('');
  }, 90_000);

  it('ends the primary and every worker on SIGTERM', async () => {
    const workers = [...(await following('GET', '/api/env/')).pids].map(Number);
    const primary = server.child.pid ?? 0;
    expect(answeredBy.size).toBeGreaterThanOrEqual(3);
    // Both workers' writer threads write the one access log file at once: none of it is lost.
    const probes = await Promise.all(Array.from({ length: 200 }, () => call('GET', '/api/no-such-route-probe')));
    expect(new Set(probes.map((p) => p.pid)).size).toBe(2);
    await server.stop();
    await until('every process to end', async () => ([primary, ...workers].some(alive) ? undefined : true), 15_000);
    expect(server.child.exitCode).toBe(0);
    const log = new BetterSqlite3(join(dataDir, 'tessera.access-log.sqlite'), { readonly: true });
    try {
      expect(log.prepare("select count(*) as n from sys_access_log where path = '/api/no-such-route-probe'").get()).toEqual({ n: 200 });
    } finally {
      log.close();
    }
  }, 30_000);
});
