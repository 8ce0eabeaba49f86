import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { Definition } from '../definitions/definitions.js';
import type { ModelStore } from '../records/model-store.js';
import { EXPORT_TYPES, exportable, exportStream, type ExportColumn, type ExportFormat } from '../records/record-export.js';
import type { Permit } from '../http/grants.js';
import { modelOf } from '../../shared/contract.js';
import { MAX_USER_FILTER_LENGTH } from './grid-user-filter.js';
import { gridReads, type GridDoc, type Query } from './grids.js';

/** Rows read from the database at a time: large enough that a chunk's statements cost little, small enough to stay flat. */
const EXPORT_CHUNK = 1000;

export interface ExportQuery extends Query {
  format?: ExportFormat;
  /** '1': a CSV begins with a byte order mark (Excel's way to know it is UTF-8). */
  bom?: '0' | '1';
}

const exportQuery = {
  type: 'object',
  properties: {
    format: { type: 'string', enum: ['csv', 'xlsx'] },
    bom: { type: 'string', enum: ['0', '1'] },
    search: { type: 'string', maxLength: 200 },
    sort: { type: 'string', maxLength: 64 },
    dir: { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] },
    record: { type: 'string', maxLength: 64 },
    filter: { type: 'string', maxLength: MAX_USER_FILTER_LENGTH },
  },
  additionalProperties: false,
};

/**
 * The columns a grid shows the caller, in its order, with their headings: not the ones it hides,
 * nor those the caller's permit hides from them, nor a link or password field (no value to give).
 */
export function exportColumns(store: ModelStore, grid: Definition & GridDoc, permit: Permit): ExportColumn[] {
  const model = store.get(modelOf(grid));
  const seen = new Set<string>();
  const out: ExportColumn[] = [];
  for (const f of grid.definition ?? []) {
    if (f.hide === true || permit.hidden.has(f.name) || !exportable(model, f.name)) continue;
    // The same field twice is one column of a file (the second heading would only repeat it).
    if (seen.has(f.name)) continue;
    seen.add(f.name);
    out.push({ name: f.name, label: f.label?.trim() || f.name });
  }
  return out;
}

/** YYYY-MM-DD of today, in the server's time zone: the day in the file's name. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** An attachment's Content-Disposition: an ASCII name for old clients and the exact one (RFC 6266, filename*). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export interface PreparedExport {
  /** The rows the file will hold. */
  count: number;
  /** The file's name: `<grid>-<YYYY-MM-DD>.<format>`. */
  filename: string;
  stream: Readable;
}

/**
 * The export of a grid for this caller, ready to send: everything that can be refused (the grant,
 * the filter, the sort) is checked, the count taken and the first rows read before it answers, so
 * a refusal is an ordinary JSON error and only a failure while streaming aborts the download.
 */
export async function prepareExport(store: ModelStore, reads: ReturnType<typeof gridReads>, req: FastifyRequest<{ Params: { name: string }; Querystring: ExportQuery }>): Promise<PreparedExport> {
  const format: ExportFormat = req.query.format ?? 'csv';
  const { grid, permit } = await reads.permittedGrid(req, undefined, 'export');
  const model = modelOf(grid);
  const q = await reads.callersQuery(req, grid, permit);
  const count = await store.count(model, q);
  const rows = store.stream(model, q, EXPORT_CHUNK);
  const first = await rows.next();
  async function* chunks() {
    try {
      if (!first.done) yield first.value;
      yield* rows;
    } finally {
      // Left before the end (the reader went away): the cursor is let go of.
      await rows.return(undefined);
    }
  }
  const stream = exportStream(store.get(model), exportColumns(store, grid, permit), chunks(), { format, bom: req.query.bom === '1', sheet: grid.name });
  // A download given up before its first chunk was asked for never enters chunks(): its cursor goes here.
  stream.once('close', () => void rows.return(undefined));
  return { count, filename: `${grid.name}-${today()}.${format}`, stream };
}

export async function gridExportRoutes(app: FastifyInstance): Promise<void> {
  const { store, defs } = app.services;
  const reads = gridReads(store, defs);

  app.get<{ Params: { name: string }; Querystring: ExportQuery }>(
    '/api/grid/:name/export',
    { config: { access: 'definition' }, schema: { querystring: exportQuery } },
    async (req, reply) => {
      const { count, filename, stream } = await prepareExport(store, reads, req);
      return reply
        .type(EXPORT_TYPES[req.query.format ?? 'csv'])
        .header('content-disposition', attachment(filename))
        .header('x-total-count', String(count))
        // The file is made for this caller now: no cache may keep or hand it to another.
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
