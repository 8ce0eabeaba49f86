/**
 * The import jobs as stored (sys_import_jobs): the row a job's thread writes its progress to and
 * every process reads back, and its ImportJob answer. Shared by the server (ImportJobs) and the
 * job's thread (import-run.ts), each over its own connection.
 */
import type { Db, Row } from '../../db/connect.js';
import { IMPORT_REFUSED_LISTED, type ImportFormat, type ImportJob, type ImportMode, type ImportState, type RefusedRow, type ReferenceBy } from '../../../shared/import-types.js';

export const JOBS_TABLE = 'sys_import_jobs';

/** What a job was asked to do, kept with it (the request's mapping and references, the file's headers). */
export interface StoredRequest {
  mapping: Record<string, string | null>;
  references: Record<string, ReferenceBy>;
  /** The file's header cells as they are (the refused file repeats them). */
  header: string[];
}

export interface JobCounts {
  added: number;
  updated: number;
  unchanged: number;
  refused: number;
}

/** The moving part of a job: what its thread writes as it goes. */
export interface JobProgress {
  total: number | null;
  done: number;
  rate: number;
  secondsLeft: number | null;
  counts: JobCounts;
  refused: RefusedRow[];
}

function parsed<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string' || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The row as the answer the API gives. */
export function jobAnswer(r: Row): ImportJob {
  const state = String(r.state) as ImportState;
  const ended = ['done', 'failed', 'cancelled'].includes(state);
  return {
    id: String(r.id),
    model: String(r.model),
    file: { hash: String(r.file_hash), name: String(r.file_name), format: String(r.file_format) as ImportFormat, size: Number(r.file_size) },
    mode: String(r.mode) as ImportMode,
    key: r.key_field === null || r.key_field === undefined ? null : String(r.key_field),
    dryRun: Number(r.dry_run) === 1,
    batches: Number(r.batches) === 1,
    state,
    total: r.total === null || r.total === undefined ? null : Number(r.total),
    done: Number(r.done),
    rate: Number(r.rate),
    secondsLeft: r.seconds_left === null || r.seconds_left === undefined || ended ? null : Number(r.seconds_left),
    counts: { added: Number(r.added), updated: Number(r.updated), unchanged: Number(r.unchanged), refused: Number(r.refused) },
    refused: parsed<RefusedRow[]>(r.refused_list, []).slice(0, IMPORT_REFUSED_LISTED),
    error: parsed<ImportJob['error']>(r.error, null),
    cancelling: Number(r.cancel) === 1 && !ended,
    by: r.by_name === null || r.by_name === undefined ? null : String(r.by_name),
    startedAt: String(r.started_at),
    endedAt: r.ended_at === null || r.ended_at === undefined ? null : String(r.ended_at),
  };
}

/** The columns of a progress, to write. */
export function progressColumns(p: JobProgress): Row {
  return {
    total: p.total,
    done: p.done,
    rate: Math.round(p.rate * 10) / 10,
    seconds_left: p.secondsLeft === null ? null : Math.round(p.secondsLeft),
    added: p.counts.added,
    updated: p.counts.updated,
    unchanged: p.counts.unchanged,
    refused: p.counts.refused,
    refused_list: JSON.stringify(p.refused.slice(0, IMPORT_REFUSED_LISTED)),
  };
}

export class ImportJobTable {
  constructor(private readonly db: Db) {}

  async row(id: string, db: Db = this.db): Promise<Row | undefined> {
    return db.selectFrom(JOBS_TABLE).selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(id: string, values: Row, db: Db = this.db): Promise<void> {
    await db.updateTable(JOBS_TABLE).set(values).where('id', '=', id).execute();
  }

  /** A model's jobs, newest first. */
  async recent(model: string, limit: number): Promise<Row[]> {
    return this.db.selectFrom(JOBS_TABLE).selectAll().where('model', '=', model).orderBy('started_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** Jobs on one file into one model, newest first. */
  async onFile(hash: string, model: string): Promise<Row[]> {
    return this.db.selectFrom(JOBS_TABLE).selectAll().where('file_hash', '=', hash).where('model', '=', model).orderBy('started_at', 'desc').orderBy('id', 'desc').limit(50).execute();
  }

  /** The jobs not ended (queued or running), whoever owns them. */
  async open(): Promise<Row[]> {
    return this.db.selectFrom(JOBS_TABLE).selectAll().where('state', 'in', ['queued', 'running']).orderBy('started_at').execute();
  }
}

/** A stored request, read back. */
export function storedRequest(r: Row): StoredRequest {
  return parsed<StoredRequest>(r.request, { mapping: {}, references: {}, header: [] });
}
