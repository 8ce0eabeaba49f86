/**
 * The import of CSV and XLSX files into a model (docs/import.md), administrators only: the upload
 * and its proposal, the jobs (dry run, import), their progress, cancel and refused rows.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import importRequestSchema from '../../../schemas/import-request.json' with { type: 'json' };
import { IMPORT_SAMPLE_ROWS, type ImportColumn, type ImportEarlier, type ImportFile, type ImportFormat, type ImportJob, type ImportRequest } from '../../shared/import-types.js';
import { ApiError, errors } from '../core/errors.js';
import { authorOf } from '../records/audit-columns.js';
import { checkRequest, importFields, importKeys, importReferences, proposeMapping } from '../ops/import/import-plan.js';
import { checkEncoding, detectFormat, headerNames, ImportFileError, readRows } from '../ops/import/import-read.js';
import { jobAnswer } from '../ops/import/import-table.js';
import { attachment } from './grid-export.js';

export const IMPORT_MISSING_FILE = 'Please select the file to import';
/** Jobs GET /api/import/{model}/jobs lists. */
const RECENT_JOBS = 20;

/** What the upload keeps beside the file, for the jobs on it. */
interface FileInfo {
  name: string;
  size: number;
  format: ImportFormat;
  encoding: string;
  header: string[];
}

const S = 'https://tessera.dev/schemas/api/';
/** The request's schema (schemas/import-request.json) as a route body: the meta-schema line is the file's, not the validator's. */
const { $schema: _metaSchema, ...importRequestBody } = importRequestSchema;
const referenceBy = { anyOf: [{ type: 'string', enum: ['id', 'display'] }, { type: 'object', properties: { field: { type: 'string' } }, required: ['field'] }] };
const stateEnum = { type: 'string', enum: ['queued', 'running', 'done', 'failed', 'cancelled'] };

const jobAnswerSchema = {
  $id: `${S}import-job.json`,
  type: 'object',
  description: 'An import job (src/shared/import-types.ts ImportJob).',
  properties: {
    id: { type: 'string' },
    model: { type: 'string' },
    file: { type: 'object', properties: { hash: { type: 'string' }, name: { type: 'string' }, format: { type: 'string', enum: ['csv', 'xlsx'] }, size: { type: 'integer' } }, required: ['hash', 'name', 'format', 'size'] },
    mode: { type: 'string', enum: ['insert', 'upsert'] },
    key: { type: ['string', 'null'] },
    dryRun: { type: 'boolean' },
    batches: { type: 'boolean' },
    state: stateEnum,
    total: { type: ['integer', 'null'] },
    done: { type: 'integer' },
    rate: { type: 'number' },
    secondsLeft: { type: ['number', 'null'] },
    counts: { type: 'object', properties: { added: { type: 'integer' }, updated: { type: 'integer' }, unchanged: { type: 'integer' }, refused: { type: 'integer' } }, required: ['added', 'updated', 'unchanged', 'refused'] },
    refused: { type: 'array', items: { type: 'object', properties: { line: { type: 'integer' }, reasons: { type: 'array', items: { type: 'string' } } }, required: ['line', 'reasons'] } },
    error: { anyOf: [{ type: 'null' }, { type: 'object', properties: { message: { type: 'string' }, line: { type: 'integer' } }, required: ['message'] }] },
    cancelling: { type: 'boolean' },
    by: { type: ['string', 'null'] },
    startedAt: { type: 'string' },
    endedAt: { type: ['string', 'null'] },
  },
  required: ['id', 'model', 'file', 'mode', 'key', 'dryRun', 'batches', 'state', 'total', 'done', 'rate', 'secondsLeft', 'counts', 'refused', 'error', 'cancelling', 'by', 'startedAt', 'endedAt'],
};

const fileAnswerSchema = {
  type: 'object',
  description: 'The uploaded file read: its columns, the proposed mapping, the model\'s fields, keys and references, and earlier jobs on it (ImportFile).',
  properties: {
    file: { type: 'string' },
    name: { type: 'string' },
    size: { type: 'integer' },
    format: { type: 'string', enum: ['csv', 'xlsx'] },
    columns: { type: 'array', items: { type: 'object', properties: { index: { type: 'integer' }, header: { type: 'string' }, sample: { type: 'array', items: { type: 'string' } } }, required: ['index', 'header', 'sample'] } },
    fields: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, label: { type: 'string' }, type: { type: 'string' }, required: { type: 'boolean' }, unique: { type: 'boolean' } }, required: ['name', 'label', 'type', 'required', 'unique'] },
    },
    mapping: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
    keys: { type: 'array', items: { type: 'string' } },
    references: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, label: { type: 'string' }, target: { type: 'string' }, unique: { type: 'array', items: { type: 'string' } }, proposed: referenceBy },
        required: ['field', 'label', 'target', 'unique', 'proposed'],
      },
    },
    earlier: {
      type: 'array',
      items: {
        type: 'object',
        properties: { job: { type: 'string' }, mode: { type: 'string' }, dryRun: { type: 'boolean' }, state: stateEnum, at: { type: 'string' }, by: { type: ['string', 'null'] } },
        required: ['job', 'mode', 'dryRun', 'state', 'at', 'by'],
      },
    },
  },
  required: ['file', 'name', 'size', 'format', 'columns', 'fields', 'mapping', 'keys', 'references', 'earlier'],
};

/** Documents the multipart form; the handler reads and checks it. */
const uploadBody = {
  type: 'object',
  properties: {
    file: { type: 'string', format: 'binary', description: 'The CSV or XLSX file.' },
    encoding: { type: 'string', description: "A CSV's text encoding: utf-8 (the default, strict), windows-1252, iso-8859-1, utf-16le..." },
  },
  required: ['file'],
};

const modelParams = { type: 'object', properties: { model: { type: 'string', maxLength: 64 } }, required: ['model'] };
const idParams = { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9a-f]{32}$' } }, required: ['id'] };

/** A date as the 409's message shows it: YYYY-MM-DD HH:MM (UTC). */
function shownDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export async function importRoutes(app: FastifyInstance): Promise<void> {
  const { config, store, imports } = app.services;
  const maxBytes = Math.floor(config.importMaxMb * 1024 * 1024);
  const tooLarge = () => new ApiError(413, 'TOO_LARGE', `The file is larger than the ${config.importMaxMb} MiB an import accepts (IMPORT_MAX_MB)`);
  const dir = imports.dir;
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });
  app.addSchema(jobAnswerSchema);

  /** The model an import may write: a registered model that is not one of the system's own. */
  function importModel(name: string) {
    const model = store.find(name);
    if (!model) throw errors.notFound(`The model '${name.slice(0, 64)}'`);
    if (store.definitionOf(model.name)?.system) throw errors.invalid(`The system model ${model.name} cannot be imported into`);
    return model;
  }

  async function fileInfo(hash: string): Promise<FileInfo | undefined> {
    try {
      return JSON.parse(await readFile(join(dir, `${hash}.json`), 'utf8')) as FileInfo;
    } catch {
      return undefined;
    }
  }

  app.post<{ Params: { model: string } }>(
    '/api/import/:model/files',
    {
      config: { access: 'admin' },
      schema: { summary: 'Uploads a CSV or XLSX file to import into a model (multipart form) and answers its columns and the proposed mapping', params: modelParams, consumes: ['multipart/form-data'], body: uploadBody, response: { 200: fileAnswerSchema } },
      // The form arrives as a stream and is checked by the handler.
      validatorCompiler: () => () => true,
    },
    async (req): Promise<ImportFile> => {
      const model = importModel(req.params.model);
      if (!req.isMultipart()) throw errors.invalid(IMPORT_MISSING_FILE);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const part = join(dir, `upload-${randomBytes(8).toString('hex')}.part`);
      let name = '';
      let size = 0;
      let hash = '';
      const fields: Record<string, string> = {};
      try {
        try {
          for await (const p of req.parts()) {
            if (p.type === 'file') {
              if (p.fieldname !== 'file' || name) {
                p.file.resume();
                continue;
              }
              const digest = createHash('sha256');
              const hashing = new Transform({
                transform(chunk: Buffer, _enc, done) {
                  digest.update(chunk);
                  size += chunk.length;
                  done(null, chunk);
                },
              });
              await pipeline(p.file, hashing, createWriteStream(part, { mode: 0o600 }));
              if (p.file.truncated) throw tooLarge();
              hash = digest.digest('hex');
              name = p.filename || 'import';
            } else fields[p.fieldname] = String(p.value);
          }
        } catch (e) {
          const code = (e as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          const status = (e as { statusCode?: number }).statusCode;
          if (e instanceof ApiError || (status !== undefined && status < 500) || /^E[A-Z]+$/.test(code ?? '')) throw e;
          throw errors.invalid(`${IMPORT_MISSING_FILE}: the upload is not a readable multipart form`);
        }
        if (!name || size === 0) throw errors.invalid(name ? 'The file is empty' : IMPORT_MISSING_FILE);
        const target = join(dir, hash);
        await rename(part, target);
        let info: FileInfo;
        const samples: string[][] = [];
        try {
          const encoding = checkEncoding(fields.encoding);
          const format = await detectFormat(target);
          let header: string[] | undefined;
          for await (const row of readRows(target, format, encoding)) {
            if (!header) {
              header = row.cells;
              continue;
            }
            if (row.cells.length > header.length && row.cells.slice(header.length).some((c) => c.trim() !== '')) {
              throw new ImportFileError(`The row has ${row.cells.length} cells where the header has ${header.length}`, row.line);
            }
            samples.push(row.cells);
            if (samples.length >= IMPORT_SAMPLE_ROWS) break;
          }
          if (!header || header.every((c) => c.trim() === '')) throw new ImportFileError('The file has no header row: its first line must name the columns');
          info = { name, size, format, encoding, header };
        } catch (e) {
          if (e instanceof ImportFileError) throw errors.invalid(e.message);
          throw e;
        }
        await writeFile(join(dir, `${hash}.json`), JSON.stringify(info), { mode: 0o600 });
        const headers = headerNames(info.header);
        const columns: ImportColumn[] = headers.map((header, index) => ({ index, header, sample: samples.map((s) => s[index] ?? '') }));
        const earlier: ImportEarlier[] = (await imports.table.onFile(hash, model.name)).map((r) => {
          const j = jobAnswer(r);
          return { job: j.id, mode: j.mode, dryRun: j.dryRun, state: j.state, at: j.startedAt, by: j.by };
        });
        return {
          file: hash,
          name,
          size,
          format: info.format,
          columns,
          fields: importFields(model),
          mapping: proposeMapping(headers, model),
          keys: importKeys(model),
          references: importReferences(model, (n) => store.find(n)),
          earlier,
        };
      } finally {
        await rm(part, { force: true });
      }
    },
  );

  app.post<{ Params: { model: string }; Body: ImportRequest }>(
    '/api/import/:model/jobs',
    {
      config: { access: 'admin' },
      schema: { summary: 'Starts a dry run or an import of an uploaded file', params: modelParams, body: importRequestBody, response: { 202: { $ref: `${S}import-job.json#` } } },
    },
    async (req, reply): Promise<ImportJob> => {
      const model = importModel(req.params.model);
      const body = req.body;
      const info = await fileInfo(body.file);
      if (!info) throw errors.invalid(`No uploaded file has the hash '${body.file}': upload it first`, [{ pointer: '/file', message: 'is not an uploaded file' }]);
      const headers = headerNames(info.header);
      const references = checkRequest(body, model, headers, (n) => store.find(n));
      if (body.mode === 'insert' && !body.dryRun && body.again !== true) {
        const before = (await imports.table.onFile(body.file, model.name)).find((r) => r.mode === 'insert' && Number(r.dry_run) === 0 && r.state === 'done');
        if (before) {
          const by = before.by_name ? ` by ${String(before.by_name)}` : '';
          throw errors.importDoneBefore(`This file was already imported into ${model.name} on ${shownDate(String(before.ended_at ?? before.started_at))}${by}. Import it again?`);
        }
      }
      const id = randomBytes(16).toString('hex');
      const by = { id: authorOf(req.user), name: req.user?.user ?? null };
      const mapping = Object.fromEntries(Object.entries(body.mapping).filter(([, f]) => f !== null));
      const job = await imports.create(
        {
          id,
          model: model.name,
          path: join(dir, body.file),
          refusedPath: join(dir, `${id}.refused.csv`),
          format: info.format,
          encoding: info.encoding,
          mapping,
          mode: body.mode,
          key: body.mode === 'upsert' ? (body.key ?? null) : null,
          references,
          dryRun: body.dryRun,
          batches: body.batches === true,
          by,
          columns: await imports.columnsFor(model.name),
        },
        {
          model: model.name,
          file_hash: body.file,
          file_name: info.name,
          file_format: info.format,
          file_size: info.size,
          encoding: info.encoding,
          mode: body.mode,
          key_field: body.mode === 'upsert' ? (body.key ?? null) : null,
          dry_run: body.dryRun ? 1 : 0,
          batches: body.batches === true ? 1 : 0,
          request: JSON.stringify({ mapping, references, header: info.header }),
          by_id: by.id,
          by_name: by.name,
        },
      );
      return reply.status(202).send(job);
    },
  );

  app.get<{ Params: { model: string } }>(
    '/api/import/:model/jobs',
    { config: { access: 'admin' }, schema: { summary: "A model's recent import jobs, newest first", params: modelParams, response: { 200: { type: 'array', items: { $ref: `${S}import-job.json#` } } } } },
    async (req): Promise<ImportJob[]> => {
      const model = importModel(req.params.model);
      const rows = await imports.table.recent(model.name, RECENT_JOBS);
      return Promise.all(rows.map(async (r) => (await imports.get(String(r.id))) ?? jobAnswer(r)));
    },
  );

  async function job(id: string): Promise<ImportJob> {
    const found = await imports.get(id);
    if (!found) throw errors.notFound(`The import job '${id}'`);
    return found;
  }

  app.get<{ Params: { id: string } }>(
    '/api/import/jobs/:id',
    { config: { access: 'admin' }, schema: { summary: 'An import job: its state, progress, counts and first refused rows', params: idParams, response: { 200: { $ref: `${S}import-job.json#` } } } },
    async (req) => job(req.params.id),
  );

  app.post<{ Params: { id: string } }>(
    '/api/import/jobs/:id/cancel',
    { config: { access: 'admin' }, schema: { summary: 'Asks an import job to stop (all or nothing: nothing stays written)', params: idParams, response: { 200: { $ref: `${S}import-job.json#` } } } },
    async (req) => {
      await job(req.params.id);
      return (await imports.cancel(req.params.id)) as ImportJob;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/import/jobs/:id/refused',
    { config: { access: 'admin' }, schema: { summary: "The refused rows as CSV: the file's columns and a Reason column", params: idParams, produces: ['text/csv'] } },
    async (req, reply) => {
      const found = await job(req.params.id);
      const path = join(dir, `${found.id}.refused.csv`);
      const size = await stat(path).then((s) => s.size).catch(() => -1);
      if (size < 0) throw errors.notFound(`The refused rows of the import job '${found.id}'`);
      const base = found.file.name.replace(/\.(csv|xlsx)$/i, '');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${base}-refused.csv`))
        .header('cache-control', 'no-store')
        .send(createReadStream(path));
    },
  );
}
