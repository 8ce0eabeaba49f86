import type { AutomationDefinition } from '../../../generated/definitions.js';
import type { RunStepLog } from '../../../shared/automation-types.js';
import type { StepContext, StepRecord, StepSettings, StepTiming, StepType, WebhookAnswer, WrittenRecord } from '../../../shared/automation-step.js';
import { stepTypes } from '../../../generated/steps.js';
import type { TemplateScope } from './template-scope.js';

/**
 * Carrying out an automation's steps (docs/automations.md, "Runs"): each step's runner (its
 * folder's run.ts) gets a StepContext made here from what the run may do, and every step's outcome
 * is logged. A run has a budget: at most `limits.maxSteps` steps (loops included) and
 * `limits.timeoutMs` of time; spending either stops it with the reason.
 */

export const DEFAULT_MAX_STEPS = 1000;
export const DEFAULT_TIMEOUT_MS = 60_000;
/** A before-trigger runs in the writer's request and transaction: its default and its most. */
export const BEFORE_TIMEOUT_MS = 2000;

/** A condition that does not hold, without Then or Else: the run ends there, done. */
export class RunStopped extends Error {}
/** A Refuse step: the write is refused with this message. */
export class WriteRefused extends Error {}
/** The run's steps or time are spent: not tried again (it would spend them again). */
export class BudgetSpent extends Error {}

/** What the run may do, handed to every step through its context. */
export interface RunPowers {
  records: StepContext['records'];
  mail(message: { to: string; subject: string; text: string }): Promise<void>;
  postJson(url: string, body: unknown, options: { timeoutMs: number; retries: number; secret?: string; idempotencyKey: string; signal: AbortSignal }): Promise<WebhookAnswer>;
  /** Whether a filter holds over the trigger's record as written or before. */
  matches(filter: unknown, on: 'record' | 'before'): Promise<boolean>;
  /** Before a write: the fields a Set fields step sets. */
  setFields?(values: StepRecord): void;
}

export interface RunPlan {
  automation: AutomationDefinition;
  runId: string;
  timing: StepTiming;
  scope: TemplateScope;
  data: Record<string, unknown>;
  powers: RunPowers;
  /** The step types by type (the generated list; a test may hand its own). */
  types?: Readonly<Record<string, StepType>>;
}

/** Runs the automation's steps; answers the log. Throws RunStopped (after logging), WriteRefused, BudgetSpent or a step's error, the log so far on it as `log`. */
export async function runSteps(plan: RunPlan): Promise<RunStepLog[]> {
  const { automation } = plan;
  const maxSteps = automation.limits?.maxSteps ?? DEFAULT_MAX_STEPS;
  const timeoutMs = plan.timing === 'before' ? Math.min(automation.limits?.timeoutMs ?? BEFORE_TIMEOUT_MS, BEFORE_TIMEOUT_MS) : (automation.limits?.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const types = plan.types ?? stepTypes;
  const log: RunStepLog[] = [];
  const results: Record<string, unknown> = {};
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new BudgetSpent(`The run took longer than ${timeoutMs} ms`)), timeoutMs);
  let count = 0;

  const runList = async (steps: readonly StepSettings[], prefix: string, scope: TemplateScope): Promise<void> => {
    for (const [i, step] of steps.entries()) {
      const path = prefix ? `${prefix}.${i + 1}` : String(i + 1);
      if (controller.signal.aborted) throw controller.signal.reason as Error;
      if (++count > maxSteps) throw new BudgetSpent(`The run took more than ${maxSteps} steps`);
      const type = types[step.type];
      const started = performance.now();
      const entry: RunStepLog = { path, type: step.type, ...(step.name ? { name: step.name } : {}), ok: false, ms: 0 };
      log.push(entry);
      try {
        if (!type) throw new Error(`There is no step type '${step.type}' (no folder plugins/steps/ declares it)`);
        if (!type.timings.includes(plan.timing)) throw new Error(`A ${step.type} step cannot run ${plan.timing} a write`);
        const result = await raceAbort(type.run(step, contextFor(path, scope)), controller.signal);
        entry.ok = true;
        if (result !== undefined) entry.result = result;
        if (step.name) results[step.name] = result;
        if (isStop(result)) throw new RunStopped(`Stopped at step ${path}: its condition does not hold`);
      } catch (e) {
        // A condition that ends the run (here or in the steps it ran) is no failure of this step.
        if (e instanceof RunStopped) entry.ok = true;
        else entry.error = (e as Error).message;
        throw e;
      } finally {
        entry.ms = Math.round(performance.now() - started);
      }
    }
  };

  const contextFor = (path: string, scope: TemplateScope): StepContext => ({
    timing: plan.timing,
    idempotencyKey: `${plan.runId}:${path}`,
    signal: controller.signal,
    data: plan.data,
    render: (template) => scope.render(template),
    renderValue: (value) => scope.renderValue(value),
    matches: (filter, on) => plan.powers.matches(filter, on),
    records: {
      create: async (form, values) => written(await plan.powers.records.create(form, values), scope),
      update: async (form, id, values) => written(await plan.powers.records.update(form, id, values), scope),
      delete: async (form, id) => written(await plan.powers.records.delete(form, id), scope),
      find: (model, filter, limit) => plan.powers.records.find(model, filter, limit),
    },
    mail: (message) => plan.powers.mail(message),
    postJson: (url, body, options) => plan.powers.postJson(url, body, { ...options, idempotencyKey: `${plan.runId}:${path}`, signal: controller.signal }),
    runSteps: (steps, values) => runList(steps, path, values?.item ? scope.with({ item: { model: values.item.model, values: values.item.record } }) : scope),
    setFields: (values) => {
      if (!plan.powers.setFields) throw new Error('Set fields runs only before a write');
      plan.powers.setFields(values);
    },
    refuse: (message) => {
      throw new WriteRefused(message);
    },
  });

  try {
    await runList(automation.steps as StepSettings[], '', plan.scope.with({ steps: results }));
    return log;
  } catch (e) {
    (e as Error & { log?: RunStepLog[] }).log = log;
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

/** A step's write: later templates read records again (they may be among those written). */
function written(record: WrittenRecord, scope: TemplateScope): WrittenRecord {
  scope.forget();
  return record;
}

function isStop(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { stop?: unknown }).stop === true;
}

/** A step's promise, or the run's budget running out first. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
