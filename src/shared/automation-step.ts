/**
 * The contract of an automation step type (docs/automations.md, "Step types"): a folder under
 * plugins/steps/ holds its settings' schema (schema.json, which the designer's panel is made from
 * and every save is checked against) and its runner (run.ts, the server's, which gets everything
 * it may do through the StepContext it is handed: no step reaches the database, the network or
 * the mail server any other way). Isomorphic and free of imports, so a step folder can be lifted
 * into another repository with the kit's re-export of it (src/plugin-kit/steps.ts).
 */

/** When a step may run: after a change (queued, outside the request) or before it (in its transaction). */
export type StepTiming = 'after' | 'before';

/** A step as an automation's definition holds it: its type and its own settings. */
export interface StepSettings {
  type: string;
  name?: string;
}

/** A record as templates and conditions read it: field name to value, its id under `id`. */
export type StepRecord = Record<string, unknown>;

/** What a record step answers. */
export interface WrittenRecord {
  id: string | number;
}

/** A webhook's answer as the step sees it. */
export interface WebhookAnswer {
  status: number;
  /** The first 2,000 characters of the answer's body. */
  body: string;
  /** Tries it took (1 when the first one answered). */
  tries: number;
}

export interface StepContext {
  /** When this run runs. */
  readonly timing: StepTiming;
  /** The run's id and this step's place in it: the same on every retry, so a receiver can drop a repeat. */
  readonly idempotencyKey: string;
  /** Aborted when the run's time budget is spent. */
  readonly signal: AbortSignal;
  /**
   * A template over the run's values (`{{record.title}}`, `{{before.status}}`, `{{user.email}}`,
   * `{{now}}`, `{{data.x}}`, `{{item.x}}`, `{{steps.<name>.id}}`; a reference field's path goes on
   * to the record it names: `{{record.member.email}}`), as text. No code runs: a path is looked up.
   */
  render(template: string): Promise<string>;
  /** As render, but a string that is one template alone keeps the value's type (a number stays a number); a non-string is itself. */
  renderValue(value: unknown): Promise<unknown>;
  /** Whether a filter (docs/filters.md) holds over the trigger's record as written, or as it was before. */
  matches(filter: unknown, on: 'record' | 'before'): Promise<boolean>;
  /** Record writes through a form as the run-as user: the form's fields, checks and grants apply. */
  records: {
    create(form: string, values: StepRecord): Promise<WrittenRecord>;
    update(form: string, id: string, values: StepRecord): Promise<WrittenRecord>;
    delete(form: string, id: string): Promise<WrittenRecord>;
    /** Up to `limit` records of a model a filter finds, oldest first. */
    find(model: string, filter: unknown, limit: number): Promise<StepRecord[]>;
  };
  /** Sends a plain-text message through the SMTP server of Settings. */
  mail(message: { to: string; subject: string; text: string }): Promise<void>;
  /**
   * POSTs JSON to an http(s) url that does not reach a loopback or private address (unless its
   * host is allowed: AUTOMATION_ALLOWED_HOSTS), retrying with backoff; signs it when given a secret.
   */
  postJson(url: string, body: unknown, options: { timeoutMs: number; retries: number; secret?: string }): Promise<WebhookAnswer>;
  /** Runs nested steps (a condition's Then, a loop's body), a loop's record as their templates' `item`. */
  runSteps(steps: readonly StepSettings[], values?: { item?: { model: string; record: StepRecord } }): Promise<void>;
  /** Before a write only: sets fields of the record being written. */
  setFields(values: StepRecord): void;
  /** Before a write only: refuses the write; the person sees the message. */
  refuse(message: string): never;
  /** The data of the trigger (a webhook's body, the record and its values before). */
  readonly data: Readonly<Record<string, unknown>>;
}

export interface StepType<S extends StepSettings = StepSettings> {
  /** The `type` a definition names it by (the schema's `properties.type.const`). */
  type: S['type'];
  /** When it may run: a step that only makes sense before a write (Set fields) says so. */
  timings: readonly StepTiming[];
  /** Carries the step out; what it answers is logged as the step's result and is `{{steps.<name>}}` to later steps. */
  run(step: S, context: StepContext): Promise<unknown>;
}

/** A step folder's run.ts default-exports this. */
export function defineStep<S extends StepSettings>(step: StepType<S>): StepType<S> {
  return step;
}
