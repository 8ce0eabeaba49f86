/**
 * The forms, grids and selects by the model they read: what the grant checks over a model
 * (readable.ts readableReach, permissions.ts formPermits, the choices route) walk on every picker
 * keystroke and every grid page with reference columns. Listing each kind and reading every
 * definition on each request cost a look-up per definition; the index is built once per change of
 * the three tables (their versions in the request's stats snapshot move with every save, in any
 * server process) and shared by every request until then.
 */
import { isModel, modelKey } from '../../shared/contract.js';
import type { Definition } from './definition-versions.js';

/** The kinds of definition that read a model's records, in the order the checks walk them. */
export const READER_KINDS = ['form', 'grid', 'select'] as const;
export type ReaderKind = (typeof READER_KINDS)[number];

/** One form, grid or select, as stored. */
export interface Reader {
  kind: ReaderKind;
  name: string;
  def: Definition;
  /** The model it reads: its `model`, or User for a form or grid without one; none for a select of fixed items. */
  model?: string;
}

/** The model a form, grid or select reads; none for a select of fixed items. */
export function readModel(kind: ReaderKind, def: object): string | undefined {
  const model = (def as { model?: unknown }).model;
  if (typeof model === 'string') return model;
  return kind === 'select' ? undefined : 'User';
}

export class ReaderIndex {
  private readonly byModel = new Map<string, Reader[]>();
  private readonly byKind = new Map<ReaderKind, Reader[]>();

  /** `readers` by kind (forms, grids, selects), each kind by name: the order of Definitions.list. */
  constructor(readers: readonly Reader[]) {
    for (const r of readers) {
      const kind = this.byKind.get(r.kind) ?? [];
      kind.push(r);
      this.byKind.set(r.kind, kind);
      if (r.model === undefined) continue;
      const key = modelKey(r.model);
      const over = this.byModel.get(key) ?? [];
      over.push(r);
      this.byModel.set(key, over);
    }
  }

  /** Every definition of a kind, by name. */
  of(kind: ReaderKind): readonly Reader[] {
    return this.byKind.get(kind) ?? [];
  }

  /** The definitions reading `model` (compared as tables are: isModel), forms then grids then selects, each by name. */
  over(model: string): readonly Reader[] {
    return (this.byModel.get(modelKey(model)) ?? []).filter((r) => isModel(r.model, model));
  }
}
