import type { Row } from '../../db/connect.js';
import type { ModelDefinition } from '../../records/model-types.js';
import type { ModelStore } from '../../records/model-store.js';
import { renderTemplate, renderTemplateValue, templatePaths, type TemplatePath } from '../../../shared/template.js';

/**
 * What an automation run's templates read (docs/automations.md, "Templates"): the values of its
 * roots, and the records a reference field names, read by id through the model store.
 *
 * - `record`, `before`, `item` and `user` are records of a model: a path reads their fields and
 *   `id`; a reference field alone is the id it holds (`{{record.book}}`), and a path that goes on
 *   past it reads the record it names (`{{record.member.email}}`: the loan's member's address), up
 *   to MAX_HOPS references deep. Only the model's fields are read (no `_version`, no `_labels`);
 *   a link field reads nothing; a json field's path goes on into its value.
 * - A password field is never read, in a root or through a reference: it renders as nothing,
 *   whatever the values handed in hold (a hash, or a password typed in a form before its write).
 * - `data` and `steps` are plain values (a webhook's body, the steps' results): a path reads own
 *   properties of objects and numeric indexes of arrays, nothing inherited (no `constructor`).
 *   `steps` is read when a template is rendered, so a run may hand the object it adds results to.
 * - `now` is the run's time in ISO 8601 (UTC), the same for every template of the run.
 *
 * Reading is in two halves, because rendering is synchronous (src/shared/template.ts):
 * `prepare(texts)` reads, once each, every record the templates reach through references, and
 * `lookup(path)` then answers from what it read (a record not prepared reads as missing);
 * `render` and `renderValue` do both. The reads are kept for the scope and the scopes made from it
 * with `with` (a loop's items); `forget()` drops them, for a run whose steps wrote records since.
 * A record that is missing, or an id no record can have, reads as nothing, never as an error.
 *
 * Templates read as the automation, not as a user: the administrator who wrote them chose what they
 * read. What a step then writes goes through the run-as user's forms and grants.
 */

/** A record as a root of the templates: its model's name and its values (its id under `id`). */
export interface ScopedRecord {
  model: string;
  values: Readonly<Row>;
}

/** The values a run's templates start from (src/shared/template.ts, TEMPLATE_ROOTS). */
export interface TemplateRoots {
  /** The trigger's record as written (or being written, before a write). */
  record?: ScopedRecord | null;
  /** Its values before an update or a delete. */
  before?: ScopedRecord | null;
  /** The record a loop's steps run for. */
  item?: ScopedRecord | null;
  /** The user who triggered the run, or the run-as user (a record of User). */
  user?: ScopedRecord | null;
  /** The trigger's data (a webhook's body...), plain JSON. */
  data?: unknown;
  /** The named steps' results so far, by step name. */
  steps?: Readonly<Record<string, unknown>>;
  /** The run's time (default: when the scope is made). */
  now?: Date;
}

/** How many references a path may go through (`record.loan.member.branch.name` is three). */
export const MAX_HOPS = 3;

const RECORD_ROOTS = ['record', 'before', 'item', 'user'] as const;
type RecordRoot = (typeof RECORD_ROOTS)[number];

/** A record the path needs read before it can be answered. */
interface Need {
  model: string;
  id: unknown;
}

type Resolved = { value: unknown } | { need: Need };

const MISSING: Resolved = { value: undefined };

/** The key of a record in the read cache (a model name holds no NUL). */
function keyOf(model: string, id: unknown): string {
  return `${model}\u0000${String(id)}`;
}

/** Follows a path's remaining segments into a plain value: own properties and array indexes only. */
function walkPlain(value: unknown, rest: readonly string[]): unknown {
  let at = value;
  for (const segment of rest) {
    if (at === null || typeof at !== 'object') return undefined;
    if (Array.isArray(at)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined;
      at = at[Number(segment)];
    } else {
      if (at instanceof Date || !Object.hasOwn(at, segment)) return undefined;
      at = (at as Record<string, unknown>)[segment];
    }
  }
  return at;
}

/** A record as `{{record}}` shows it: its id and its readable fields' values, passwords and links left out. */
function recordView(model: ModelDefinition, values: Readonly<Row>): Row {
  const out: Row = {};
  if (Object.hasOwn(values, 'id')) out.id = values.id;
  for (const f of model.fields) {
    if (f.type === 'password' || f.type === 'link' || !Object.hasOwn(values, f.name)) continue;
    out[f.name] = values[f.name];
  }
  return out;
}

export class TemplateScope {
  private readonly now: string;

  /**
   * @param store the model store to read referenced records through (a transaction's scoped one
   *   for a run inside a write)
   * @param reads the read cache, shared with the scope this one was made from (`with`)
   */
  constructor(
    private readonly store: ModelStore,
    private readonly roots: TemplateRoots,
    private readonly reads: Map<string, Row | null> = new Map(),
  ) {
    this.now = (roots.now ?? new Date()).toISOString();
  }

  /** A scope with some roots replaced (a loop's `item`), sharing this one's reads and its time. */
  with(roots: Partial<TemplateRoots>): TemplateScope {
    return new TemplateScope(this.store, { ...this.roots, now: new Date(this.now), ...roots }, this.reads);
  }

  /** Drops the records read so far, so later templates read them again (after a step wrote some). */
  forget(): void {
    this.reads.clear();
  }

  /** Reads, once each, every record the templates reach through references. Never throws for a template or a record. */
  async prepare(texts: Iterable<unknown>): Promise<void> {
    for (const text of texts) {
      if (typeof text !== 'string') continue;
      for (const path of templatePaths(text)) {
        // Each pass reads one more record along the path; MAX_HOPS reads at most.
        for (let pass = 0; pass <= MAX_HOPS; pass++) {
          const resolved = this.resolve(path);
          if (!('need' in resolved)) break;
          await this.read(resolved.need);
        }
      }
    }
  }

  /** A path's value from the roots and the records prepared (undefined: none). For renderTemplate. */
  readonly lookup = (path: TemplatePath): unknown => {
    const resolved = this.resolve(path);
    return 'value' in resolved ? resolved.value : undefined;
  };

  /** A template as text (StepContext.render). */
  async render(template: string): Promise<string> {
    await this.prepare([template]);
    return renderTemplate(template, this.lookup);
  }

  /** A step setting's value: one placeholder alone keeps its value's type, other text renders, anything else is itself (StepContext.renderValue). */
  async renderValue(value: unknown): Promise<unknown> {
    await this.prepare([value]);
    return renderTemplateValue(value, this.lookup);
  }

  private async read(need: Need): Promise<void> {
    const key = keyOf(need.model, need.id);
    if (this.reads.has(key)) return;
    let row: Row | null;
    try {
      row = (await this.store.get1(need.model, need.id)) ?? null;
    } catch {
      // A model since deleted, an id no record can have: nothing to read.
      row = null;
    }
    this.reads.set(key, row);
  }

  private resolve(path: TemplatePath): Resolved {
    const [root, ...rest] = path;
    if (root === 'now') return rest.length === 0 ? { value: this.now } : MISSING;
    if (root === 'data') return { value: walkPlain(this.roots.data, rest) };
    if (root === 'steps') return { value: walkPlain(this.roots.steps, rest) };
    if ((RECORD_ROOTS as readonly string[]).includes(root ?? '')) {
      const start = this.roots[root as RecordRoot];
      return start ? this.resolveRecord(start, rest) : MISSING;
    }
    return MISSING;
  }

  /** A path into a record, going on through its references into the records they name. */
  private resolveRecord(start: ScopedRecord, rest: readonly string[]): Resolved {
    let model = this.store.find(start.model);
    let values = start.values;
    let hops = 0;
    for (let i = 0; model; i++) {
      if (i === rest.length) return { value: recordView(model, values) };
      const segment = rest[i] as string;
      if (segment === 'id') return { value: walkPlain(values.id, rest.slice(i + 1)) };
      const field = model.fields.find((f) => f.name === segment);
      if (!field || field.type === 'password' || field.type === 'link') return MISSING;
      const value = Object.hasOwn(values, segment) ? values[segment] : undefined;
      if (field.type !== 'reference' || i === rest.length - 1) return { value: walkPlain(value, rest.slice(i + 1)) };
      // On through the reference to the record it names.
      if (value === null || value === undefined || value === '' || hops === MAX_HOPS || !field.target) return MISSING;
      const key = keyOf(field.target, value);
      if (!this.reads.has(key)) return { need: { model: field.target, id: value } };
      const row = this.reads.get(key);
      if (!row) return MISSING;
      model = this.store.find(field.target);
      values = row;
      hops++;
    }
    return MISSING;
  }
}
