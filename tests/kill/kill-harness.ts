import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { seededRandom } from '../../scripts/bench/ui/grid-fixture.js';
import { freePort, setupCodeFromLog } from '../support/server-process.js';
import { cookieValue } from '../support/cookies.js';
import type { HistoryAction } from '../../src/shared/record-history.js';

const ROOT = resolve(import.meta.dirname, '../..');

export { seededRandom };

export function seedFromEnv(): number {
  const given = Number(process.env.KILL_SEED);
  return Number.isInteger(given) && given > 0 ? given : Math.floor(Math.random() * 2 ** 31) + 1;
}

/** Every server process a kill test started and has not seen end: afterAll ends them, also on failure. */
const live = new Set<ServerRun>();

export async function killAllServers(): Promise<void> {
  await Promise.all([...live].map((run) => run.kill()));
}

/** One start of the bundled server, as its own process. */
export class ServerRun {
  readonly child: ChildProcess;
  log = '';
  readonly startedAt = Date.now();
  readyAt: number | null = null;
  readonly exited: Promise<number | string | null>;

  constructor(entry: string, readonly url: string, env: Record<string, string>) {
    this.child = spawn(process.execPath, [entry], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', WORKERS: '1', ...env, HOST: '127.0.0.1', PORT: new URL(url).port },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (d: Buffer) => (this.log += d.toString()));
    this.child.stderr?.on('data', (d: Buffer) => (this.log += d.toString()));
    this.exited = new Promise((done) => this.child.once('exit', (code, signal) => done(signal ?? code)));
    live.add(this);
    void this.exited.then(() => live.delete(this));
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits until the server answers; fails if it exits first (a start that cannot recover). */
  async ready(timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.alive) throw new Error(`the server exited during start (${String(await this.exited)}):\n${this.log}`);
      try {
        const res = await fetch(`${this.url}/api/env/`, { signal: AbortSignal.timeout(5_000) });
        if (res.ok) {
          this.readyAt = Date.now();
          return;
        }
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not answer within ${timeoutMs} ms:\n${this.log}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** SIGKILL: no handler runs, nothing is flushed or closed. Answers once the process is gone. */
  async kill(): Promise<void> {
    if (this.alive) this.child.kill('SIGKILL');
    await this.exited;
  }
}

export class Api {
  token: string | null = null;
  constructor(public url: string) {}

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        'x-requested-with': 'tessera',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed as T };
  }

  async must<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.call<T>(method, path, body);
    if (res.status < 200 || res.status > 299) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** Finishes setup with the code the server printed; the session lives in the database, so it outlives every restart. */
  async setup(run: ServerRun): Promise<void> {
    const setupCode = await setupCodeFromLog(() => run.log, 30_000);
    const res = await fetch(`${this.url}/api/setup/finish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'tessera' },
      body: JSON.stringify({ user: 'admin', email: 'admin@example.com', password: 'correct horse battery', smtp_host: '', setupCode }),
    });
    if (res.status !== 200) throw new Error(`setup failed: ${res.status} ${await res.text()}`);
    this.token = cookieValue(res.headers.getSetCookie(), 'token') ?? null;
    if (!this.token) throw new Error('setup answered no session cookie');
  }
}

export async function serverUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

// ---------------------------------------------------------------------------------------------
// The workload: what was written, what was acknowledged, and what the database must show.

const TAGS = 8;
const FORMS = 3;

const input = (name: string, extra: Record<string, unknown> = {}) => ({ childType: 'Input', width: 6, name, label: name, ...extra });

const MODELS = [
  { name: 'Tag', title: 'Tags', fields: [{ name: 'name', type: 'text', label: 'Name', required: true, unique: true }] },
  {
    name: 'Item',
    title: 'Items',
    fields: [
      { name: 'name', type: 'text', label: 'Name', required: true, unique: true },
      { name: 'qty', type: 'number', label: 'Quantity' },
      { name: 'note', type: 'text', label: 'Note' },
      { name: 'tags', type: 'link', label: 'Tags', target: 'Tag', through: 'ItemTag' },
    ],
  },
  {
    name: 'ItemTag',
    title: 'Item tags',
    idtype: 'integer',
    fields: [
      { name: 'item', type: 'reference', label: 'Item', target: 'Item', required: true },
      { name: 'tag', type: 'reference', label: 'Tag', target: 'Tag', required: true },
    ],
  },
];

const itemForm = { name: 'item', title: 'Item', model: 'Item', definition: [{ cols: [input('name'), input('qty', { fieldtype: 'number' }), input('note')] }] };
const tagForm = { name: 'tag', title: 'Tag', model: 'Tag', definition: [{ cols: [input('name')] }] };
/** The forms the writer keeps saving: a definition save changes its row and adds a kept version together. */
const keptForm = (name: string, title: string) => ({ name, title, model: 'Item', definition: [{ cols: [input('name'), input('note')] }] });

interface ItemValues {
  qty: number;
  note: string;
}

interface ItemState {
  id: number | string;
  values: ItemValues;
  /** Values of updates sent after the last acknowledged state whose answer never came. */
  maybe: ItemValues[];
  links: string;
  maybeLinks: string[];
}

interface FormState {
  title: string;
  version: number;
  maybe: string[];
}

/** What the database holds, as the checks read it (each straight from the database, not through the server). */
export interface Snapshot {
  items: { id: number | string; name: string; qty: number | null; note: string | null }[];
  links: { id: number | string; item: number | string; tag: number | string }[];
  forms: { id: string; name: string; title: string; version: number }[];
  versions: { def_id: string; version: number; document: string }[];
  /** The record history of the models the writer changes (docs/history.md), in id order. */
  history: { id: number | string; model: string; record_id: string; action: HistoryAction; changes: string }[];
}

/** SQL the two readers run: the tables are the server's, read as an operator would. */
export const SNAPSHOT_SQL = {
  items: 'select id, name, qty, note from t_item',
  links: 'select id, item, tag from t_itemtag',
  forms: "select id, name, title, version from t_form where name like 'kf%'",
  versions: "select def_id, version, document from sys_definition_versions where kind = 'form'",
  history: "select id, model, record_id, action, changes from sys_record_history where model in ('Item', 'ItemTag') order by id",
};

type Row = Record<string, unknown> & { id: number | string };

/**
 * The recorded fields of the models the writer changes, each with how its value is compared: a
 * history entry holds a value as JSON of the column (docs/history.md), the snapshot as the driver
 * reads it (PostgreSQL's numeric and bigint come as text).
 */
const RECORDED: { model: string; rows: (db: Snapshot) => Row[]; fields: Record<string, (v: unknown) => unknown> }[] = [
  { model: 'Item', rows: (db) => db.items, fields: { name: String, qty: Number, note: String } },
  // A link set is rows of the through model: one write inserts and deletes several, each its own entry.
  { model: 'ItemTag', rows: (db) => db.links, fields: { item: String, tag: String } },
];

/** At most this many history problems per model are listed, then how many more. */
const HISTORY_PROBLEMS_LISTED = 10;

/**
 * No change without its entry and no entry without its change (docs/history.md): each record's
 * entries, replayed in id order from nothing, give its row as the database holds it. Every step
 * is checked against the one before (an update's and a delete's `before` values are what the
 * record held then), so an entry missing from the middle shows too, not only a last one; a
 * record with entries and no row ends in a delete, and a row without an insert entry shows as one.
 */
export function historyProblems(db: Snapshot): string[] {
  const problems: string[] = [];
  for (const { model, rows, fields } of RECORDED) {
    const found: string[] = [];
    const norm = (field: string, v: unknown) => (v === null || v === undefined ? null : fields[field]!(v));
    /** Each record's replayed fields, null once deleted. */
    const replayed = new Map<string, Record<string, unknown> | null>();
    for (const entry of db.history) {
      if (entry.model !== model) continue;
      const at = `${model} ${entry.record_id}: ${entry.action} entry ${entry.id}`;
      const changes = JSON.parse(entry.changes) as Record<string, unknown>;
      const before = replayed.get(entry.record_id);
      let values: Record<string, unknown>;
      if (entry.action === 'insert') {
        if (before !== undefined) found.push(`${at} follows ${before === null ? 'its delete (an id used again?)' : 'its insert (inserted twice?)'}`);
        values = Object.fromEntries(Object.keys(fields).map((f) => [f, null]));
      } else if (entry.action === 'update' || entry.action === 'delete') {
        if (!before) {
          found.push(`${at} without ${before === null ? 'the record (after its delete)' : 'an insert entry before it'}`);
          continue;
        }
        values = { ...before };
      } else {
        found.push(`${at}: not an action of a record`);
        continue;
      }
      for (const [field, change] of Object.entries(changes)) {
        if (!(field in fields) || !Array.isArray(change) || change.length !== 2) {
          found.push(`${at} holds ${JSON.stringify({ [field]: change })}, not a recorded field's [before, after]`);
          continue;
        }
        const [was, now] = change as [unknown, unknown];
        if (norm(field, was) !== values[field]) found.push(`${at} says ${field} was ${JSON.stringify(was)}, but the entries before it leave ${JSON.stringify(values[field])} (an entry missing?)`);
        values[field] = norm(field, now);
      }
      if (entry.action === 'delete') {
        const left = Object.entries(values).filter(([, v]) => v !== null);
        if (left.length) found.push(`${at} leaves ${JSON.stringify(Object.fromEntries(left))} (a value its entries missed)`);
        replayed.set(entry.record_id, null);
      } else replayed.set(entry.record_id, values);
    }
    const present = new Set<string>();
    for (const row of rows(db)) {
      const id = String(row.id);
      present.add(id);
      const values = replayed.get(id);
      if (values === undefined) found.push(`${model} ${id} is present without an insert entry`);
      else if (values === null) found.push(`${model} ${id} is present though its entries end in a delete`);
      else {
        const differ = Object.keys(fields).filter((f) => norm(f, row[f]) !== values[f]);
        if (differ.length) {
          const pick = (from: Record<string, unknown>) => JSON.stringify(Object.fromEntries(differ.map((f) => [f, from[f]])));
          found.push(`${model} ${id} holds ${pick(row)}, its entries replayed give ${pick(values)} (a change without its entry, or an entry without its change)`);
        }
      }
    }
    for (const [id, values] of replayed) {
      if (values !== null && !present.has(id)) found.push(`${model} ${id} has entries but no row, and its last entry is not a delete (an entry without its change)`);
    }
    problems.push(...found.slice(0, HISTORY_PROBLEMS_LISTED));
    if (found.length > HISTORY_PROBLEMS_LISTED) problems.push(`${model}: ${found.length - HISTORY_PROBLEMS_LISTED} more history problems`);
  }
  return problems;
}

const linkKey = (ids: (number | string)[]) => [...ids].map(String).sort().join(',');

export class Workload {
  private seq = 0;
  private readonly items = new Map<string, ItemState>();
  /** Adds sent whose answer never came: present with exactly these values, or absent. */
  private readonly maybeItems = new Map<string, ItemValues>();
  private readonly forms = new Map<string, FormState>();
  private readonly maybeForms = new Map<string, string>();
  private readonly busy = new Set<string>();
  private tagIds: (number | string)[] = [];
  /** Writes the server acknowledged (2xx), and the checks of acknowledged state made after restarts. */
  acknowledged = 0;
  unanswered = 0;
  checks = 0;
  /** The record history's entries of Item and ItemTag the last check replayed. */
  historyEntries = 0;

  constructor(private readonly random: () => number) {}

  private pick<T>(list: T[]): T | undefined {
    return list.length ? list[Math.floor(this.random() * list.length)] : undefined;
  }

  async define(api: Api): Promise<void> {
    // Item and ItemTag refer to each other: Item gets its link field once ItemTag exists.
    const [tag, item, itemTag] = MODELS;
    await api.must('POST', '/api/definitions/model', tag);
    const made = await api.must<{ version: number }>('POST', '/api/definitions/model', { ...item, fields: item!.fields.filter((f) => f.type !== 'link') });
    await api.must('POST', '/api/definitions/model', itemTag);
    await api.must('PUT', '/api/definitions/model/Item', { ...item, version: made.version });
    await api.must('POST', '/api/definitions/form', itemForm);
    await api.must('POST', '/api/definitions/form', tagForm);
    for (let i = 0; i < TAGS; i++) this.tagIds.push((await api.must<{ id: number }>('POST', '/api/form/tag/add', { name: `tag${i}` })).id);
    for (let i = 0; i < FORMS; i++) {
      const made = await api.must<{ version: number }>('POST', '/api/definitions/form', keptForm(`kf${i}`, 'first'));
      this.forms.set(`kf${i}`, { title: 'first', version: made.version, maybe: [] });
    }
  }

  /** One write, chosen at random; answers when its answer came or the connection broke. */
  async step(api: Api): Promise<void> {
    const n = ++this.seq;
    const roll = this.random();
    const idle = [...this.items.entries()].filter(([name]) => !this.busy.has(name));
    if (roll < 0.35 || idle.length === 0) return this.addItem(api, n);
    if (roll < 0.6) return this.updateItem(api, n, this.pick(idle)!);
    if (roll < 0.8) return this.linkItem(api, this.pick(idle)!);
    const idleForms = [...this.forms.entries()].filter(([name]) => !this.busy.has(name));
    if (roll < 0.95 && idleForms.length) return this.saveForm(api, n, this.pick(idleForms)!);
    return this.createForm(api, n);
  }

  private async send(api: Api, method: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> } | null> {
    try {
      const res = await api.call(method, path, body);
      if (res.status >= 200 && res.status < 300) {
        this.acknowledged++;
        return res;
      }
      // 503 while the database restarts, or a refusal: not acknowledged, so it may or may not have happened.
      this.unanswered++;
      return null;
    } catch {
      this.unanswered++;
      return null;
    }
  }

  private note(n: number): string {
    // Long enough that a row spans more than a few bytes of a page; distinct per write.
    return `note ${n} `.repeat(1 + Math.floor(this.random() * 40));
  }

  private async addItem(api: Api, n: number): Promise<void> {
    const name = `item${n}`;
    const values = { qty: Math.floor(this.random() * 1e6), note: this.note(n) };
    this.maybeItems.set(name, values);
    this.busy.add(name);
    const res = await this.send(api, 'POST', '/api/form/item/add', { name, ...values });
    this.busy.delete(name);
    if (!res) return;
    this.maybeItems.delete(name);
    this.items.set(name, { id: res.body.id as number, values, maybe: [], links: '', maybeLinks: [] });
  }

  private async updateItem(api: Api, n: number, [name, item]: [string, ItemState]): Promise<void> {
    const values = { qty: Math.floor(this.random() * 1e6), note: this.note(n) };
    this.busy.add(name);
    // As a form does: the record read first, its row version sent back with the change (without
    // it the update is refused, and the kill test would never see one).
    const read = await api.call<{ _version?: number }>('GET', `/api/form/item/data/${item.id}`).catch(() => null);
    if (read?.status !== 200 || typeof read.body._version !== 'number') {
      this.busy.delete(name);
      return;
    }
    item.maybe.push(values);
    const res = await this.send(api, 'POST', `/api/form/item/update/${item.id}`, { ...values, _version: read.body._version });
    this.busy.delete(name);
    if (!res) return;
    item.values = values;
    item.maybe = [];
  }

  private async linkItem(api: Api, [name, item]: [string, ItemState]): Promise<void> {
    // Several rows in one write: a link set seen half saved would show as a set never sent.
    const chosen = this.tagIds.filter(() => this.random() < 0.5);
    const key = linkKey(chosen);
    item.maybeLinks.push(key);
    this.busy.add(name);
    const res = await this.send(api, 'POST', `/api/link/Item/tags/${item.id}`, chosen.map((id) => ({ id, selected: true })));
    this.busy.delete(name);
    if (!res) return;
    item.links = key;
    item.maybeLinks = [];
  }

  private async saveForm(api: Api, n: number, [name, form]: [string, FormState]): Promise<void> {
    const title = `title ${n}`;
    form.maybe.push(title);
    this.busy.add(name);
    const res = await this.send(api, 'PUT', `/api/definitions/form/${name}`, { ...keptForm(name, title), version: form.version });
    this.busy.delete(name);
    if (!res) return;
    form.title = title;
    form.version = Number(res.body.version);
    form.maybe = [];
  }

  private async createForm(api: Api, n: number): Promise<void> {
    const name = `kf${n}`;
    const title = `created ${n}`;
    this.maybeForms.set(name, title);
    this.busy.add(name);
    const res = await this.send(api, 'POST', '/api/definitions/form', keptForm(name, title));
    this.busy.delete(name);
    if (!res) return;
    this.maybeForms.delete(name);
    this.forms.set(name, { title, version: Number(res.body.version), maybe: [] });
  }

  /**
   * Checks the database against what was acknowledged, then takes what it holds as the new
   * known state (a write whose answer never came has either happened or not, and now we know
   * which). Answers the problems found; none means every acknowledged write is there, whole.
   */
  verify(db: Snapshot): string[] {
    const problems: string[] = [];
    const rows = new Map(db.items.map((r) => [r.name, r]));
    const links = new Map<string, (number | string)[]>();
    for (const l of db.links) links.set(String(l.item), [...(links.get(String(l.item)) ?? []), l.tag]);
    const same = (r: { qty: number | null; note: string | null }, v: ItemValues) => Number(r.qty) === v.qty && r.note === v.note;

    for (const [name, item] of this.items) {
      this.checks++;
      const row = rows.get(name);
      if (!row) {
        problems.push(`acknowledged record ${name} is missing`);
        continue;
      }
      rows.delete(name);
      const now = [item.values, ...item.maybe].find((v) => same(row, v));
      if (!now) problems.push(`record ${name} holds ${JSON.stringify(row)}, neither its acknowledged ${JSON.stringify(item.values)} nor an unanswered update`);
      else item.values = now;
      item.maybe = [];
      const key = linkKey(links.get(String(item.id)) ?? []);
      if (key !== item.links && !item.maybeLinks.includes(key)) {
        problems.push(`record ${name} links [${key}], neither its acknowledged [${item.links}] nor an unanswered link set (a partial write?)`);
      }
      item.links = key;
      item.maybeLinks = [];
    }
    for (const [name, values] of this.maybeItems) {
      const row = rows.get(name);
      if (!row) continue;
      rows.delete(name);
      if (!same(row, values)) problems.push(`unanswered add ${name} is present with other values: ${JSON.stringify(row)}`);
      const key = linkKey(links.get(String(row.id)) ?? []);
      if (key !== '') problems.push(`new record ${name} has links [${key}] nobody sent`);
      this.items.set(name, { id: row.id, values, maybe: [], links: '', maybeLinks: [] });
    }
    this.maybeItems.clear();
    for (const name of rows.keys()) problems.push(`record ${name} is present but was never sent`);

    const formRows = new Map(db.forms.map((f) => [f.name, f]));
    const kept = new Map(db.versions.map((v) => [`${v.def_id}/${Number(v.version)}`, v.document]));
    const keptMatches = (row: Snapshot['forms'][number]): boolean => {
      const doc = kept.get(`${row.id}/${Number(row.version)}`);
      if (doc === undefined) return false;
      const parsed = JSON.parse(doc) as { title?: string; version?: number };
      return parsed.title === row.title && Number(parsed.version) === Number(row.version);
    };
    for (const [name, form] of this.forms) {
      this.checks++;
      const row = formRows.get(name);
      if (!row) {
        problems.push(`acknowledged form ${name} is missing`);
        continue;
      }
      formRows.delete(name);
      if (row.title !== form.title && !form.maybe.includes(row.title)) problems.push(`form ${name} has title '${row.title}', never acknowledged nor sent last`);
      if (row.title === form.title && Number(row.version) !== form.version && form.maybe.length === 0) {
        problems.push(`form ${name} is at version ${row.version}, acknowledged at ${form.version}`);
      }
      if (Number(row.version) < form.version) problems.push(`form ${name} went back to version ${row.version} from acknowledged ${form.version}`);
      if (!keptMatches(row)) problems.push(`form ${name}: its row (version ${row.version}, '${row.title}') and its kept version disagree`);
      form.title = row.title;
      form.version = Number(row.version);
      form.maybe = [];
    }
    for (const [name, title] of this.maybeForms) {
      const row = formRows.get(name);
      if (!row) continue;
      formRows.delete(name);
      if (row.title !== title || Number(row.version) !== 1) problems.push(`unanswered new form ${name} is present as '${row.title}' v${row.version}`);
      if (!keptMatches(row)) problems.push(`new form ${name} is present without its kept version 1 (half written)`);
      this.forms.set(name, { title: row.title, version: Number(row.version), maybe: [] });
    }
    this.maybeForms.clear();
    for (const name of formRows.keys()) problems.push(`form ${name} is present but was never sent`);
    problems.push(...historyProblems(db));
    this.historyEntries = db.history.length;
    return problems;
  }

  get records(): number {
    return this.items.size;
  }
}

/**
 * Runs `concurrency` writers, each with one write in flight at a time, until `halt()`: no write
 * starts after it, and the promise it answers settles when those in flight have their answer
 * (or lost their connection, when the server is killed right after).
 */
export function startWriters(work: Workload, api: Api, concurrency: number): { halt(): Promise<void> } {
  let running = true;
  const loops = Array.from({ length: concurrency }, async () => {
    while (running) await work.step(api);
  });
  return {
    halt() {
      running = false;
      return Promise.all(loops).then(() => undefined);
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until this run has acknowledged a write (the first ones after a start also compile
 * their validators, and a busy machine makes them slow), then a random moment more: every kill
 * lands after acknowledged writes, most with others in flight.
 */
export async function writeWhile(work: Workload, random: () => number, timeoutMs = 30_000): Promise<void> {
  const before = work.acknowledged;
  const deadline = Date.now() + timeoutMs;
  while (work.acknowledged === before && Date.now() < deadline) await sleep(10);
  await sleep(random() * 300);
}
