import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Answer, type TestApp } from '../support/test-app.js';

/**
 * The grant dimension of the permission matrix (docs/security.md, "Grants"): every record route
 * of the server's route table is run for a caller signed out, one with no grant, one with an
 * action-only grant, one with a record rule, one with a field rule, one with presets, and an
 * administrator, over one Ticket model with a form, grids in every paging mode and selects.
 * A record route the matrix does not place fails the first test, so a new one must be placed.
 * Invariants: nothing outside the grant shows in an answer (the other records' titles, the
 * hidden field's values), no write outside the grant lands (read back from the store), a record
 * outside the rule is missing (404), refusals are 401 signed out and 403 signed in.
 */
let t: TestApp;
let admin: string;
type Who = 'anon' | 'plain' | 'reader' | 'owner' | 'fielder' | 'presetter' | 'admin';
const WHO: Who[] = ['anon', 'plain', 'reader', 'owner', 'fielder', 'presetter', 'admin'];
const token: Partial<Record<Who, string>> = {};
const uid: Partial<Record<Who, number>> = {};
const ticket: Record<string, number> = {};
let tagId = 0;

/** Owner's tickets are ALPHA and BRAVO; CHARLIE is the administrator's, DELTA the fielder's. */
const OWNED = ['ALPHA', 'BRAVO'];
const OTHERS = ['CHARLIE', 'DELTA'];
const title = (k: string) => `TK-${k}`;
const VAULT_CODE = 'VAULTCODE-7731';
const secretOf = (k: string) => `HIDDEN-${k}`;

const mine = { and: [{ field: 'owner', op: 'eq', value: { var: 'CURRENT_USER.id' } }] };
const GRANTS = [
  { group: 'Readers', actions: ['read'] },
  { group: 'Owners', actions: ['read', 'add', 'update', 'delete', 'clear', 'export', 'history'], rules: { read: mine, update: mine, delete: mine, clear: mine, export: mine } },
  { group: 'Fielders', actions: ['read', 'add', 'update', 'export', 'history'], fields: { secret: 'hidden', status: 'readonly' } },
  { group: 'Presetters', actions: ['read', 'add'], presets: { owner: { var: 'CURRENT_USER.id' }, status: 'new' } },
];
const GROUP: Partial<Record<Who, string>> = { reader: 'Readers', owner: 'Owners', fielder: 'Fielders', presetter: 'Presetters' };

async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token: admin, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const input = (name: string) => ({ childType: 'Input', width: 3, name, label: name, fieldtype: 'text' });
const columns = ['title', 'secret', 'status', 'note', 'owner'].map((name) => ({ name }));

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.setup();
  for (const name of Object.values(GROUP)) await ok('POST', '/api/form/group/add', { name });
  await ok('POST', '/api/definitions/model', { name: 'Tag', fields: [{ name: 'name', type: 'text' }] });
  const fields = [
    { name: 'title', type: 'text' },
    { name: 'secret', type: 'text' },
    { name: 'status', type: 'text' },
    { name: 'note', type: 'text' },
    { name: 'owner', type: 'reference', target: 'User' },
  ];
  await ok('POST', '/api/definitions/model', { name: 'Ticket', display: 'title', fields });
  await ok('POST', '/api/definitions/model', { name: 'TicketTag', fields: [{ name: 'ticket', type: 'reference', target: 'Ticket', required: true }, { name: 'tag', type: 'reference', target: 'Tag', required: true }] });
  const model = await ok('GET', '/api/definitions/model/Ticket');
  await ok('PUT', '/api/definitions/model/Ticket', { ...model, fields: [...fields, { name: 'parent', type: 'reference', target: 'Ticket' }, { name: 'tags', type: 'link', target: 'Tag', through: 'TicketTag' }] });

  token.admin = admin;
  uid.admin = 1;
  for (const who of ['plain', 'reader', 'owner', 'fielder', 'presetter'] as const) {
    const group = GROUP[who];
    const u = await t.user(who, group ? { groups: [group] } : {});
    token[who] = u.token;
    uid[who] = u.id;
  }
  const { store } = t.app.services;
  tagId = Number(await store.insert('Tag', { name: 'urgent' }));
  const ownerOf: Record<string, number | undefined> = { ALPHA: uid.owner, BRAVO: uid.owner, CHARLIE: uid.admin, DELTA: uid.fielder };
  for (const k of [...OWNED, ...OTHERS]) ticket[k] = Number(await store.insert('Ticket', { title: title(k), secret: secretOf(k), status: 'open', owner: ownerOf[k] }));

  const access = { grants: GRANTS };
  for (const [paging, name] of [[1, 'tickets_all'], [2, 'tickets_first'], [3, 'tickets']] as const) {
    await ok('POST', '/api/definitions/grid', { name, title: name, model: 'Ticket', paging, pageSize: 50, definition: columns, access });
  }
  const form = [{ cols: ['title', 'secret', 'status', 'note'].map(input) }, { cols: [{ childType: 'Reference', width: 3, name: 'owner', label: 'owner' }, { childType: 'Reference', width: 3, name: 'parent', label: 'parent' }] }, { cols: [{ childType: 'DualList', width: 4, name: 'tags', label: 'Tags', link: 'id', url: '/link/Ticket/tags' }] }];
  await ok('POST', '/api/definitions/form', { name: 'ticket', title: 'Ticket', model: 'Ticket', definition: form, access });
  await ok('POST', '/api/definitions/select', { name: 'ticket_titles', title: 'Tickets', model: 'Ticket', valuefield: 'id', labelfield: 'title', access });
  await ok('POST', '/api/definitions/select', { name: 'tickets_by_status', title: 'By status', model: 'Ticket', valuefield: 'id', labelfield: 'title', params: ['status'], access });
  // For the known leaks below: a select filtering by a parameter on the hidden field, and a model
  // whose records are called by a template naming a field hidden from the fielder.
  await ok('POST', '/api/definitions/select', { name: 'tickets_by_secret', title: 'By secret', model: 'Ticket', valuefield: 'id', labelfield: 'title', params: ['secret'], access });
  await ok('POST', '/api/definitions/model', { name: 'Vault', display: '{name} {code}', fields: [{ name: 'name', type: 'text' }, { name: 'code', type: 'text' }] });
  await ok('POST', '/api/definitions/model', { name: 'Loan', fields: [{ name: 'label', type: 'text' }, { name: 'vault', type: 'reference', target: 'Vault' }] });
  const vault = Number(await store.insert('Vault', { name: 'V1', code: VAULT_CODE }));
  await store.insert('Loan', { label: 'L1', vault });
  const hidesCode = { grants: [{ group: 'Fielders', actions: ['read'], fields: { code: 'hidden' } }] };
  await ok('POST', '/api/definitions/grid', { name: 'vaults', title: 'Vaults', model: 'Vault', paging: 3, definition: [{ name: 'name' }, { name: 'code' }], access: hidesCode });
  const fielderLoans = { grants: [{ group: 'Fielders', actions: ['read', 'update'] }] };
  await ok('POST', '/api/definitions/grid', { name: 'loans', title: 'Loans', model: 'Loan', paging: 3, definition: [{ name: 'label' }, { name: 'vault' }], access: fielderLoans });
  await ok('POST', '/api/definitions/form', { name: 'loan', title: 'Loan', model: 'Loan', definition: [{ cols: [input('label'), { childType: 'Reference', width: 3, name: 'vault', label: 'vault' }] }], access: fielderLoans });
});
afterAll(async () => {
  await t.close();
});

/** The stored tickets, read past every grant. */
async function stored(): Promise<Record<string, unknown>[]> {
  return t.app.services.store.list('Ticket', { fields: ['title', 'secret', 'status', 'note', 'owner'] });
}
async function storedTicket(id: number): Promise<Record<string, unknown> | undefined> {
  return (await stored()).find((r) => Number(r.id) === id);
}

function call<T = unknown>(who: Who, method: string, url: string, body?: unknown): Promise<Answer<T>> {
  return t.call<T>(method, url, { token: token[who] ?? null, body });
}

/** What a refusal must be for a caller the definition grants nothing: 401 signed out, 403 signed in. */
function refusal(who: Who): number | undefined {
  return who === 'anon' ? 401 : who === 'plain' ? 403 : undefined;
}

/** The records a caller's read rule reaches. */
function readable(who: Who): string[] {
  return who === 'owner' ? OWNED : [...OWNED, ...OTHERS];
}

/**
 * The read invariants on one answer: no title of a record outside the caller's read rule, no
 * hidden value (nor the hidden field's key in record data), and every readable record present
 * when the answer lists them all (`lists`), so the scan cannot pass on an empty answer.
 */
function scan(who: Who, res: Answer, fails: string[], where: string, opts: { lists?: boolean; data?: boolean } = {}): void {
  const text = JSON.stringify(res.body);
  for (const k of [...OWNED, ...OTHERS]) {
    const inside = readable(who).includes(k);
    if (!inside && text.includes(title(k))) fails.push(`${where} ${who}: shows ${title(k)}, outside the read rule`);
    if (inside && opts.lists && !text.includes(title(k))) fails.push(`${where} ${who}: leaves out ${title(k)}`);
  }
  if (who === 'fielder') {
    if (text.includes('HIDDEN-')) fails.push(`${where} fielder: shows a value of the hidden field`);
    if (opts.data && text.includes('"secret"')) fails.push(`${where} fielder: sends the hidden field`);
  }
}

/** Expected status of a plain read (list or definition) every grantee may do. */
function readStatus(who: Who): number {
  return refusal(who) ?? 200;
}

function check(fails: string[], where: string, who: Who, res: Answer, expected: number): boolean {
  if (res.status !== expected) {
    fails.push(`${where} ${who}: ${res.status}, expected ${expected} ${JSON.stringify(res.body).slice(0, 160)}`);
    return false;
  }
  return true;
}

type Case = (fails: string[]) => Promise<void>;

/** A read that lists records: 401/403 for the ungranted, the caller's records only for the rest. */
const listing =
  (url: string, opts: { data?: boolean } = { data: true }): Case =>
  async (fails) => {
    for (const who of WHO) {
      const res = await call(who, 'GET', url);
      if (check(fails, `GET ${url}`, who, res, readStatus(who)) && res.status === 200) scan(who, res, fails, `GET ${url}`, { lists: true, ...opts });
    }
  };

const MATRIX: Record<string, Case> = {
  'GET /api/grid/:name/data': listing('/api/grid/tickets_all/data'),
  'GET /api/grid/:name/data/:n': listing('/api/grid/tickets_first/data/50'),
  'GET /api/grid/:name/data/:page/:pageSize': async (fails) => {
    await listing('/api/grid/tickets/data/0/50')(fails);
    for (const who of WHO) {
      // The count agrees with the rule; a search never reaches into the hidden field.
      const res = await call<{ count: number }>(who, 'GET', '/api/grid/tickets/data/0/50');
      if (res.status === 200 && res.body.count !== readable(who).length) fails.push(`grid count ${who}: ${res.body.count}, expected ${readable(who).length}`);
      const searched = await call<{ count: number }>(who, 'GET', '/api/grid/tickets/data/0/50?search=HIDDEN-');
      const expected = who === 'fielder' ? 0 : readable(who).length;
      if (searched.status === 200 && searched.body.count !== expected) fails.push(`grid search for the hidden value ${who}: count ${searched.body.count}, expected ${expected}`);
      const sorted = await call(who, 'GET', '/api/grid/tickets/data/0/50?sort=secret');
      check(fails, 'grid sort by the hidden field', who, sorted, refusal(who) ?? (who === 'fielder' ? 400 : 200));
      const filter = encodeURIComponent(JSON.stringify({ and: [{ field: 'secret', op: 'startsWith', value: 'HIDDEN-' }] }));
      const filtered = await call(who, 'GET', `/api/grid/tickets/data/0/50?filter=${filter}`);
      if (check(fails, 'grid filter by the hidden field', who, filtered, refusal(who) ?? (who === 'fielder' ? 400 : 200)) && filtered.status === 200) scan(who, filtered, fails, 'grid filter');
      // A search for another's title finds nothing outside the rule.
      const other = await call(who, 'GET', `/api/grid/tickets/data/0/50?search=${title('CHARLIE')}`);
      if (other.status === 200) scan(who, other, fails, 'grid search for CHARLIE');
    }
  },
  // Export is its own action: the reader and the presetter, who may read, are refused; the owner
  // gets the rows of their export rule only, the fielder every row without the hidden field.
  'GET /api/grid/:name/export': async (fails) => {
    for (const format of ['csv', 'xlsx'] as const) {
      for (const who of WHO) {
        const expected = refusal(who) ?? (who === 'reader' || who === 'presetter' ? 403 : 200);
        const res = await call(who, 'GET', `/api/grid/tickets/export?format=${format}`);
        if (!check(fails, `grid export ${format}`, who, res, expected) || res.status !== 200) continue;
        if (res.headers['x-total-count'] !== String(readable(who).length)) fails.push(`grid export ${format} ${who}: counts ${String(res.headers['x-total-count'])}`);
        if (format === 'csv') {
          scan(who, res, fails, 'grid export csv', { lists: true });
          if (who === 'fielder' && String(res.body).split('\r\n')[0]?.includes('secret')) fails.push('grid export csv fielder: has the hidden column');
        }
      }
    }
    // A search or sort by the hidden field finds nothing, or is refused, as on the data routes.
    const searched = await call('fielder', 'GET', '/api/grid/tickets/export?search=HIDDEN-');
    if (searched.headers['x-total-count'] !== '0') fails.push(`grid export fielder: searching the hidden field counts ${String(searched.headers['x-total-count'])}`);
    check(fails, 'grid export sorted by the hidden field', 'fielder', await call('fielder', 'GET', '/api/grid/tickets/export?sort=secret'), 400);
  },
  'GET /api/grid/:name/definition': async (fails) => {
    for (const who of WHO) {
      const res = await call<{ definition: { name: string; hide?: boolean }[] }>(who, 'GET', '/api/grid/tickets/definition');
      if (!check(fails, 'grid definition', who, res, readStatus(who)) || res.status !== 200) continue;
      scan(who, res, fails, 'grid definition');
      const secret = res.body.definition.find((c) => c.name === 'secret');
      if (who === 'fielder' && secret && secret.hide !== true) fails.push('grid definition fielder: the hidden field is a visible column');
    }
  },
  'GET /api/grid/:name/views': async (fails) => {
    for (const who of WHO) check(fails, 'grid views', who, await call(who, 'GET', '/api/grid/tickets/views'), readStatus(who));
  },
  'POST /api/grid/:name/views': async (fails) => {
    for (const who of WHO) {
      const res = await call(who, 'POST', '/api/grid/tickets/views', { name: `v-${who}`, state: { sort: 'title' } });
      check(fails, 'grid view save', who, res, refusal(who) ?? 201);
    }
  },
  'PUT /api/grid/:name/views/:id': async (fails) => {
    const theirs = await call<{ id: string }>('admin', 'POST', '/api/grid/tickets/views', { name: 'admin-only', state: { sort: 'title' } });
    for (const who of WHO) {
      // Another user's view is missing for everyone but its owner.
      const res = await call(who, 'PUT', `/api/grid/tickets/views/${theirs.body.id}`, { name: 'taken', state: { sort: 'title' } });
      check(fails, 'grid view rename of another', who, res, refusal(who) ?? (who === 'admin' ? 200 : 404));
    }
  },
  'DELETE /api/grid/:name/views/:id': async (fails) => {
    const theirs = await call<{ id: string }>('admin', 'POST', '/api/grid/tickets/views', { name: 'admin-keep', state: { sort: 'title' } });
    for (const who of WHO.filter((w) => w !== 'admin')) {
      // A person's views are theirs alone.
      const listed = await call(who, 'GET', '/api/grid/tickets/views');
      if (JSON.stringify(listed.body).includes('admin-keep')) fails.push(`grid views ${who}: lists the administrator's own view`);
      check(fails, 'grid view delete of another', who, await call(who, 'DELETE', `/api/grid/tickets/views/${theirs.body.id}`), refusal(who) ?? 404);
    }
  },
  'GET /api/form/:name/definition': async (fails) => {
    for (const who of WHO) {
      const res = await call<{ definition: unknown; readOnlyFields?: string[] }>(who, 'GET', '/api/form/ticket/definition');
      if (!check(fails, 'form definition', who, res, readStatus(who)) || res.status !== 200) continue;
      const text = JSON.stringify(res.body.definition);
      if (who === 'fielder' && text.includes('"name":"secret"')) fails.push('form definition fielder: shows the hidden field');
      if (who === 'fielder' && !res.body.readOnlyFields?.includes('status')) fails.push('form definition fielder: status is not read-only');
    }
    // On add, the preset fields are the presetter's to see, not to write.
    const add = await call<{ readOnlyFields?: string[] }>('presetter', 'GET', '/api/form/ticket/definition?mode=add');
    if (!['owner', 'status'].every((f) => add.body.readOnlyFields?.includes(f))) fails.push(`form definition presetter: read-only on add ${JSON.stringify(add.body.readOnlyFields)}`);
  },
  'GET /api/form/:name/data/:id': async (fails) => {
    for (const who of WHO) {
      for (const k of [...OWNED, ...OTHERS]) {
        const res = await call(who, 'GET', `/api/form/ticket/data/${ticket[k]}`);
        const expected = refusal(who) ?? (readable(who).includes(k) ? 200 : 404);
        if (check(fails, `form data ${k}`, who, res, expected) && res.status === 200) scan(who, res, fails, `form data ${k}`, { data: true });
      }
      check(fails, 'form data of a missing id', who, await call(who, 'GET', '/api/form/ticket/data/999999'), refusal(who) ?? 404);
    }
  },
  'POST /api/form/:name/add': async (fails) => {
    const body = (who: Who, extra: Record<string, unknown> = {}) => ({ title: `NEW-${who}`, note: 'n', owner: uid.admin, ...extra });
    for (const who of WHO) {
      const may = ['owner', 'fielder', 'presetter', 'admin'].includes(who);
      if (who === 'fielder') {
        // A read-only or hidden field with a value is refused, and nothing is added.
        check(fails, 'form add with the read-only field', who, await call(who, 'POST', '/api/form/ticket/add', body(who, { title: 'NEW-fielder-status', status: 'closed' })), 403);
        check(fails, 'form add with the hidden field', who, await call(who, 'POST', '/api/form/ticket/add', body(who, { title: 'NEW-fielder-secret', secret: 'x' })), 403);
      }
      const res = await call<{ id: number }>(who, 'POST', '/api/form/ticket/add', body(who, who === 'presetter' ? { status: 'closed' } : {}));
      check(fails, 'form add', who, res, refusal(who) ?? (may ? 200 : 403));
      if (res.status === 200) scan(who, res, fails, 'form add', { data: true });
    }
    const rows = await stored();
    const added = (who: string) => rows.find((r) => r.title === `NEW-${who}`);
    for (const who of WHO) {
      const may = ['owner', 'fielder', 'presetter', 'admin'].includes(who);
      if (Boolean(added(who)) !== may) fails.push(`form add ${who}: stored ${Boolean(added(who))}, expected ${may}`);
    }
    for (const refused of ['NEW-fielder-status', 'NEW-fielder-secret']) if (rows.some((r) => r.title === refused)) fails.push(`form add: ${refused} landed`);
    // The presets win over the body.
    const preset = added('presetter');
    if (preset && (Number(preset.owner) !== uid.presetter || preset.status !== 'new')) fails.push(`form add presetter: stored owner ${String(preset.owner)} status ${String(preset.status)}`);
    // Added rows must not stay in the way of the other cases' counts.
    for (const r of rows) if (String(r.title).startsWith('NEW-')) await t.app.services.store.delete('Ticket', Number(r.id));
  },
  'POST /api/form/:name/update/:id': async (fails) => {
    const version = async (id: number) => (await call<{ _version: number }>('admin', 'GET', `/api/form/ticket/data/${id}`)).body._version;
    const update = async (who: Who, k: string, change: Record<string, unknown>) => call(who, 'POST', `/api/form/ticket/update/${ticket[k]}`, { ...change, _version: await version(ticket[k] ?? 0) });
    const before = JSON.stringify(await storedTicket(ticket.CHARLIE ?? 0));
    for (const who of WHO.filter((w) => w !== 'admin' && w !== 'fielder')) {
      // CHARLIE is outside the owner's read rule (404); reader and presetter may not update (403).
      check(fails, 'form update of CHARLIE', who, await update(who, 'CHARLIE', { note: `by-${who}` }), refusal(who) ?? (who === 'owner' ? 404 : 403));
    }
    check(fails, 'form update of the read-only field', 'fielder', await update('fielder', 'CHARLIE', { status: 'closed' }), 403);
    check(fails, 'form update of the hidden field', 'fielder', await update('fielder', 'CHARLIE', { secret: secretOf('CHARLIE') }), 403);
    if (JSON.stringify(await storedTicket(ticket.CHARLIE ?? 0)) !== before) fails.push(`form update: a refused write landed on CHARLIE: ${JSON.stringify(await storedTicket(ticket.CHARLIE ?? 0))}`);
    // Moving a record out of the update rule is refused, and nothing changes.
    check(fails, 'form update moving ALPHA away', 'owner', await update('owner', 'ALPHA', { owner: uid.admin }), 403);
    if (Number((await storedTicket(ticket.ALPHA ?? 0))?.owner) !== uid.owner) fails.push('form update: ALPHA moved out of the owner rule');
    for (const [who, k] of [['owner', 'ALPHA'], ['fielder', 'CHARLIE'], ['admin', 'CHARLIE']] as const) {
      const res = await update(who, k, { note: `by-${who}` });
      if (check(fails, `form update of ${k}`, who, res, 200)) scan(who, res, fails, 'form update', { data: true });
      if ((await storedTicket(ticket[k] ?? 0))?.note !== `by-${who}`) fails.push(`form update ${who}: the note did not land on ${k}`);
    }
  },
  'DELETE /api/form/:name/delete/:id': async (fails) => {
    for (const who of WHO.filter((w) => w !== 'admin')) {
      check(fails, 'form delete of CHARLIE', who, await call(who, 'DELETE', `/api/form/ticket/delete/${ticket.CHARLIE}`), refusal(who) ?? (who === 'owner' ? 404 : 403));
    }
    if (!(await storedTicket(ticket.CHARLIE ?? 0))) fails.push('form delete: CHARLIE was deleted by a caller outside the grant');
    for (const who of ['owner', 'admin'] as const) {
      const id = Number(await t.app.services.store.insert('Ticket', { title: `GONE-${who}`, owner: uid[who] }));
      check(fails, 'form delete of their own', who, await call(who, 'DELETE', `/api/form/ticket/delete/${id}`), 200);
      if (await storedTicket(id)) fails.push(`form delete ${who}: their own record stayed`);
    }
  },
  'GET /api/select/:name': listing('/api/select/ticket_titles', {}),
  'GET /api/select/:name/*': listing('/api/select/tickets_by_status/open', {}),
  'GET /api/choices/:model/:field': async (fails) => {
    await listing('/api/choices/Ticket/parent', {})(fails);
    for (const who of WHO) {
      const searched = await call(who, 'GET', `/api/choices/Ticket/parent?search=${title('CHARLIE')}`);
      if (searched.status === 200) scan(who, searched, fails, 'choices search for CHARLIE');
      // Asked by id, a record outside the read rule has no name.
      const res = await call(who, 'GET', `/api/choices/Ticket/parent?id=${ticket.CHARLIE}`);
      if (check(fails, 'choices by id', who, res, readStatus(who)) && res.status === 200) scan(who, res, fails, 'choices by id');
    }
  },
  'GET /api/link/:model/:field/:id': async (fails) => {
    for (const who of WHO) {
      for (const k of ['ALPHA', 'CHARLIE']) {
        const res = await call(who, 'GET', `/api/link/Ticket/tags/${ticket[k]}`);
        check(fails, `link list of ${k}`, who, res, refusal(who) ?? (readable(who).includes(k) ? 200 : 404));
      }
    }
  },
  'POST /api/link/:model/:field/:id': async (fails) => {
    const tags = async (k: string) => (await t.app.services.store.list('TicketTag', { fields: ['ticket', 'tag'], filters: [{ field: 'ticket', value: ticket[k] }] })).length;
    for (const who of WHO.filter((w) => !['fielder', 'admin'].includes(w))) {
      // Update is what a link change needs: reader and presetter have none (403), CHARLIE is outside the owner's rules (404).
      const res = await call(who, 'POST', `/api/link/Ticket/tags/${ticket.CHARLIE}`, [{ id: tagId, selected: true }]);
      check(fails, 'link change of CHARLIE', who, res, refusal(who) ?? (who === 'owner' ? 404 : 403));
    }
    if ((await tags('CHARLIE')) !== 0) fails.push('link change: a refused link landed on CHARLIE');
    for (const [who, k] of [['owner', 'ALPHA'], ['fielder', 'CHARLIE']] as const) {
      check(fails, `link change of ${k}`, who, await call(who, 'POST', `/api/link/Ticket/tags/${ticket[k]}`, [{ id: tagId, selected: true }]), 200);
      if ((await tags(k)) !== 1) fails.push(`link change ${who}: the link did not land on ${k}`);
    }
  },
  'POST /api/data/:model': async (fails) => {
    for (const who of WHO) {
      const res = await call(who, 'POST', '/api/data/Ticket', { name: 'preview', title: 'preview', model: 'Ticket', definition: columns });
      check(fails, 'grid preview', who, res, who === 'anon' ? 401 : who === 'admin' ? 200 : 403);
    }
  },
  'GET /api/selects': adminOnly('/api/selects'),
  'GET /api/grids': adminOnly('/api/grids'),
  // The Permissions screen's routes show and set every definition's grants: administrators only.
  'GET /api/permissions': async (fails) => {
    await adminOnly('/api/permissions')(fails);
    const listed = (await call<{ kind: string; name: string; access: unknown }[]>('admin', 'GET', '/api/permissions')).body;
    const tickets = Array.isArray(listed) ? listed.find((e) => e.kind === 'grid' && e.name === 'tickets') : undefined;
    if (JSON.stringify(tickets?.access) !== JSON.stringify({ grants: GRANTS })) fails.push(`permissions admin: the tickets grid's grants are not listed (${JSON.stringify(tickets?.access)})`);
  },
  'PUT /api/permissions/:kind/:id': async (fails) => {
    const grid = async () => (await call<{ version: number; access: unknown }>('admin', 'GET', '/api/definitions/grid/tickets')).body;
    const before = await grid();
    // Each caller tries to make the grid public over the version read.
    for (const who of WHO.filter((w) => w !== 'admin')) {
      check(fails, 'access save', who, await call(who, 'PUT', '/api/permissions/grid/tickets', { version: before.version, access: { public: true, grants: GRANTS } }), refusal(who) ?? 403);
    }
    const after = await grid();
    if (after.version !== before.version || JSON.stringify(after.access) !== JSON.stringify({ grants: GRANTS })) fails.push('access save: a refused save changed the grid');
    // The administrator's save of the same grants lands as a new version, the grants as they were for the cases after.
    check(fails, 'access save', 'admin', await call('admin', 'PUT', '/api/permissions/grid/tickets', { version: before.version, access: { grants: GRANTS } }), 200);
    if ((await grid()).version !== before.version + 1) fails.push("access save admin: no new version");
  },
  // The record history: history grants follow the read rule and hide the hidden field (docs/history.md).
  'GET /api/history/:model/:id': async (fails) => {
    const k = 'CHARLIE';
    await historyEntry(k, { note: ['before-note', 'after-note'], secret: ['HIDDEN-OLD', secretOf(k)] });
    for (const who of WHO) {
      for (const key of ['ALPHA', 'CHARLIE']) {
        const res = await call(who, 'GET', `/api/history/Ticket/${ticket[key]}`);
        const granted = ['owner', 'fielder', 'admin'].includes(who);
        const expected = refusal(who) ?? (!granted ? 403 : readable(who).includes(key) ? 200 : 404);
        if (check(fails, `history of ${key}`, who, res, expected) && res.status === 200) scan(who, res, fails, `history of ${key}`);
      }
    }
  },
  'GET /api/history': adminOnly('/api/history'),
  'GET /api/history/export': adminOnly('/api/history/export'),
  'POST /api/history/:entryId/revert': async (fails) => {
    const charlie = await historyEntry('CHARLIE', { note: ['note-before-C', 'x'] });
    const alpha = await historyEntry('ALPHA', { note: ['note-before-A', 'x'] });
    const hidden = await historyEntry('CHARLIE', { secret: [secretOf('CHARLIE'), 'HIDDEN-NEW'] });
    const version = async (k: string) => (await call<{ _version: number }>('admin', 'GET', `/api/form/ticket/data/${ticket[k]}`)).body._version;
    for (const who of WHO.filter((w) => w !== 'admin')) {
      // Outside the owner's read rule: 404; no history grant: 403.
      const res = await call(who, 'POST', `/api/history/${charlie}/revert`, { version: await version('CHARLIE') });
      check(fails, 'revert of CHARLIE', who, res, refusal(who) ?? (who === 'owner' ? 404 : who === 'fielder' ? 200 : 403));
    }
    // A field hidden from the fielder is no change of theirs to put back.
    check(fails, 'revert of the hidden field', 'fielder', await call('fielder', 'POST', `/api/history/${hidden}/revert`, { version: await version('CHARLIE'), fields: ['secret'] }), 400);
    if ((await storedTicket(ticket.CHARLIE ?? 0))?.secret !== secretOf('CHARLIE')) fails.push('revert: the hidden field changed');
    check(fails, 'revert of ALPHA', 'owner', await call('owner', 'POST', `/api/history/${alpha}/revert`, { version: await version('ALPHA') }), 200);
    if ((await storedTicket(ticket.ALPHA ?? 0))?.note !== 'note-before-A') fails.push('revert owner: the note did not come back on ALPHA');
    check(fails, 'revert of CHARLIE', 'admin', await call('admin', 'POST', `/api/history/${charlie}/revert`, { version: await version('CHARLIE') }), 200);
  },
  // Last: it deletes the rows the other cases read.
  'DELETE /api/grid/:name/clear/': async (fails) => {
    // The links the link case made would hold the tickets (409): they are not what this case is about.
    await t.app.services.store.clear('TicketTag');
    const all = (await stored()).length;
    for (const who of ['anon', 'plain', 'reader', 'fielder', 'presetter'] as const) {
      check(fails, 'grid clear', who, await call(who, 'DELETE', '/api/grid/tickets/clear/'), refusal(who) ?? 403);
    }
    if ((await stored()).length !== all) fails.push('grid clear: a refused clear deleted rows');
    // The owner's Clear takes their own tickets only; the administrator's takes the rest.
    check(fails, 'grid clear', 'owner', await call('owner', 'DELETE', '/api/grid/tickets/clear/'), 200);
    const left = (await stored()).map((r) => String(r.title)).sort();
    if (JSON.stringify(left) !== JSON.stringify(OTHERS.map(title).sort())) fails.push(`grid clear owner: left ${left.join(', ')}`);
    check(fails, 'grid clear', 'admin', await call('admin', 'DELETE', '/api/grid/tickets/clear/'), 200);
    if ((await stored()).length !== 0) fails.push('grid clear admin: rows stayed');
  },
};

/** An update entry of a ticket's record history, as the recording writes it; answers its id. */
async function historyEntry(k: string, changes: Record<string, [unknown, unknown]>): Promise<number> {
  const row = await t.app.services.store.db
    .insertInto('sys_record_history')
    .values({ model: 'Ticket', record_id: String(ticket[k]), action: 'update', changes: JSON.stringify(changes), user_id: uid.admin ?? null, user_name: 'admin', at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

function adminOnly(url: string): Case {
  return async (fails) => {
    for (const who of WHO) check(fails, url, who, await call(who, 'GET', url), who === 'anon' ? 401 : who === 'admin' ? 200 : 403);
  };
}

/** The routes that touch records, definitions of records or their grants: each must have its place in MATRIX. */
const RECORD_ROUTE = /^\/api\/(grid|form|select|link|choices|data|permissions|history)(s|\/|$)/;
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('grant matrix', () => {
  it('places every record route of the route table, and names no route that is gone', () => {
    const routes = t.app.routeTable.filter((r) => RECORD_ROUTE.test(r.url)).map(key);
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.filter((k) => !(k in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !routes.includes(k))).toEqual([]);
  });

  // In MATRIX's order (Clear last); each route's case runs every caller.
  for (const route of Object.keys(MATRIX)) {
    it(`keeps ${route} inside the grants`, async () => {
      const fails: string[] = [];
      await MATRIX[route]?.(fails);
      expect(fails).toEqual([]);
    });
  }
});

/**
 * Leaks this matrix found, each closed since: every test states the contract of docs/security.md
 * ("hidden: never sent, and neither searched, sorted nor filtered by"). A leak found later is
 * written here as `it.fails` until it is closed.
 */
describe('known leaks', () => {
  // Found here and fixed (src/server/http/permissions.ts withoutAccess): a definition answer sent
  // a granted user the whole access, other groups' rules, hidden fields and presets included.
  it("a definition answer keeps its access from everyone but administrators", async () => {
    for (const url of ['/api/grid/tickets/definition', '/api/form/ticket/definition']) {
      for (const who of ['reader', 'fielder', 'owner'] as const) {
        const res = await call<Record<string, unknown>>(who, 'GET', url);
        expect(res.status, `${who} ${url}`).toBe(200);
        expect(res.body.access, `${who} ${url}`).toBeUndefined();
      }
      expect((await call<Record<string, unknown>>('admin', 'GET', url)).body.access).toBeDefined();
    }
  });

  // Found here and fixed (src/server/routes/selects.ts): a select's parameters filtered by any
  // field, also one hidden from the caller, so `/api/select/{name}/{guess}` answered the records
  // whose hidden value equals the guess. Parameters and stored filters are now checked too.
  it('a select parameter on a field hidden from the caller is refused, not answered', async () => {
    // Its own ticket: the matrix's Clear case has removed the others by now.
    await t.app.services.store.insert('Ticket', { title: title('ECHO'), secret: secretOf('ECHO'), status: 'open', owner: uid.fielder });
    const right = await call('fielder', 'GET', `/api/select/tickets_by_secret/${secretOf('ECHO')}`);
    const wrong = await call('fielder', 'GET', '/api/select/tickets_by_secret/no-such-value');
    // Whatever the status, the answer must not tell a right guess from a wrong one.
    expect(JSON.stringify(right.body)).toBe(JSON.stringify(wrong.body));
  });

  // Found here and fixed (readable.ts's `hidden`, choices.ts, grids.ts labelReadable): a record's
  // name came from its model's display (here '{name} {code}') whatever the caller's grants hide:
  // the fielder reads Vault only through a grid hiding `code`, yet the picker's labels, its search
  // and a grid's `_labels` showed or matched the hidden value.
  it("a reference's name never shows a field hidden from the caller (picker labels)", async () => {
    const res = await call('fielder', 'GET', '/api/choices/Loan/vault');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(VAULT_CODE);
  });
  it("a picker's search never matches a field hidden from the caller", async () => {
    const res = await call<{ items: unknown[] }>('fielder', 'GET', `/api/choices/Loan/vault?search=${VAULT_CODE}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
  });
  it("a grid's _labels never show a field hidden from the caller", async () => {
    const res = await call('fielder', 'GET', '/api/grid/loans/data/0/50');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(VAULT_CODE);
  });
  it('the hidden field itself stays hidden where it is read directly (the leaks above are by name only)', async () => {
    const res = await call('fielder', 'GET', '/api/grid/vaults/data/0/50');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('V1');
    expect(JSON.stringify(res.body)).not.toContain(VAULT_CODE);
  });

  // Found here and fixed (src/server/routes/grid-views.ts checkState): a saved view took a sort or
  // filter on a field hidden from the caller, which the data routes refuse with 400.
  it('a saved view refuses a sort or filter on a field hidden from the caller, as the data routes do', async () => {
    const sorted = await call('fielder', 'POST', '/api/grid/tickets/views', { name: 'by secret', state: { sort: 'secret' } });
    const filtered = await call('fielder', 'POST', '/api/grid/tickets/views', { name: 'secret filter', state: { filter: { and: [{ field: 'secret', op: 'eq', value: 'x' }] } } });
    expect([sorted.status, filtered.status]).toEqual([400, 400]);
  });
});
