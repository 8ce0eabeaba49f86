import type { Row } from '../../db/connect.js';
import { historyContext } from '../../db/history-context.js';
import { errors } from '../../core/errors.js';
import { tableOf, type ModelStore, type PendingWrite } from '../../records/model-store.js';
import type { AutomationDefinition, RecordTrigger } from '../../../generated/definitions.js';
import type { RunStepLog } from '../../../shared/automation-types.js';
import { touches, type AutomationIndex } from './automation-index.js';
import { conditionHolds } from './conditions.js';
import { RunStopped, runSteps, WriteRefused } from './run-steps.js';
import { newRunId, type FinishedRun } from './run-table.js';
import { TemplateScope } from './template-scope.js';

const notBefore = (what: string) => () => Promise.reject(new Error(`${what} cannot run before a write: make it an after-trigger`));

/**
 * The before-triggers (docs/automations.md, "Before a write"): called by the model store before
 * each insert and update, in the write's transaction, they test each watching automation's
 * condition over the record as it will be (its stored values with the written ones over them)
 * and carry its steps out at once: Set fields changes what is written, Refuse refuses the write
 * (400 AUTOMATION_REFUSED, the automation's message, nothing written). A step that fails, or the
 * 2 s budget spent, refuses the write too (500 AUTOMATION_FAILED), for a check that could not be
 * made is no permission. Each run that carried steps out is logged after the write's transaction.
 */
export class BeforeTriggers {
  constructor(
    private readonly store: ModelStore,
    private readonly index: () => AutomationIndex,
    private readonly logRun: (run: FinishedRun) => void,
  ) {}

  async guard(write: PendingWrite): Promise<Row> {
    const { model, action, values } = write;
    const watching = this.index()
      .recordTriggers(model.name, 'before')
      .filter((a) => (a.trigger as RecordTrigger).on.includes(action));
    if (!watching.length) return values;
    const store = this.store.scoped(write.db);
    let stored: Row | null = null;
    if (action === 'update') {
      const raw = await write.db.selectFrom(tableOf(model.name)).selectAll().where('id', '=', store.idValue(model, write.id)).executeTakeFirst();
      stored = raw ? store.decode(model, raw) : null;
    }
    const record: Row = { ...(stored ?? {}), ...values };
    const who = historyContext();
    const userRow = who.userId !== null ? await store.get1('User', who.userId).catch(() => undefined) : undefined;
    for (const automation of watching) {
      if (action === 'update' && !touches(automation.trigger as RecordTrigger, stored, record)) continue;
      const context = { userId: who.userId };
      if (automation.condition && !(await conditionHolds(store, automation.condition, model.name, record, context))) continue;
      if (automation.beforeCondition && stored && !(await conditionHolds(store, automation.beforeCondition, model.name, stored, context))) continue;
      const set = await this.carryOut(automation, store, model.name, action, record, stored, userRow ?? null, who);
      Object.assign(values, set);
      Object.assign(record, set);
    }
    return values;
  }

  /** Runs one automation's steps before the write; answers the fields it sets, or throws the refusal. */
  private async carryOut(
    automation: AutomationDefinition,
    store: ModelStore,
    model: string,
    action: 'insert' | 'update',
    record: Row,
    stored: Row | null,
    user: Row | null,
    who: ReturnType<typeof historyContext>,
  ): Promise<Row> {
    const set: Row = {};
    const runId = newRunId();
    const started = Date.now();
    const finish = (state: FinishedRun['state'], steps: RunStepLog[], error: string | null) =>
      this.logRun({
        id: runId,
        automation: automation.name,
        trigger: action === 'insert' ? 'before insert' : 'before update',
        model,
        recordId: record.id === undefined || record.id === null ? null : String(record.id),
        input: { record, before: stored },
        state,
        steps,
        error,
        depth: (who.automation?.depth ?? 0) + 1,
        userId: who.userId,
        userName: who.userName,
        startedAt: started,
      });
    const scope = new TemplateScope(store, {
      record: { model, values: record },
      before: stored ? { model, values: stored } : null,
      user: user ? { model: 'User', values: user } : null,
    });
    try {
      const steps = await runSteps({
        automation,
        runId,
        timing: 'before',
        scope,
        data: { automation: automation.name, trigger: action, model, record, before: stored },
        powers: {
          records: { create: notBefore('Create a record'), update: notBefore('Update a record'), delete: notBefore('Delete a record'), find: notBefore('For each record') },
          mail: notBefore('Send mail'),
          postJson: notBefore('Call a webhook'),
          matches: async (filter, on) => {
            const values = on === 'before' ? stored : record;
            return values ? conditionHolds(store, filter, model, values, { userId: who.userId }) : false;
          },
          setFields: (values) => Object.assign(set, values),
        },
      });
      finish('done', steps, null);
      return set;
    } catch (e) {
      const steps = (e as { log?: RunStepLog[] }).log ?? [];
      if (e instanceof RunStopped) {
        finish('done', steps, null);
        return set;
      }
      if (e instanceof WriteRefused) {
        finish('stopped', steps, `Refused the write: ${e.message}`);
        throw errors.automationRefused(e.message);
      }
      finish('failed', steps, (e as Error).message);
      throw errors.automationFailed(automation.name, (e as Error).message);
    }
  }
}
