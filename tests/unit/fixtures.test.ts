import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundFields, dualLists, walkColumns, type WalkColumn, type WalkRow } from '../../src/shared/definition-walk.js';
import { getDefinitionSchema, validateDefinition } from '../../src/shared/schema-registry.js';
import {
  FIXTURE_FOLDERS,
  UNBOUND_FORMS,
  fixturePath,
  inDependencyOrder,
  loadDemoFixtures,
  loadFixtures,
  type FixtureFolder,
  type FixtureSet,
} from '../../fixtures/index.js';

/**
 * The built-in definitions are seeded into every new database, so a broken one breaks every
 * install. These checks keep them valid against the schemas and consistent with each other:
 * every model, field, select, link list and route they name exists.
 */

type Kind = 'form' | 'grid' | 'page' | 'menu' | 'select' | 'model';
type Doc = Record<string, unknown> & { name: string };

const KIND_OF: Record<FixtureFolder, Kind> = {
  models: 'model',
  forms: 'form',
  grids: 'grid',
  pages: 'page',
  menus: 'menu',
  selects: 'select',
};

/** Forms not bound to table rows: their fields go to dedicated endpoints. Listed here on purpose. */
const UNBOUND = [
  'login',
  'lost_password',
  'lost_password_token',
  'lost_password_change',
  'setup_user',
  'setup_smtp',
  'settings',
  'changemypassword',
  'changeuserpassword',
];

/** Everything an anonymous visitor may open. Widening this list is a security decision. */
const PUBLIC = {
  forms: ['login', 'lost_password', 'lost_password_change', 'lost_password_token', 'register', 'setup_smtp', 'setup_user'],
  pages: ['about'],
};

/** The definition kinds are system models made by the server from their schemas' top-level properties. */
const DEFINITION_MODELS: Record<string, Kind> = {
  Form: 'form',
  Grid: 'grid',
  Page: 'page',
  Menu: 'menu',
  Select: 'select',
  Model: 'model',
};

const base = loadFixtures();
const demo = loadDemoFixtures();
const sets: [string, FixtureSet][] = [
  ['fixtures', base],
  ['fixtures/demo', demo],
];

/** The fixtures as plain JSON objects: these checks read them as data, not as typed definitions. */
function docs(list: readonly object[]): Doc[] {
  return list as unknown as Doc[];
}

function docsOf(folder: FixtureFolder): Doc[] {
  return docs([...base[folder], ...demo[folder]]);
}

interface ModelField {
  name: string;
  type: string;
  target?: string;
  through?: string;
}

/** Field names of every model a fixture may name, `id` included (every row has one). */
const modelFields = new Map<string, ModelField[]>();
for (const m of docsOf('models')) modelFields.set(m.name, m.fields as ModelField[]);
for (const [model, kind] of Object.entries(DEFINITION_MODELS)) {
  const schema = getDefinitionSchema(kind) as { properties?: Record<string, unknown> };
  const names = Object.keys(schema.properties ?? {}).filter((n) => n !== 'id');
  modelFields.set(model, names.map((name) => ({ name, type: 'text' })));
}

function fieldsOf(model: string): Set<string> {
  const fields = modelFields.get(model);
  if (!fields) throw new Error(`unknown model ${model}`);
  return new Set(['id', ...fields.map((f) => f.name)]);
}

function modelOf(doc: Doc): string {
  return typeof doc.model === 'string' ? doc.model : 'User'; // contract: model defaults to User
}

/** `:field` placeholders of a url, as row actions and select urls fill them from a record. */
function placeholders(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? '');
}

function columnsOf(rows: unknown): WalkColumn[] {
  const out: WalkColumn[] = [];
  walkColumns(rows as WalkRow[], (c) => out.push(c));
  return out;
}

const names = (docs: Doc[]) => docs.map((d) => d.name);
const formNames = new Set(names(docsOf('forms')));
const gridNames = new Set(names(docsOf('grids')));
const pageNames = new Set(names(docsOf('pages')));
const selectNames = new Set(names(docsOf('selects')));

/** Client routes (src/app/shell/App.tsx) that a fixture may link to, each resolved against the fixtures. */
function routeProblem(url: string): string | undefined {
  const fixed = ['/', '/login', '/register', '/lost_password', '/setup', '/grids', '/forms', '/users', '/groups', '/selects', '/pages', '/menus', '/models'];
  if (fixed.includes(url)) return undefined;
  const parts = url.split('/').slice(1);
  const [first, second, third] = parts;
  const isAction = (a: string | undefined) => a === 'add' || a === 'edit' || a === 'delete';
  switch (first) {
    case 'grid':
      return parts.length === 2 && second && (second.startsWith(':') || gridNames.has(second)) ? undefined : `no grid '${second}'`;
    case 'page':
      return parts.length === 2 && second && (second.startsWith(':') || pageNames.has(second)) ? undefined : `no page '${second}'`;
    case 'form':
      if (parts.length !== 4 || !isAction(third)) return 'not /form/:name/:action/:id';
      return second && (second.startsWith(':') || formNames.has(second)) ? undefined : `no form '${second}'`;
    case 'user':
    case 'group':
    case 'select':
    case 'griddesigner':
    case 'formdesigner':
    case 'pagedesigner':
    case 'griddesignerraw':
    case 'formdesignerraw':
    case 'pagedesignerraw':
    case 'menudesignerraw':
    case 'selectdesignerraw':
    case 'modeldesignerraw':
      return parts.length === 3 && isAction(second) ? undefined : `not /${first}/:action/:id`;
    case 'menudesigner':
      return parts.length === 3 && second === 'edit' ? undefined : 'not /menudesigner/edit/:id';
    case 'changeuserpassword':
      return parts.length === 2 ? undefined : 'not /changeuserpassword/:id';
    default:
      return `no route for '${url}' (unknown paths redirect to /)`;
  }
}

describe('fixtures: files', () => {
  for (const [where, set] of sets) {
    for (const folder of FIXTURE_FOLDERS) {
      const dir = path.join(where === 'fixtures' ? fixturePath() : fixturePath('demo'), folder);
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];

      it(`${where}/${folder}: each file is named after its definition`, () => {
        const loaded = docs(set[folder]).map((d) => `${d.name}.json`).sort();
        expect(loaded).toEqual(files);
      });
    }
  }

  it('loads sorted by name, so seeding is deterministic', () => {
    for (const [, set] of sets) {
      for (const folder of FIXTURE_FOLDERS) {
        if (folder === 'models') continue;
        const list = names(docs(set[folder]));
        expect(list).toEqual([...list].sort());
      }
    }
  });

  it('loads models after the models they reference, so they can be created one by one', () => {
    expect(names(docs(base.models))).toEqual(['Group', 'User', 'UserGroup']);
    expect(names(docs(demo.models))).toEqual(['Customer', 'Product', 'Order']);
    const known = new Set(['User', 'Group', 'UserGroup']);
    for (const m of docs([...base.models, ...demo.models])) {
      for (const f of m.fields as ModelField[]) {
        if (f.type === 'reference' && f.target !== m.name) expect(known.has(f.target ?? ''), `${m.name}.${f.name}`).toBe(true);
      }
      known.add(m.name);
    }
  });

  it('orders models by name within their dependencies', () => {
    const a = { name: 'A', fields: [{ name: 'c', type: 'reference', target: 'C' }] };
    const b = { name: 'B', fields: [] };
    const c = { name: 'C', fields: [{ name: 'self', type: 'reference', target: 'C' }] };
    expect(inDependencyOrder([a, b, c]).map((m) => m.name)).toEqual(['C', 'A', 'B']);
    const x = { name: 'X', fields: [{ name: 'y', type: 'reference', target: 'Y' }] };
    const y = { name: 'Y', fields: [{ name: 'x', type: 'reference', target: 'X' }] };
    expect(() => inDependencyOrder([x, y])).toThrow(/cycle/);
  });

  it('has the definitions the product needs', () => {
    expect(names(docs(base.models))).toEqual(['Group', 'User', 'UserGroup']);
    expect(names(docs(base.forms))).toEqual(
      expect.arrayContaining([
        'login', 'register', 'lost_password', 'lost_password_token', 'lost_password_change', 'setup_user', 'setup_smtp',
        'settings', 'mydetails', 'changemypassword', 'changeuserpassword', 'user', 'group', 'select',
        'form', 'grid', 'page', 'menu',
      ]),
    );
    expect(names(docs(base.grids))).toEqual(['forms', 'grids', 'groups', 'menus', 'pages', 'selects', 'users']);
    expect(names(docs(base.pages))).toEqual(['about', 'frontpage']);
    expect(names(docs(base.menus))).toEqual(['admin']);
    expect(base.groups).toEqual([{ name: 'Everyone', description: 'Every signed-in user is a member' }]);
  });

  it('carries no id or version: the server assigns them', () => {
    for (const folder of FIXTURE_FOLDERS) {
      for (const doc of docsOf(folder)) {
        expect(doc, `${folder}/${doc.name}`).not.toHaveProperty('id');
        expect(doc, `${folder}/${doc.name}`).not.toHaveProperty('version');
      }
    }
  });

  it('has unique names per kind, demo included (both are seeded into the same tables)', () => {
    for (const folder of FIXTURE_FOLDERS) {
      const list = names(docsOf(folder));
      expect(list.filter((n, i) => list.indexOf(n) !== i), folder).toEqual([]);
    }
    for (const g of base.groups) expect(typeof g.name).toBe('string');
  });
});

describe('fixtures: schemas', () => {
  for (const folder of FIXTURE_FOLDERS) {
    for (const doc of docsOf(folder)) {
      it(`${folder}/${doc.name} validates as a ${KIND_OF[folder]}`, () => {
        const result = validateDefinition(KIND_OF[folder], doc);
        expect(result.ok ? [] : result.errors).toEqual([]);
      });
    }
  }
});

describe('fixtures: models', () => {
  it('system models are marked system, demo models are not', () => {
    for (const m of docs(base.models)) expect(m.system, m.name).toBe(true);
    for (const m of docs(demo.models)) expect(m.system ?? false, m.name).toBe(false);
  });

  it('references and links name existing models; a link goes through a model referencing both sides', () => {
    for (const m of docsOf('models')) {
      for (const f of m.fields as ModelField[]) {
        if (f.type !== 'reference' && f.type !== 'link') continue;
        expect(modelFields.has(f.target ?? ''), `${m.name}.${f.name} -> ${f.target}`).toBe(true);
        if (f.type === 'link') {
          const through = modelFields.get(f.through ?? '') ?? [];
          const refs = through.filter((r) => r.type === 'reference').map((r) => r.target);
          expect(refs, `${m.name}.${f.name} through ${f.through}`).toEqual(expect.arrayContaining([m.name, f.target]));
        }
      }
    }
  });

  it('User has the fields the session, setup and password screens rely on', () => {
    const user = docs(base.models).find((m) => m.name === 'User') as Doc;
    const byName = Object.fromEntries((user.fields as (ModelField & Record<string, unknown>)[]).map((f) => [f.name, f]));
    expect(byName.user).toMatchObject({ type: 'text', required: true, unique: true, label: 'User name' });
    expect(byName.email).toMatchObject({ type: 'text', required: true, unique: true, label: 'E-mail' });
    expect(byName.password).toMatchObject({ type: 'password', required: true });
    expect(byName.Admin).toMatchObject({ type: 'boolean', default: false });
    expect(byName.FrontPage).toMatchObject({ type: 'text', default: 'frontpage' });
    expect(byName.groups).toMatchObject({ type: 'link', target: 'Group', through: 'UserGroup' });
  });
});

describe('fixtures: forms', () => {
  it('lists the unbound forms explicitly, and each is read only so generic writes are refused', () => {
    expect([...UNBOUND_FORMS].sort()).toEqual([...UNBOUND].sort());
    for (const name of UNBOUND) {
      const form = base.forms.find((f) => f.name === name);
      expect(form, name).toBeDefined();
      expect(form?.readOnly, name).toBe(true);
    }
  });

  for (const form of docsOf('forms')) {
    it(`${form.name}: its model exists`, () => {
      expect(modelFields.has(modelOf(form)), modelOf(form)).toBe(true);
    });

    if (!UNBOUND.includes(form.name)) {
      it(`${form.name}: every field it edits is a field of ${modelOf(form)}`, () => {
        const fields = fieldsOf(modelOf(form));
        const used = [...boundFields(form.definition as WalkRow[]).map((b) => b.field), ...dualLists(form.definition as WalkRow[]).map((d) => String(d.name))];
        expect(used.length).toBeGreaterThan(0);
        expect(used.filter((f) => !fields.has(f))).toEqual([]);
      });
    }

    it(`${form.name}: dual lists use a link field of ${modelOf(form)}, selects an existing select`, () => {
      const model = modelOf(form);
      for (const col of dualLists(form.definition as WalkRow[])) {
        const field = modelFields.get(model)?.find((f) => f.name === col.name);
        expect(field?.type, `${form.name}.${String(col.name)}`).toBe('link');
        expect(col.url).toBe(`/link/${model}/${String(col.name)}`);
      }
      for (const col of columnsOf(form.definition)) {
        if (col.childType !== 'Select' || col.selecttype !== '2') continue;
        // A lookup list that exists, or one of the pickers of what exists (src/server/routes/catalog.ts).
        const m = /^\/select\/([^/]+)/.exec(String(col.url));
        const picker = ['/pick/models', '/pick/models/:model/fields', '/pick/pages'].includes(String(col.url));
        expect(picker || (m !== null && selectNames.has(m[1] ?? '')), `${form.name}.${String(col.name)} -> ${String(col.url)}`).toBe(true);
      }
    });

    it(`${form.name}: its url after saving is a route`, () => {
      if (typeof form.url === 'string') expect(routeProblem(form.url)).toBeUndefined();
    });
  }

  it('setup steps send exactly the fields /api/setup/finish takes, none of mail required', () => {
    const fields = (name: string) => boundFields(docs(base.forms).find((f) => f.name === name)?.definition as WalkRow[]);
    expect(fields('setup_user').map((b) => b.field)).toEqual(['setupCode', 'user', 'email', 'password']);
    for (const b of fields('setup_user')) expect(b.column.required, b.field).toBe(true);
    const smtp = fields('setup_smtp');
    expect(smtp.map((b) => b.field).sort()).toEqual(['smtp_from', 'smtp_host', 'smtp_password', 'smtp_port', 'smtp_secure', 'smtp_user']);
    for (const b of smtp) expect(b.column.required ?? false, b.field).toBe(false);
  });

  it('password forms ask for at least 8 characters where a password is chosen', () => {
    const col = (form: string, field: string) =>
      boundFields(docs(base.forms).find((f) => f.name === form)?.definition as WalkRow[]).find((b) => b.field === field)?.column;
    for (const [form, field] of [
      ['setup_user', 'password'],
      ['register', 'password'],
      ['lost_password_change', 'NewPassword1'],
      ['changemypassword', 'NewPassword1'],
      ['changeuserpassword', 'NewPassword1'],
    ] as const) {
      expect(col(form, field), `${form}.${field}`).toMatchObject({ minchecked: true, min: 8 });
    }
  });
});

describe('fixtures: grids', () => {
  for (const grid of docsOf('grids')) {
    const model = modelOf(grid);

    it(`${grid.name}: shows, sorts and filters only fields of ${model}`, () => {
      expect(modelFields.has(model), model).toBe(true);
      const fields = fieldsOf(model);
      const used = [
        ...(grid.definition as { name: string }[]).map((f) => f.name),
        ...((grid.sorts ?? []) as { fieldname: string }[]).map((s) => s.fieldname),
        ...((grid.filters ?? []) as { fieldname: string }[]).map((s) => s.fieldname),
      ];
      expect(used.filter((f) => !fields.has(f))).toEqual([]);
      expect(grid.paging).toBe(3);
      expect(grid.pageSize).toBe(50);
    });

    it(`${grid.name}: row actions fill only fields of ${model} and lead to routes`, () => {
      const fields = fieldsOf(model);
      const rowactions = (grid.rowactions ?? []) as { url: string }[];
      expect(rowactions.length).toBeGreaterThan(0);
      for (const a of rowactions) {
        expect(placeholders(a.url).filter((p) => !fields.has(p)), a.url).toEqual([]);
        expect(routeProblem(a.url), a.url).toBeUndefined();
      }
    });

    it(`${grid.name}: toolbar actions are plain routes (there is no row to fill them from)`, () => {
      for (const a of (grid.actions ?? []) as { url: string }[]) {
        expect(placeholders(a.url), a.url).toEqual([]);
        expect(routeProblem(a.url), a.url).toBeUndefined();
      }
    });
  }
});

describe('fixtures: selects, menus, pages, access', () => {
  for (const select of docsOf('selects')) {
    it(`select ${select.name}: reads existing fields of its model`, () => {
      const fields = fieldsOf(String(select.model));
      for (const f of [select.valuefield, select.labelfield, ...((select.params ?? []) as string[])]) {
        if (f !== undefined) expect(fields.has(String(f)), String(f)).toBe(true);
      }
    });
  }

  for (const menu of docsOf('menus')) {
    it(`menu ${menu.name}: every card leads to a route`, () => {
      for (const item of menu.definition as { url: string; title: string; icon: string }[]) {
        expect(item.icon, item.title).toMatch(/^[a-z0-9-]+$/);
        expect(routeProblem(item.url), item.url).toBeUndefined();
      }
    });
  }

  it('pages embed only existing grids and menus', () => {
    const menus = new Set(names(docsOf('menus')));
    for (const page of docsOf('pages')) {
      for (const col of columnsOf(page.definition)) {
        if (col.childType === 'Grid') expect(gridNames.has(String(col.name)), String(col.name)).toBe(true);
        if (col.childType === 'WorkFlow') expect(menus.has(String(col.name)), String(col.name)).toBe(true);
      }
    }
  });

  it('only the sign-in, registration, lost-password and setup screens and About are public', () => {
    const publicNames = (folder: FixtureFolder) =>
      docsOf(folder)
        .filter((d) => (d.access as { public?: boolean } | undefined)?.public === true)
        .map((d) => d.name)
        .sort();
    expect(publicNames('forms')).toEqual(PUBLIC.forms);
    expect(publicNames('pages')).toEqual(PUBLIC.pages);
    for (const folder of ['grids', 'menus', 'selects'] as const) expect(publicNames(folder), folder).toEqual([]);
  });

  it('grants access only to seeded groups; the front page and the demo to Everyone', () => {
    const groups = new Set(base.groups.map((g) => g.name));
    for (const folder of FIXTURE_FOLDERS) {
      for (const doc of docsOf(folder)) {
        for (const g of ((doc.access as { groups?: string[] } | undefined)?.groups ?? [])) {
          expect(groups.has(g), `${folder}/${doc.name} grants ${g}`).toBe(true);
        }
      }
    }
    expect(base.pages.find((p) => p.name === 'frontpage')?.access).toEqual({ groups: ['Everyone'] });
    for (const folder of ['forms', 'grids', 'menus', 'selects'] as const) {
      for (const doc of docs(demo[folder])) expect(doc.access, `demo ${folder}/${doc.name}`).toEqual({ groups: ['Everyone'] });
    }
  });
});
