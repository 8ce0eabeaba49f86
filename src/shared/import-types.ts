/**
 * The import of CSV and XLSX files into a model (docs/import.md): what the server answers and the
 * client reads. Types and constants only; both sides load it.
 *
 * The flow: the file is uploaded once (POST /api/import/{model}/files) and named by its SHA-256;
 * a job is started on it (POST /api/import/{model}/jobs), a dry run first, then the import; the
 * job runs on the server whatever the browser does, and is read back (GET /api/import/jobs/{id})
 * until it ends.
 */

/** The formats an import reads. */
export type ImportFormat = 'csv' | 'xlsx';

/** insert: every row is a new record. upsert: a row whose key matches a record updates it, the others are added. */
export type ImportMode = 'insert' | 'upsert';

/** How a reference column's cell names its record: its id, the target model's display, or one of the target's unique fields. */
export type ReferenceBy = 'id' | 'display' | { field: string };

/** One column of the uploaded file. */
export interface ImportColumn {
  /** 0-based position in the file. */
  index: number;
  /** The header cell, trimmed; `Column N` (1-based) when the header cell is empty. */
  header: string;
  /** The first few values below the header (at most IMPORT_SAMPLE_ROWS), as text. */
  sample: string[];
}

/** A reference field of the model and the ways its cells can name the target. */
export interface ImportReference {
  field: string;
  label: string;
  /** The target model. */
  target: string;
  /** The target's unique fields, usable as `{ field }`. */
  unique: string[];
  /** What the proposal uses: 'display' when the target has a display, else 'id'. */
  proposed: ReferenceBy;
}

/** A field a row may be mapped to. */
export interface ImportField {
  name: string;
  label: string;
  type: string;
  required: boolean;
  unique: boolean;
}

/** An earlier job on the same file and model (the file is known by its hash). */
export interface ImportEarlier {
  job: string;
  mode: ImportMode;
  dryRun: boolean;
  state: ImportState;
  at: string;
  by: string | null;
}

/** What POST /api/import/{model}/files answers. */
export interface ImportFile {
  /** The file's SHA-256 in hex: the name a job gives it. */
  file: string;
  name: string;
  size: number;
  format: ImportFormat;
  columns: ImportColumn[];
  /** The model's fields a column can fill (not the audit fields, not link fields). */
  fields: ImportField[];
  /** The proposed mapping: header -> field name, matched by name or label, case-insensitive; null: skipped. */
  mapping: Record<string, string | null>;
  /** The fields that can key an upsert: 'id' and the unique fields. */
  keys: string[];
  references: ImportReference[];
  /** Earlier jobs on this file into this model, newest first. */
  earlier: ImportEarlier[];
}

/** The body of POST /api/import/{model}/jobs. */
export interface ImportRequest {
  file: string;
  /** Header -> field name; a header left out or mapped to null is skipped. */
  mapping: Record<string, string | null>;
  mode: ImportMode;
  /** The field that matches a row to a record in upsert mode ('id' or a unique field). */
  key?: string;
  /** Per reference field; the proposal's `proposed` when left out. */
  references?: Record<string, ReferenceBy>;
  /** Count and check only: nothing is written. */
  dryRun: boolean;
  /** Committed batches with a checkpoint instead of one transaction (very large files). */
  batches?: boolean;
  /** Import a file already imported in insert mode anyway (else 409 IMPORT_DONE_BEFORE). */
  again?: boolean;
}

export type ImportState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** A row the import refuses, with its line in the file (1 is the header) and why. */
export interface RefusedRow {
  line: number;
  reasons: string[];
}

/** What GET /api/import/jobs/{id} answers (and POST .../jobs, .../cancel). */
export interface ImportJob {
  id: string;
  model: string;
  file: { hash: string; name: string; format: ImportFormat; size: number };
  mode: ImportMode;
  key: string | null;
  dryRun: boolean;
  batches: boolean;
  state: ImportState;
  /** Data rows in the file, once counted; null before. */
  total: number | null;
  /** Rows read so far. */
  done: number;
  /** Rows per second over the job so far; 0 before the first batch. */
  rate: number;
  /** Seconds left at that rate; null when not known. */
  secondsLeft: number | null;
  counts: { added: number; updated: number; unchanged: number; refused: number };
  /** The first IMPORT_REFUSED_LISTED refused rows; all are in the refused file. */
  refused: RefusedRow[];
  /** Why a failed job failed, with the line when a row caused it. */
  error: { message: string; line?: number } | null;
  /** A cancel was asked and the job has not stopped yet. */
  cancelling: boolean;
  by: string | null;
  startedAt: string;
  endedAt: string | null;
}

/** Sample values per column in the file answer. */
export const IMPORT_SAMPLE_ROWS = 5;
/** Refused rows a job answer lists; the refused file has them all. */
export const IMPORT_REFUSED_LISTED = 100;
