import { randomBytes } from 'node:crypto';
import type { ErrorDetail } from '../core/errors.js';
import { cronProblem } from '../core/cron.js';
import type { Row } from '../db/connect.js';
import { isAuditField } from '../../shared/audit-fields.js';
import { HINTS_KEYWORD, kindOfModel, modelOf } from '../../shared/contract.js';
import { stepSchemaFiles } from '../../generated/step-schemas.js';
import { boundFields, type WalkRow } from '../../shared/definition-walk.js';
import { checkFilter } from '../../shared/filter/index.js';
import { TEMPLATE_ROOTS, templateProblems } from '../../shared/template.js';
import type { ModelDefinition } from '../records/model-types.js';

/**
 * What a save of an automation refuses beyond its schema (docs/automations.md): everything it
 * names must exist and fit, so an automation that could never run is refused when it is saved,
 * with a JSON pointer to the place, not found out by its first run. Every save runs it: the API,
 * the raw editor, the designer, a restore of a version and an app import (which looks in the
 * file as well as on the instance).
 *
 * - The trigger's model exists and holds records, not definitions (User and Group are models
 *   like the others); `trigger.fields` are its fields, and only an update trigger has them; a
 *   before-trigger runs before an insert or an update, never a delete.
 * - `condition` is a filter over the trigger's record (record and button triggers only: a
 *   schedule or a webhook has no record); `beforeCondition` over its values before an update,
 *   so only with a record trigger on update.
 * - A schedule's `cron` is five fields croner can run (core/cron.ts), and comes at some time.
 * - A schedule and a webhook run with nobody signed in: they name the user they run as
 *   (`runAs`); a `runAs` names a user, whatever its case.
 * - Each step may run at the trigger's timing: a before-trigger runs in the write's transaction
 *   and only tests, sets fields or refuses (condition, setFields, refuse); the others run later,
 *   outside it, and never setFields or refuse. Each step folder's schema says when it may run
 *   (its x-tessera `timings`, held to its run.ts by tests/unit/step-folders.test.ts), so a new
 *   step folder needs nothing here.
 * - A record step's form exists and writes records (not definitions), and its `values` name
 *   fields the form writes; setFields names fields of the trigger's model; a loop's model exists
 *   and its filter fits it; a condition step's filter fits the trigger's model, and reads the
 *   values before an update only on an update trigger. Nested steps (Then, Else, a loop's steps)
 *   are checked as the top ones, with pointers into them.
 * - Every template (a step's text settings and its values) is one the renderer can read
 *   (src/shared/template.ts).
 */

/** What the check looks things up in: the instance, or the instance and an app file. */
export interface AutomationWorld {
  /** A model as records are read and filtered (its audit fields included), by its exact name. */
  model(name: string): ModelDefinition | undefined;
  /** Every model's name, to suggest the one meant when a name differs only in case. */
  modelNames(): readonly string[];
  /** A form definition by name. */
  form(name: string): Promise<Row | undefined>;
  /** Whether a user of this name exists, compared without regard to case (as user names are). */
  userExists(name: string): Promise<boolean>;
}

type Timing = 'before' | 'after';

/** When each step type may run, from its folder's schema (absent: after a change only). */
const TIMINGS: ReadonlyMap<string, readonly Timing[]> = new Map(
  Object.entries(stepSchemaFiles).map(([type, schema]) => {
    const timings = (schema as { [HINTS_KEYWORD]?: { timings?: Timing[] } })[HINTS_KEYWORD]?.timings;
    return [type, timings?.length ? timings : ['after']];
  }),
);
/** The step types a before-trigger may run, in the folders' order, for the refusal's words. */
const BEFORE_STEPS = [...TIMINGS].filter(([, t]) => t.includes('before')).map(([type]) => type);

/** A step's settings that are not templates: its identity, the names it looks up, enumerations and filters. */
const NOT_TEMPLATES: ReadonlySet<string> = new Set(['type', 'name', 'form', 'model', 'on', 'match', 'secret', 'then', 'else', 'steps', 'limit', 'timeoutMs', 'retries']);
/** The settings that hold nested steps. */
const NESTED = ['then', 'else', 'steps'] as const;

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const quoted = (names: readonly string[]) => names.map((n) => `'${n}'`).join(', ');
/** JSON pointer escaping of one key (RFC 6901). */
const key = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

interface Walk {
  world: AutomationWorld;
  out: ErrorDetail[];
  /** The trigger's type and, for record and button triggers, its model when it exists. */
  trigger: string;
  model?: ModelDefinition;
  timing: Timing;
  /** A record trigger on update: the values before the change exist. */
  update: boolean;
}

/** The problems of an automation that its schema accepted (definitionProblems ran first); none when it can run. */
export async function automationProblems(doc: Row, world: AutomationWorld): Promise<ErrorDetail[]> {
  const out: ErrorDetail[] = [];
  const trigger = isRow(doc.trigger) ? doc.trigger : {};
  const type = String(trigger.type);
  const on = Array.isArray(trigger.on) ? (trigger.on as string[]) : [];
  const timing = type === 'record' && trigger.timing === 'before' ? 'before' : 'after';
  const walk: Walk = { world, out, trigger: type, timing, update: type === 'record' && on.includes('update') };
  if (type === 'record' || type === 'button') walk.model = triggerModel(String(trigger.model), walk);
  if (type === 'record') checkRecordTrigger(trigger, on, walk);
  if (type === 'schedule') {
    const problem = cronProblem(String(trigger.cron));
    if (problem) out.push({ pointer: '/trigger/cron', message: problem });
  }
  for (const name of ['condition', 'beforeCondition'] as const) {
    if (doc[name] !== undefined) checkCondition(name, doc[name], walk);
  }
  await checkRunAs(doc, type, walk);
  if (Array.isArray(doc.steps)) await checkSteps(doc.steps, '/steps', walk);
  return out;
}

/** The trigger's model, when it exists and holds records; otherwise why not, at /trigger/model. */
function triggerModel(name: string, walk: Walk): ModelDefinition | undefined {
  const model = modelNamed(name, '/trigger/model', walk);
  if (model && kindOfModel(model.name) !== undefined) {
    walk.out.push({ pointer: '/trigger/model', message: `'${model.name}' holds ${kindOfModel(model.name)} definitions: an automation watches the records of a model (User and Group included), not definitions` });
    return undefined;
  }
  return model;
}

/** The model of that exact name, or a problem at `pointer` (suggesting the name meant, when only its case differs). */
function modelNamed(name: string, pointer: string, walk: Walk): ModelDefinition | undefined {
  const model = walk.world.model(name);
  if (model) return model;
  const meant = walk.world.modelNames().find((n) => n.toLowerCase() === name.toLowerCase());
  walk.out.push({ pointer, message: `there is no model '${name}'${meant ? ` (did you mean '${meant}'?)` : ''}` });
  return undefined;
}

function checkRecordTrigger(trigger: Row, on: string[], walk: Walk): void {
  if (walk.timing === 'before') {
    on.forEach((event, i) => {
      if (event === 'delete') walk.out.push({ pointer: `/trigger/on/${i}`, message: "a before-trigger runs before an insert or an update, not a delete (an after-trigger sees deletes)" });
    });
  }
  if (!Array.isArray(trigger.fields)) return;
  if (!walk.update) {
    walk.out.push({ pointer: '/trigger/fields', message: "only an update changes fields: add 'update' to on, or leave fields out" });
    return;
  }
  const model = walk.model;
  if (!model) return;
  (trigger.fields as string[]).forEach((field, i) => {
    if (!model.fields.some((f) => f.name === field)) walk.out.push({ pointer: `/trigger/fields/${i}`, message: `'${field}' is not a field of ${model.name}` });
  });
}

/** The automation's `condition` or `beforeCondition`: a filter over the trigger's record. */
function checkCondition(name: 'condition' | 'beforeCondition', filter: unknown, walk: Walk): void {
  const at = `/${name}`;
  if (walk.trigger === 'schedule' || walk.trigger === 'webhook') {
    walk.out.push({ pointer: at, message: `a ${walk.trigger} trigger has no record for a condition to test (a loop step finds records)` });
    return;
  }
  if (name === 'beforeCondition' && !walk.update) {
    walk.out.push({ pointer: at, message: "reads the record's values before an update: only a record trigger on update has them" });
    return;
  }
  filterFits(filter, at, walk.model, walk);
}

/**
 * A filter's problems against `model`, at their places under `at` (nothing when the model is
 * unknown: that was said). `RECORD.<field>` reads the trigger's record (docs/filters.md), so only
 * a record or button trigger's filters know it.
 */
function filterFits(filter: unknown, at: string, model: ModelDefinition | undefined, walk: Walk): void {
  if (!model) return;
  const options = walk.model ? { recordModel: walk.model } : {};
  for (const p of checkFilter(filter, model, (n) => walk.world.model(n), options).problems) walk.out.push({ pointer: `${at}${p.pointer}`, message: p.message });
}

async function checkRunAs(doc: Row, type: string, walk: Walk): Promise<void> {
  if (typeof doc.runAs !== 'string') {
    if (type === 'schedule' || type === 'webhook') {
      walk.out.push({ pointer: '/runAs', message: `is needed: a ${type} runs with nobody signed in, so its steps write as the user named here` });
    }
    return;
  }
  if (!(await walk.world.userExists(doc.runAs))) walk.out.push({ pointer: '/runAs', message: `there is no user '${doc.runAs}'` });
}

async function checkSteps(steps: unknown[], at: string, walk: Walk): Promise<void> {
  for (const [i, step] of steps.entries()) {
    if (isRow(step)) await checkStep(step, `${at}/${i}`, walk);
  }
}

async function checkStep(step: Row, at: string, walk: Walk): Promise<void> {
  const type = String(step.type);
  const timings = TIMINGS.get(type) ?? ['after'];
  if (walk.timing === 'before' && !timings.includes('before')) {
    walk.out.push({ pointer: `${at}/type`, message: `'${type}' cannot run before a write: a before-trigger runs in the write's transaction, where only ${quoted(BEFORE_STEPS)} steps run` });
  } else if (walk.timing === 'after' && !timings.includes('after')) {
    walk.out.push({ pointer: `${at}/type`, message: `'${type}' acts on the record being written: it runs only in a before-trigger (a record trigger with timing 'before')` });
  }
  switch (type) {
    case 'createRecord':
    case 'updateRecord':
    case 'deleteRecord':
      await checkRecordStep(step, at, walk);
      break;
    case 'setFields':
      checkSetFields(step, at, walk);
      break;
    case 'loop': {
      const model = modelNamed(String(step.model), `${at}/model`, walk);
      if (model && kindOfModel(model.name) !== undefined) {
        walk.out.push({ pointer: `${at}/model`, message: `'${model.name}' holds ${kindOfModel(model.name)} definitions: a loop goes over records` });
      } else if (step.match !== undefined) filterFits(step.match, `${at}/match`, model, walk);
      break;
    }
    case 'condition':
      if (walk.trigger === 'schedule' || walk.trigger === 'webhook') {
        walk.out.push({ pointer: `${at}/match`, message: `a ${walk.trigger} trigger has no record for a condition step to test (a loop step finds records)` });
      } else {
        filterFits(step.match, `${at}/match`, walk.model, walk);
        if (step.on === 'before' && !walk.update) {
          walk.out.push({ pointer: `${at}/on`, message: "'before' reads the record's values before an update: only a record trigger on update has them" });
        }
      }
      break;
  }
  checkTemplates(step, at, walk);
  for (const nested of NESTED) {
    if (Array.isArray(step[nested])) await checkSteps(step[nested] as unknown[], `${at}/${nested}`, walk);
  }
}

/** createRecord, updateRecord, deleteRecord: a form that writes records, and values it writes. */
async function checkRecordStep(step: Row, at: string, walk: Walk): Promise<void> {
  const name = String(step.form);
  const form = await walk.world.form(name);
  if (!form) {
    walk.out.push({ pointer: `${at}/form`, message: `there is no form '${name}'` });
    return;
  }
  const modelName = modelOf(form);
  if (kindOfModel(modelName) !== undefined) {
    walk.out.push({ pointer: `${at}/form`, message: `the form '${name}' writes ${kindOfModel(modelName)} definitions: an automation's steps write records` });
    return;
  }
  if (!isRow(step.values)) return;
  const model = walk.world.model(modelName);
  if (!model) {
    walk.out.push({ pointer: `${at}/form`, message: `the form '${name}' is over the model '${modelName}', which does not exist` });
    return;
  }
  const writes = boundFields(form.definition as WalkRow[] | undefined)
    .map((b) => b.field)
    .filter((f) => model.fields.some((m) => m.name === f && m.type !== 'link') && !isAuditField(f));
  for (const field of Object.keys(step.values)) {
    if (writes.includes(field)) continue;
    const own = model.fields.find((f) => f.name === field);
    const why = isAuditField(field)
      ? `'${field}' is kept by the server`
      : own?.type === 'link'
        ? `'${field}' is a link: a step's values are single values, and the form saves its links from a list`
        : `the form '${name}' does not write '${field}'${writes.length ? ` (it writes ${quoted(writes)})` : ' (it writes no fields)'}`;
    walk.out.push({ pointer: `${at}/values/${key(field)}`, message: why });
  }
}

/** setFields: fields of the trigger's model that a write can carry. */
function checkSetFields(step: Row, at: string, walk: Walk): void {
  const model = walk.model;
  if (!model || !isRow(step.values)) return;
  for (const field of Object.keys(step.values)) {
    const own = model.fields.find((f) => f.name === field);
    const why = !own
      ? `'${field}' is not a field of ${model.name}`
      : isAuditField(field)
        ? `'${field}' is kept by the server`
        : own.type === 'link'
          ? `'${field}' is a link: set fields writes single values`
          : undefined;
    if (why) walk.out.push({ pointer: `${at}/values/${key(field)}`, message: why });
  }
}

/** Every template of a step (its text settings, and the text values of its objects such as `values` and `body`). */
function checkTemplates(step: Row, at: string, walk: Walk): void {
  const check = (text: string, pointer: string) => {
    for (const message of templateProblems(text, { roots: TEMPLATE_ROOTS })) walk.out.push({ pointer, message });
  };
  for (const [name, value] of Object.entries(step)) {
    if (NOT_TEMPLATES.has(name)) continue;
    if (typeof value === 'string') check(value, `${at}/${key(name)}`);
    else if (isRow(value)) {
      for (const [k, v] of Object.entries(value)) if (typeof v === 'string') check(v, `${at}/${key(name)}/${key(k)}`);
    }
  }
}

/** A webhook's token: 32 hex characters, the secret part of its url. */
export function newWebhookToken(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The automation as it is saved: a webhook trigger without a token gets the one stored before
 * (a save that leaves it out keeps it: the url stays the same) or, when there is none, a new one.
 * Any other document is answered as it is.
 */
export function withWebhookToken(doc: Row, stored?: Row): Row {
  const trigger = doc.trigger;
  if (!isRow(trigger) || trigger.type !== 'webhook' || typeof trigger.token === 'string') return doc;
  const before = isRow(stored?.trigger) && stored.trigger.type === 'webhook' && typeof stored.trigger.token === 'string' ? stored.trigger.token : undefined;
  return { ...doc, trigger: { ...trigger, token: before ?? newWebhookToken() } };
}
