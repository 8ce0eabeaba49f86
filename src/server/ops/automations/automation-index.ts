import type { Db } from '../../db/connect.js';
import type { Definitions } from '../../definitions/definitions.js';
import { tableOf, type StatsSnapshot } from '../../records/model-store.js';
import { modelOfKind } from '../../../shared/contract.js';
import type { AutomationDefinition, RecordTrigger } from '../../../generated/definitions.js';

const AUTOMATION_TABLE = tableOf(modelOfKind('automation'));

/**
 * The automations of the instance, indexed the ways the runner asks for them (docs/automations.md):
 * the after-triggers and before-triggers of each model, the buttons of each model, the schedules,
 * and every automation by name. Read again only when the Automation table's version moved (any
 * save or delete, in any process, moves it), so the runner's loop asks one cheap question a tick.
 */
export class AutomationIndex {
  private constructor(
    readonly version: number,
    readonly byName: ReadonlyMap<string, AutomationDefinition>,
  ) {}

  static readonly EMPTY = new AutomationIndex(-1, new Map());

  /** An index of the given automations (an import's thread is handed its model's before-triggers). */
  static of(automations: AutomationDefinition[]): AutomationIndex {
    return new AutomationIndex(-1, new Map(automations.map((a) => [a.name, a])));
  }

  /** The enabled automations whose record trigger, at `timing`, watches `model`. */
  recordTriggers(model: string, timing: 'after' | 'before'): AutomationDefinition[] {
    return this.enabled().filter((a) => {
      const t = a.trigger;
      return t.type === 'record' && t.model === model && (t.timing ?? 'after') === timing;
    });
  }

  /** The models an enabled after-trigger watches (their tables get the event triggers). */
  watchedModels(): Set<string> {
    return new Set(this.enabled().flatMap((a) => (a.trigger.type === 'record' && (a.trigger.timing ?? 'after') === 'after' ? [a.trigger.model] : [])));
  }

  /** Whether any enabled before-trigger watches the model. */
  guards(model: string): boolean {
    return this.recordTriggers(model, 'before').length > 0;
  }

  /** The enabled button automations of a model. */
  buttons(model: string): AutomationDefinition[] {
    return this.enabled().filter((a) => a.trigger.type === 'button' && a.trigger.model === model);
  }

  /** The enabled schedules, by automation name. */
  schedules(): { name: string; cron: string }[] {
    return this.enabled().flatMap((a) => (a.trigger.type === 'schedule' ? [{ name: a.name, cron: a.trigger.cron }] : []));
  }

  private enabled(): AutomationDefinition[] {
    return [...this.byName.values()].filter((a) => a.enabled !== false);
  }

  /** The Automation table's version in a request's stats snapshot (undefined when it has none). */
  static versionOf(stats: StatsSnapshot | null | undefined): number | undefined {
    return stats?.get(AUTOMATION_TABLE)?.version;
  }

  /** The Automation table's version now. */
  static async versionIn(db: Db): Promise<number> {
    const row = await db.selectFrom('sys_table_stats').select('version').where('tbl', '=', AUTOMATION_TABLE).executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  /** Every automation as stored, at `version`. */
  static async load(defs: Definitions, version: number): Promise<AutomationIndex> {
    const byName = new Map<string, AutomationDefinition>();
    for (const { name } of await defs.list('automation')) {
      const doc = (await defs.find('automation', name)) as unknown as AutomationDefinition | undefined;
      if (doc) byName.set(doc.name, doc);
    }
    return new AutomationIndex(version, byName);
  }
}

/** Whether an update changed one of the fields a record trigger names (any field when it names none). */
export function touches(trigger: RecordTrigger, before: Record<string, unknown> | null, after: Record<string, unknown> | null): boolean {
  if (!trigger.fields?.length || !before || !after) return true;
  return trigger.fields.some((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null));
}
