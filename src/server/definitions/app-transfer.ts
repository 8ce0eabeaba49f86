import { sql } from 'kysely';
import type { AppChange } from '../../shared/api-types.js';
import { jsonDiff, type JsonValue } from '../../shared/json-diff.js';
import type { Db, Row } from '../db/connect.js';
import { ApiError, errors, type ErrorDetail } from '../core/errors.js';
import { checkUniqueValues, modelDefinitionProblems } from '../records/model-check.js';
import { checkAppFile, formsNamedBy, modelsNamedBy, portable, type AppFile, type FileEntry } from './app-file.js';
import { withWebhookToken } from './automation-check.js';
import { definitionKinds, definitionProblems, modelOfKind, type Definition, type Definitions, type DefinitionKind } from './definitions.js';
import { tableOf, type ModelStore } from '../records/model-store.js';
import type { ModelDefinition } from '../records/model-types.js';

export { APP_FORMAT, APP_FORMAT_VERSION, type AppFile } from './app-file.js';

/** A chosen set of definitions by kind and name; an empty or absent one means the whole app. */
export type Selection = Partial<Record<DefinitionKind, string[]>>;

/** What an import does to one definition: the type the client reads too. */
export type Change = AppChange;

export type ImportResult = { ok: true; changes: Change[] } | { ok: false; errors: ErrorDetail[] };

/** Models are written first: forms and grids name them, and other models refer to them; automations last, as they name forms. */
const APPLY_ORDER: readonly DefinitionKind[] = ['model', 'select', 'form', 'grid', 'page', 'menu', 'automation'];

/** By code point, not by locale or database collation: the same file on every machine. */
function byName(a: Row, b: Row): number {
  const [x, y] = [String(a.name), String(b.name)];
  return x < y ? -1 : x > y ? 1 : 0;
}

interface Planned extends Change {
  doc: Row;
  stored?: Definition;
}

/**
 * Definitions as code: an app's definitions leave an instance as one JSON file and enter
 * another by name (ids are per instance). Records never travel. An import is checked as a
 * whole before anything is written, and its definitions are written in one transaction.
 */
export class AppTransfer {
  constructor(
    private readonly defs: Definitions,
    private readonly store: ModelStore,
  ) {}

  /** Every definition (a whole app), or the chosen ones plus the models they need. */
  async exportApp(selection?: Selection, now = new Date()): Promise<AppFile> {
    const chosen = new Map<DefinitionKind, Map<string, Row>>(definitionKinds.map((k) => [k, new Map()]));
    const whole = !selection || Object.keys(selection).length === 0;
    for (const kind of definitionKinds) {
      const names = whole ? (await this.defs.list(kind)).map((d) => d.name) : (selection[kind] ?? []);
      for (const name of names) chosen.get(kind)?.set(name, portable(await this.defs.get(kind, name)));
    }
    // The forms a chosen automation writes through follow it (and their models with them).
    const forms = chosen.get('form') as Map<string, Row>;
    for (const name of [...(chosen.get('automation')?.values() ?? [])].flatMap((doc) => formsNamedBy('automation', doc))) {
      const form = forms.has(name) ? undefined : await this.defs.find('form', name);
      if (form) forms.set(name, portable(form));
    }
    // The models the chosen definitions name, and the models those refer to, follow them.
    const models = chosen.get('model') as Map<string, Row>;
    const wanted = [...chosen.entries()].flatMap(([kind, docs]) => [...docs.values()].flatMap((doc) => modelsNamedBy(kind, doc)));
    while (wanted.length) {
      const name = wanted.pop() as string;
      if (models.has(name)) continue;
      const model = await this.defs.find('model', name);
      if (!model) continue;
      models.set(name, portable(model));
      wanted.push(...modelsNamedBy('model', model));
    }
    const definitions = Object.fromEntries(
      definitionKinds.map((kind) => {
        const docs = [...(chosen.get(kind)?.values() ?? [])].filter((doc) => !(kind === 'model' && doc.system === true));
        return [kind, docs.sort((a, b) => byName(a, b))];
      }),
    ) as Record<DefinitionKind, Row[]>;
    return { format: 'tessera-app', formatVersion: 1, exportedAt: now.toISOString(), definitions };
  }

  /** What an import would change, or why it is refused; writes nothing. */
  async previewImport(file: unknown): Promise<ImportResult> {
    const planned = await this.plan(file);
    return planned.ok ? this.changeList(planned.changes) : planned;
  }

  /**
   * Checks the file as the preview does, then writes every new or changed definition in one
   * transaction (all or nothing); unchanged ones are not touched.
   *
   * Tables cannot wait for the commit, so the tables and columns of new and changed models are
   * created first, outside the transaction. That step only ever adds (as every model save
   * does). If the transaction then fails, no definition row is written; new tables stay behind
   * empty and unnamed by any model, and a later import or save of those models takes them over.
   */
  async applyImport(file: unknown, by: string | null = null): Promise<ImportResult> {
    const planned = await this.plan(file);
    if (!planned.ok) return planned;
    const writes = planned.changes.filter((c) => c.status !== 'unchanged');
    const models = writes.filter((c) => c.kind === 'model');
    if (models.length) await this.store.sync(models.map((c) => c.doc as unknown as ModelDefinition));
    try {
      await this.store.db.transaction().execute(async (trx) => {
        for (const kind of APPLY_ORDER) {
          for (const change of writes) if (change.kind === kind) await this.write(trx, change, by);
        }
      });
    } catch (e) {
      // The process must not go on serving the fields of models whose save was rolled back.
      const before = models.flatMap((c) => (c.stored ? [c.stored as unknown as ModelDefinition] : []));
      if (before.length) this.store.register(before);
      throw e;
    }
    for (const change of writes) if (change.kind === 'grid') await this.defs.indexGrid(change.doc);
    return this.changeList(planned.changes);
  }

  private changeList(changes: Planned[]): ImportResult {
    return { ok: true, changes: changes.map(({ kind, name, status, diff }) => (diff ? { kind, name, status, diff } : { kind, name, status })) };
  }

  private async plan(file: unknown): Promise<{ ok: true; changes: Planned[] } | { ok: false; errors: ErrorDetail[] }> {
    const stored = new Map<string, Definition>();
    const checked = checkAppFile(file);
    if (!checked.ok) return checked;
    for (const entry of checked.entries) {
      const found = await this.defs.find(entry.kind, String(entry.doc.name));
      if (found) stored.set(`${entry.kind}\u0000${String(entry.doc.name)}`, found);
      // A webhook left without its token keeps the stored one, as a save does (or gets one): not a change.
      if (entry.kind === 'automation') entry.doc = withWebhookToken(entry.doc, found);
    }
    const problems = await this.checkAgainstInstance(checked.entries, stored);
    if (problems.length) return { ok: false, errors: problems };
    const changes: Planned[] = checked.entries.map(({ kind, doc }) => {
      const name = String(doc.name);
      const before = stored.get(`${kind}\u0000${name}`);
      if (!before) return { kind, name, status: 'new', doc };
      const diff = jsonDiff(portable(before) as JsonValue, doc as JsonValue);
      return diff.length ? { kind, name, status: 'changed', diff, doc, stored: before } : { kind, name, status: 'unchanged', doc, stored: before };
    });
    const repeated = await this.checkUniqueValues(changes, checked.entries);
    if (repeated.length) return { ok: false, errors: repeated };
    return { ok: true, changes };
  }

  /**
   * As a save does (ModelLifecycle.save, model-lifecycle.ts): a field made unique over stored values that repeat
   * could not get its index. The file is refused before any table is touched.
   */
  private async checkUniqueValues(changes: Planned[], entries: FileEntry[]): Promise<ErrorDetail[]> {
    const out: ErrorDetail[] = [];
    for (const change of changes) {
      if (change.kind !== 'model' || change.status === 'unchanged') continue;
      const pointer = entries.find((e) => e.kind === 'model' && e.doc === change.doc)?.pointer ?? '/definitions/model';
      try {
        await checkUniqueValues(this.store.db, this.store.dialect, change.doc as unknown as ModelDefinition);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        out.push(...(e.details ?? []).map((d) => ({ pointer: `${pointer}${d.pointer}`, message: d.message })));
      }
    }
    return out;
  }

  /**
   * What the file cannot do on this instance: unknown models, and everything a save would refuse
   * (a definition's patterns; a model's name, fields and changes, as modelDefinitionProblems and
   * Definitions check them), so that no definition enters by a file that the API would refuse.
   */
  private async checkAgainstInstance(entries: FileEntry[], stored: Map<string, Definition>): Promise<ErrorDetail[]> {
    const out: ErrorDetail[] = [];
    const fileModels = entries.filter((e) => e.kind === 'model').map((e) => e.doc as unknown as ModelDefinition);
    const inFile = new Set(fileModels.map((m) => m.name));
    const fileForms = entries.filter((e) => e.kind === 'form').map((e) => e.doc);
    const modelExists = async (name: string) => inFile.has(name) || (await this.defs.find('model', name)) !== undefined;
    // Every model there is or will be: built-in, stored here and in the file.
    const allModels = [...new Set([...this.store.names(), ...(await this.defs.list('model')).map((m) => m.name), ...inFile])];
    for (const { kind, doc, pointer } of entries) {
      out.push(...definitionProblems(kind, doc).map((p) => ({ pointer: `${pointer}${p.pointer === '/' ? '' : p.pointer}`, message: p.message })));
      if (kind === 'model') {
        const model = doc as unknown as ModelDefinition;
        const own = await this.checkModel(model, pointer, stored.get(`model\u0000${model.name}`), modelExists);
        out.push(...own);
        if (own.some((p) => p.pointer === pointer)) continue; // a system model: nothing more to say
        const others = allModels.filter((n) => n !== model.name);
        for (const p of modelDefinitionProblems(this.store, model, { others, batch: fileModels })) {
          const at = `${pointer}${p.pointer === '/' ? '' : p.pointer}`;
          if (!out.some((o) => o.pointer === at)) out.push({ pointer: at, message: p.message });
        }
        continue;
      }
      if (kind === 'automation') {
        // As its save checks it, with the file's models and forms in their places (automation-check.ts).
        if (definitionProblems(kind, doc).length) continue;
        const problems = await this.defs.automationProblems(doc, { models: fileModels, forms: fileForms });
        out.push(...problems.map((p) => ({ pointer: `${pointer}${p.pointer}`, message: p.message })));
        continue;
      }
      for (const name of modelsNamedBy(kind, doc)) {
        if (!(await modelExists(name))) {
          out.push({ pointer: `${pointer}/model`, message: `names the model '${name}', which is neither on this instance nor in the file` });
        }
      }
    }
    if (out.length || !fileModels.length) return out;
    // The engine's own registration of the file's models, tried on a copy, as a save tries it.
    try {
      this.store.scoped(this.store.db).register(fileModels);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      out.push({ pointer: '/definitions/model', message: e.message });
    }
    return out;
  }

  private async checkModel(
    model: ModelDefinition,
    pointer: string,
    before: Definition | undefined,
    exists: (name: string) => Promise<boolean>,
  ): Promise<ErrorDetail[]> {
    const out: ErrorDetail[] = [];
    const previous = before as unknown as ModelDefinition | undefined;
    if (model.system === true || previous?.system === true) {
      const same = previous && jsonDiff(portable(before as Definition) as JsonValue, model as unknown as JsonValue).length === 0;
      if (!same) out.push({ pointer, message: `the system model '${model.name}' exists on every instance and cannot be imported` });
      return out;
    }
    for (const [i, f] of model.fields.entries()) {
      const was = previous?.fields.find((x) => x.name === f.name);
      if (was && was.type !== f.type) {
        out.push({ pointer: `${pointer}/fields/${i}/type`, message: `cannot change from ${was.type} to ${f.type}` });
      }
      for (const key of ['target', 'through'] as const) {
        const needed = key === 'target' ? f.type === 'reference' || f.type === 'link' : f.type === 'link';
        if (needed && !(f[key] && (await exists(f[key])))) {
          out.push({ pointer: `${pointer}/fields/${i}/${key}`, message: `must name a model on this instance or in the file` });
        }
      }
    }
    return out;
  }

  /** One definition row, encoded as Definitions encodes it; a changed one moves its version on. */
  private async write(trx: Db, change: Planned, by: string | null): Promise<void> {
    const modelName = modelOfKind(change.kind);
    const model = this.store.get(modelName);
    const values: Row = {};
    for (const f of model.fields) if (f.name !== 'version') values[f.name] = change.doc[f.name] ?? null;
    // Each write keeps a version, as every save does (the stored state first, if it has none yet).
    if (!change.stored) {
      const id = await this.store.insert(modelName, { ...values, version: 1 }, trx);
      await this.defs.keepStoredVersion(trx, change.kind, String(id), by);
      return;
    }
    await this.defs.keepVersion(trx, change.kind, change.stored, null, null, true);
    const set: Row = {};
    for (const [k, v] of Object.entries(values)) set[k] = this.store.encode(model, this.store.field(model, k), v);
    const res = await trx
      .updateTable(tableOf(modelName))
      .set({ ...set, version: sql`version + 1` })
      .where('id', '=', change.stored.id)
      .where('version', '=', change.stored.version)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw errors.staleVersion(change.kind, change.name);
    await this.defs.keepStoredVersion(trx, change.kind, change.stored.id, by);
  }
}
