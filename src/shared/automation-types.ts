/**
 * The automations' API answers (docs/automations.md, docs/api.md "Automations"), shared by the
 * server's routes and the screens (the Runs screens, the designer, the form's and grid's buttons),
 * so both are built to one contract.
 */

/** A run's state: waiting in the queue (or for its next try), being carried out, or ended. */
export type RunState = 'queued' | 'running' | 'done' | 'failed' | 'stopped';

/** What started a run. */
export type RunTrigger = 'insert' | 'update' | 'delete' | 'schedule' | 'button' | 'webhook' | 'before insert' | 'before update';

/** One step's outcome in a run's log. */
export interface RunStepLog {
  /** Where the step sits: "2", or "2.then.1" inside a condition, "3.item 5.1" inside a loop. */
  path: string;
  type: string;
  name?: string;
  ok: boolean;
  /** What the step answered (a written record's id, a webhook's status...). */
  result?: unknown;
  error?: string;
  ms: number;
}

/** A run as the Runs lists show it. */
export interface RunSummary {
  id: string;
  automation: string;
  trigger: RunTrigger;
  model: string | null;
  recordId: string | null;
  state: RunState;
  /** Tries so far (a failed run is tried again, with backoff, up to the automation's retries). */
  attempts: number;
  /** Who triggered it (null: a schedule, a webhook, the server). */
  userName: string | null;
  createdAt: string;
  endedAt: string | null;
  durationMs: number | null;
  /** Why it failed or stopped. */
  error: string | null;
}

/** A run with its input and every step's outcome (GET /api/automations/runs/{id}). */
export interface RunDetail extends RunSummary {
  /** The trigger's data: { record, before, data, user }. */
  input: Record<string, unknown>;
  steps: RunStepLog[];
  /** How deep in a chain of automations this run is (1: started by a person, a schedule or a webhook). */
  depth: number;
  /** When a queued run's next try is due. */
  nextAt: string | null;
}

/** GET /api/automations/runs: newest first; `next` is the `before` of the next page. */
export interface RunPage {
  runs: RunSummary[];
  next: string | null;
}

/** A button automation the caller may run on the model's records (GET /api/automations/buttons/{model}). */
export interface AutomationButton {
  name: string;
  label: string;
}

/** POST /api/automations/{name}/run and POST /api/hooks/{name}/{token}: 202, the queued run. */
export interface RunQueued {
  run: string;
}

/** The run log's page size. */
export const RUNS_PAGE_SIZE = 50;
