/**
 * What the record history's routes answer (docs/history.md, "Reading the history"; docs/api.md):
 * shared by the server that reads the history and the screens that show it.
 */
import type { HistoryAction } from './record-history.js';

/** One field's change as the API answers it. */
export interface FieldChangeAnswer {
  field: string;
  /** The model field's label, or its name. */
  label: string;
  /** Before and after as the API answers the record's field (a yes-or-no as true/false); null for none. */
  before: unknown;
  after: unknown;
  /** For a reference: the referenced record's name, when it is there and the caller may read it. */
  beforeName?: string;
  afterName?: string;
  /** The values are kept out of the history (a password, a field the model excludes): before and after are null. */
  kept?: true;
}

/** One entry: who changed the record, when, from where, and which fields. */
export interface HistoryEntryAnswer {
  id: number;
  /** In the global list only (GET /api/history): the model and the record's id. */
  model?: string;
  recordId?: string;
  action: HistoryAction;
  /** ISO date and time, UTC. */
  at: string;
  /** The user at the time (their name as it was then); null for the server's own writes. */
  user: { id: number; name: string | null } | null;
  source: string | null;
  requestId: string | null;
  changes: FieldChangeAnswer[];
}

/** A page of entries, newest first; `next` is the `before` of the next page, null at the end. */
export interface HistoryPage {
  entries: HistoryEntryAnswer[];
  next: number | null;
}
