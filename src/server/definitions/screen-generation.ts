import type { Db, Row } from '../db/connect.js';
import { errors } from '../core/errors.js';
import { isBuiltIn } from '../../shared/built-ins.js';
import { modelOf } from '../../shared/contract.js';
import { walkColumns, type WalkRow } from '../../shared/definition-walk.js';
import { displayFieldNames, effectiveDisplay, isDisplayTemplate } from '../../shared/record-display.js';
import { definitionProblems, type Definition, type Definitions } from './definitions.js';
import type { ModelStore } from '../records/model-store.js';
import type { ModelDefinition, ModelField } from '../records/model-types.js';

/**
 * "Generate screens" for a model (docs/api.md): a form with a column per field, a grid of the
 * fields that fit with New and Edit (a reference picked by its display, no lookup list), for each
 * reference a grid of the records referring to one record shown on the target's form, and
 * optionally a card on a menu, written in one transaction; and the undo of exactly that, refused once any of them
 * changed since. Each definition is checked as any save checks it and kept as its first version;
 * the menu's change is a new kept version, and its undo another one (history is never rewritten).
 */

/** What generation makes; the card goes on a menu, which it changes. */
export type GeneratedKind = 'form' | 'grid' | 'select';

export interface GenerateRequest {
  /** The menu to add a card to; null or absent, no card. */
  menu?: string | null;
  /** Names wanted instead of the ones made from the model's (409 when taken). */
  names?: { form?: string; grid?: string };
  /** Answer what would be made, writing nothing. */
  preview?: boolean;
}

export interface CreatedDefinition {
  kind: GeneratedKind;
  /** Null in a preview: nothing was made. */
  id: string | null;
  name: string;
  /** A grid of the records referring to one record: the reference field it follows ('book'). */
  reference?: string;
}

/** What generation changes: a menu gets a card, another model's form a grid of this model's records. */
export type ChangedKind = 'menu' | 'form';

export interface ChangedDefinition {
  kind: ChangedKind;
  id: string;
  name: string;
  /** Its version with the change (in a preview, the version it would get). */
  version: number;
}

export interface GenerationResult {
  created: CreatedDefinition[];
  changed: ChangedDefinition[];
}

/** What an undo takes: a generation's answer. */
export interface UndoRequest {
  created: { kind: GeneratedKind; id: string; name?: string }[];
  changed: { kind: ChangedKind; id: string; name?: string; version: number }[];
}

export interface UndoResult {
  deleted: { kind: GeneratedKind; id: string; name: string }[];
  restored: { kind: ChangedKind; id: string; name: string; version: number }[];
}

/** A definition name is at most 64 characters; a suffix `_NNN` must still fit. */
const NAME_BASE_MAX = 56;

/** The icon of a generated card (bootstrap-icons, as GET /api/icons lists them). */
export const CARD_ICON = 'table';

/** Fields a grid shows: a value per row that reads as text. */
const GRID_TYPES: Record<string, 'Text' | 'Number' | 'Date' | 'Reference'> = {
  text: 'Text',
  number: 'Number',
  boolean: 'Text',
  date: 'Date',
  datetime: 'Text',
  // Shown by the target's name (record-labels.ts).
  reference: 'Reference',
};

/** The Input type of each field type an Input edits. */
const INPUT_TYPES: Record<string, string> = { text: 'text', number: 'number', date: 'date', datetime: 'datetime-local', password: 'password' };

/** A lower-case definition name made of a model's name: 'OrderLine' is 'order_line'. */
export function baseName(modelName: string): string {
  const snake = modelName
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
  return snake.slice(0, NAME_BASE_MAX);
}

/** An English plural, good enough for a list's name: book, books; category, categories; box, boxes. */
export function plural(name: string): string {
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(name)) return `${name}es`;
  return `${name}s`;
}

/** `base`, or `base_2`, `base_3`... : the first one not in `taken` (which it joins). */
export function freeName(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base.slice(0, NAME_BASE_MAX)}_${n}`;
  taken.add(name);
  return name;
}

function labelOf(f: ModelField): string {
  if (f.label) return f.label;
  const spaced = f.name.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`);
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** What a save refuses, refused here before anything is written (createIn checks each again as it writes). */
function checked(kind: GeneratedKind | 'menu', doc: Row): void {
  const problems = definitionProblems(kind, doc);
  if (problems.length) throw errors.invalid(`The generated ${kind} '${String(doc.name)}' is not valid`, problems);
}

/** The row a generated form gets for a grid of the records referring to its record. */
function gridRow(grid: string): { cols: Row[] } {
  return { cols: [{ childType: 'Grid', width: 12, name: grid }] };
}

/** True for a row that is exactly a gridRow of one of `grids`. */
function isGridRowOf(row: unknown, grids: readonly string[]): boolean {
  const cols = (row as { cols?: unknown } | null)?.cols;
  if (!Array.isArray(cols) || cols.length !== 1) return false;
  const name = (cols[0] as { name?: unknown }).name;
  return typeof name === 'string' && grids.includes(name) && JSON.stringify(row) === JSON.stringify(gridRow(name));
}

/** A form of another model that gets rows showing grids of this model's records. */
interface FormChange {
  form: Definition;
  rows: { cols: Row[] }[];
}

interface Plan {
  model: ModelDefinition;
  /** The documents to create, in the order they are written. */
  docs: { kind: GeneratedKind; doc: Row; reference?: string }[];
  /** Forms of the models this model refers to, each with the grids of its referring records added. */
  forms: FormChange[];
  /** The grid the card opens, and the card's title. */
  grid: string;
  title: string;
}

/** A form as it is with a change's rows at its end. */
function changedForm({ form, rows }: FormChange): Row {
  const before = Array.isArray(form.definition) ? (form.definition as Row[]) : [];
  return { ...form, definition: [...before, ...rows] };
}

export class ScreenGeneration {
  constructor(
    private readonly defs: Definitions,
    private readonly store: ModelStore,
  ) {}

  /** The model as stored and applied; a system model's screens ship with Tessera. */
  private async modelOf(idOrName: string): Promise<ModelDefinition> {
    const doc = await this.defs.get('model', idOrName);
    const applied = await this.defs.model(doc.name);
    if (applied.system === true) throw errors.conflict(`The model '${applied.name}' is a system model: Tessera ships its screens`);
    // Its own fields make the screens: the audit fields are the server's to fill, not a form's.
    return this.store.definitionOf(applied.name) ?? applied;
  }

  /** The form a reference's picked record opens in: the first stored form that edits the target model, or none. */
  private async editFormOf(db: Db, target: string): Promise<string | undefined> {
    for (const name of [...(await this.defs.namesIn(db, 'form'))].sort()) {
      const form = await this.defs.findIn(db, 'form', name);
      if (form && modelOf(form) === target && form.readOnly !== true) return name;
    }
    return undefined;
  }

  /** What generation makes for the model, named against the definitions stored now (read through `db`). */
  private async plan(db: Db, model: ModelDefinition, request: GenerateRequest): Promise<Plan> {
    const base = baseName(model.name);
    const taken = {
      form: await this.defs.namesIn(db, 'form'),
      grid: await this.defs.namesIn(db, 'grid'),
      select: await this.defs.namesIn(db, 'select'),
    };
    const chosen = (kind: 'form' | 'grid', fallback: string): string => {
      const wanted = request.names?.[kind];
      if (wanted === undefined) return freeName(fallback, taken[kind]);
      if (taken[kind].has(wanted)) throw errors.conflict(`Another ${kind} is already named '${wanted}'`);
      taken[kind].add(wanted);
      return wanted;
    };
    const formName = chosen('form', base);
    const gridName = chosen('grid', plural(base));
    const title = model.title || model.name;
    const fieldCols: Row[] = [];
    for (const f of model.fields) {
      const common: Row = { name: f.name, label: labelOf(f), showlabelchecked: true };
      const required = f.required === true ? { required: true } : {};
      switch (f.type) {
        case 'boolean':
          fieldCols.push({ childType: 'Checkbox', width: 6, ...common });
          break;
        case 'json':
          fieldCols.push({ childType: 'CodeEditor', width: 12, ...common, ...required, language: 'json', height: 10 });
          break;
        case 'password':
          // Never read back: left empty on an edit, it keeps the stored one, so it cannot be required here.
          fieldCols.push({ childType: 'Input', width: 6, ...common, fieldtype: 'password', showhintchecked: true, hint: 'Leave empty to keep the current one' });
          break;
        case 'reference': {
          // A picker that searches the target's records by their display: no lookup list to make.
          const open = await this.editFormOf(db, f.target ?? '');
          fieldCols.push({ childType: 'Reference', width: 6, ...common, ...required, ...(open ? { open: `/form/${open}/edit/:id` } : {}) });
          break;
        }
        case 'link':
          fieldCols.push({ childType: 'DualList', width: 12, ...common, url: `/link/${model.name}/${f.name}` });
          break;
        default:
          fieldCols.push({ childType: 'Input', width: 6, ...common, ...required, fieldtype: INPUT_TYPES[f.type] ?? 'text' });
      }
    }
    // Two half-width fields a row; a full-width one on a row of its own.
    const rows: { cols: Row[] }[] = [];
    for (const col of fieldCols) {
      const last = rows[rows.length - 1];
      if (col.width === 6 && last && last.cols.length === 1 && last.cols[0]?.width === 6) last.cols.push(col);
      else rows.push({ cols: [col] });
    }
    // The form shows one record: it is called by the model's name ('Order line'), the list by its title.
    const recordTitle = labelOf({ name: model.name, type: 'text' });
    const form: Row = {
      name: formName,
      title: recordTitle,
      model: model.name,
      url: `/grid/${gridName}`,
      definition: [{ cols: [{ childType: 'Card', width: 12, title: recordTitle, contenttype: 'Rows', rows }] }],
      actions: [],
    };
    const listed = model.fields.filter((f) => GRID_TYPES[f.type] !== undefined);
    const display = effectiveDisplay(model);
    const sortField = (display && !isDisplayTemplate(display) ? display : display && displayFieldNames(display)[0]) || listed[0]?.name;
    const grid: Row = {
      name: gridName,
      title,
      model: model.name,
      paging: 3,
      pageSize: 50,
      hideClear: true,
      definition: listed.map((f) => ({ name: f.name, label: labelOf(f), type: GRID_TYPES[f.type] })),
      actions: [{ url: `/form/${formName}/add/0`, label: 'New', iconchecked: true, icon: 'plus-lg' }],
      rowactions: [{ url: `/form/${formName}/edit/:id`, label: 'Edit', iconchecked: true, icon: 'pencil' }],
      filters: [],
      sorts: sortField ? [{ fieldname: sortField, sorttype: 'ASC' }] : [],
    };
    // For each reference (Loan.book to Book), the records referring to one record (a book's
    // loans): a grid filtered to the record of the form it is embedded in, its New preset to that
    // record, shown at the end of the target's form (the one its picker opens), when there is one.
    const reverse: { doc: Row; reference: string }[] = [];
    const changes = new Map<string, FormChange>();
    for (const f of model.fields) {
      if (f.type !== 'reference' || !f.target) continue;
      const name = freeName(`${baseName(f.name)}_${plural(base)}`, taken.grid);
      reverse.push({
        reference: f.name,
        doc: {
          ...grid,
          name,
          definition: listed.filter((l) => l.name !== f.name).map((l) => ({ name: l.name, label: labelOf(l), type: GRID_TYPES[l.type] })),
          actions: [{ url: `/form/${formName}/add/0?${encodeURIComponent(f.name)}=:record`, label: 'New', iconchecked: true, icon: 'plus-lg' }],
          filters: [{ field: f.name, op: 'eq', value: { var: 'RECORD.id' } }],
        },
      });
      if (f.target === model.name) {
        (form.definition as Row[]).push(gridRow(name));
        continue;
      }
      const target = await this.editFormOf(db, f.target);
      const targetForm = target === undefined ? undefined : await this.defs.findIn(db, 'form', target);
      if (!targetForm) continue;
      const change = changes.get(targetForm.id) ?? { form: targetForm, rows: [] };
      change.rows.push(gridRow(name));
      changes.set(targetForm.id, change);
    }
    checked('form', form);
    checked('grid', grid);
    for (const { doc } of reverse) checked('grid', doc);
    for (const change of changes.values()) checked('form', changedForm(change));
    const plan: Plan = {
      model,
      docs: [{ kind: 'form', doc: form }, { kind: 'grid', doc: grid }, ...reverse.map(({ doc, reference }) => ({ kind: 'grid' as const, doc, reference }))],
      forms: [...changes.values()],
      grid: gridName,
      title,
    };
    return plan;
  }

  /** The chosen menu as stored now (read through `db`) and as it would be with the card, or none without a menu. */
  private async menuChange(db: Db, request: GenerateRequest, plan: Plan): Promise<{ menu: Definition; doc: Row } | undefined> {
    if (request.menu === undefined || request.menu === null) return undefined;
    const menu = await this.defs.findIn(db, 'menu', request.menu);
    if (!menu) throw errors.notFound(`The menu '${request.menu}'`);
    const card = { icon: CARD_ICON, title: plan.title, description: `List, add and edit ${plan.title}`, url: `/grid/${plan.grid}` };
    const items = Array.isArray(menu.definition) ? (menu.definition as Row[]) : [];
    const doc: Row = { ...menu, definition: [...items, card] };
    checked('menu', doc);
    return { menu, doc };
  }

  /**
   * Makes the screens in one transaction, or answers what it would make (`preview`). A failure at
   * any step (a menu that is not there, a name taken meanwhile, a definition a save would refuse)
   * leaves every definition as it was.
   */
  async generate(idOrName: string, request: GenerateRequest, by: string | null): Promise<GenerationResult> {
    const model = await this.modelOf(idOrName);
    if (request.preview === true) {
      const plan = await this.plan(this.store.db, model, request);
      const menu = await this.menuChange(this.store.db, request, plan);
      const forms: ChangedDefinition[] = plan.forms.map(({ form }) => ({ kind: 'form', id: form.id, name: form.name, version: form.version + 1 }));
      return {
        created: plan.docs.map(({ kind, doc, reference }) => ({ kind, id: null, name: String(doc.name), ...(reference ? { reference } : {}) })),
        changed: [...forms, ...(menu ? [{ kind: 'menu' as const, id: menu.menu.id, name: menu.menu.name, version: menu.menu.version + 1 }] : [])],
      };
    }
    const made: { kind: GeneratedKind; doc: Definition; reference?: string }[] = [];
    const result = await this.store.db.transaction().execute(async (trx) => {
      const plan = await this.plan(trx, model, request);
      for (const { kind, doc, reference } of plan.docs) made.push({ kind, doc: await this.defs.createIn(trx, kind, doc, by), reference });
      // The menu last: a menu that is not there undoes the definitions written above.
      const changed: ChangedDefinition[] = [];
      for (const change of plan.forms) {
        await this.defs.writeIn(trx, 'form', change.form, changedForm(change), change.form.version, by);
        changed.push({ kind: 'form', id: change.form.id, name: change.form.name, version: change.form.version + 1 });
      }
      const menu = await this.menuChange(trx, request, plan);
      if (menu) {
        await this.defs.writeIn(trx, 'menu', menu.menu, menu.doc, menu.menu.version, by);
        changed.push({ kind: 'menu', id: menu.menu.id, name: menu.menu.name, version: menu.menu.version + 1 });
      }
      return { created: made.map(({ kind, doc, reference }) => ({ kind, id: doc.id, name: doc.name, ...(reference ? { reference } : {}) })), changed };
    });
    for (const { kind, doc } of made) if (kind === 'grid') await this.defs.indexGrid(doc);
    return result;
  }

  /**
   * Undoes a generation: deletes the definitions it made and saves the menu's version before the
   * card as a new version, in one transaction. Refused with 409 naming the first one that changed
   * since (its version moved), that is not one this model's generation makes, or is built in.
   */
  async undo(idOrName: string, request: UndoRequest, by: string | null): Promise<UndoResult> {
    const doc = await this.defs.get('model', idOrName);
    return this.store.db.transaction().execute(async (trx) => {
      const found: { kind: GeneratedKind; current: Definition }[] = [];
      for (const item of request.created) {
        const current = await this.defs.findIn(trx, item.kind, item.id);
        if (!current || current.id !== item.id) throw errors.notFound(`The ${item.kind} '${item.name ?? item.id}'`);
        if (isBuiltIn(item.kind, current.name)) throw errors.conflict(`The ${item.kind} '${current.name}' is built in: it was not generated`);
        if (current.version !== 1) {
          throw errors.conflict(`The ${item.kind} '${current.name}' was changed since it was generated (it is at version ${current.version}): nothing was undone`);
        }
        found.push({ kind: item.kind, current });
      }
      // Only what a generation for this model makes: its form and grid, and the selects its forms use.
      const used = new Set<string>();
      for (const { kind, current } of found) {
        if (kind === 'select') continue;
        if (modelOf(current) !== doc.name) throw errors.conflict(`The ${kind} '${current.name}' is not over the model '${doc.name}': it was not generated for it`);
        if (kind === 'form') {
          walkColumns(current.definition as WalkRow[] | undefined, (col) => {
            if (col.childType === 'Select' && typeof col.url === 'string') used.add(col.url.replace(/^\/select\//, ''));
          });
        }
      }
      for (const { kind, current } of found) {
        if (kind === 'select' && !used.has(current.name)) throw errors.conflict(`The select '${current.name}' is not used by a generated form of '${doc.name}': it was not generated for it`);
      }
      const menus: { kind: ChangedKind; current: Definition; before: Row }[] = [];
      const gridNames = found.filter((f) => f.kind === 'grid').map((f) => f.current.name);
      for (const item of request.changed) {
        const kind: ChangedKind = item.kind === 'form' ? 'form' : 'menu';
        const current = await this.defs.findIn(trx, kind, item.id);
        if (!current || current.id !== item.id) throw errors.notFound(`The ${kind} '${item.name ?? item.id}'`);
        if (current.version !== item.version) {
          const what = kind === 'form' ? 'its grids were added' : 'the card was added';
          throw errors.conflict(`The ${kind} '${current.name}' was changed since ${what} (it is at version ${current.version}, not ${item.version}): nothing was undone`);
        }
        const before = await this.defs.versionStore.get(kind, current, item.version - 1, trx);
        if (kind === 'form') {
          // The version being undone added rows showing generated grids at the end, and nothing else.
          const rows = (doc: Row) => (Array.isArray(doc.definition) ? (doc.definition as unknown[]) : []);
          const kept = rows(before.document);
          const now = rows(current);
          const added = now.slice(kept.length);
          if (!added.length || JSON.stringify(now.slice(0, kept.length)) !== JSON.stringify(kept) || !added.every((row) => isGridRowOf(row, gridNames))) {
            throw errors.conflict(`The form '${current.name}' at version ${current.version} is not the grids of a generation added: nothing was undone`);
          }
          menus.push({ kind, current, before: before.document });
          continue;
        }
        // The version being undone added a card opening one of the generated grids, and nothing else.
        const grids = gridNames.map((name) => `/grid/${name}`);
        const cards = (doc: Row) => (Array.isArray(doc.definition) ? (doc.definition as Row[]) : []);
        const added = cards(current).filter((c) => !cards(before.document).some((b) => JSON.stringify(b) === JSON.stringify(c)));
        if (cards(current).length !== cards(before.document).length + 1 || added.length !== 1 || !grids.includes(String(added[0]?.url))) {
          throw errors.conflict(`The menu '${current.name}' at version ${current.version} is not the card of a generated grid added: nothing was undone`);
        }
        menus.push({ kind, current, before: before.document });
      }
      for (const { kind, current } of found) await this.defs.removeIn(trx, kind, current);
      const restored: UndoResult['restored'] = [];
      for (const { kind, current, before } of menus) {
        await this.defs.writeIn(trx, kind, current, { ...before, id: current.id }, current.version, by);
        restored.push({ kind, id: current.id, name: current.name, version: current.version + 1 });
      }
      return { deleted: found.map(({ kind, current }) => ({ kind, id: current.id, name: current.name })), restored };
    });
  }
}
