import type { FastifyInstance } from 'fastify';
import { ACCESS_LOG_MAX_LIMIT, type AccessLogQuery } from '../ops/access-log.js';

const logBody = {
  $id: 'https://tessera.dev/schemas/api/access-log-query.json',
  type: 'object',
  properties: {
    start: { type: 'integer', minimum: 0, description: 'Entries to skip (oldest first); default 0.' },
    limit: { type: 'integer', minimum: 1, maximum: ACCESS_LOG_MAX_LIMIT, description: 'Entries to answer at most; default 50.' },
    fromDate: { type: 'string', format: 'date-time', description: 'The first instant wanted (inclusive), e.g. 2026-11-23T00:00:00.000Z.' },
    untilDate: { type: 'string', format: 'date-time', description: 'The last instant wanted (inclusive).' },
  },
  additionalProperties: false,
};

const entry = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    timestamp: { type: 'string', format: 'date-time', description: 'ISO 8601, UTC.' },
    level: { type: 'string', enum: ['info', 'warn', 'error'], description: 'error for 5xx, warn for 4xx, info otherwise.' },
    message: { type: 'string', description: 'The line a person reads: `GET /api/x 404 3.2ms user=admin id=req-f ip=127.0.0.1`.' },
    method: { type: 'string' },
    path: { type: 'string', description: 'Without the query string.' },
    status: { type: 'integer' },
    durationMs: { type: 'number' },
    user: { type: ['string', 'null'], description: 'The signed-in user, null for anonymous callers.' },
    requestId: { type: 'string' },
    address: { type: 'string' },
  },
  required: ['id', 'timestamp', 'level', 'message', 'method', 'path', 'status', 'durationMs', 'user', 'requestId', 'address'],
};

/** The access log's reader (`POST /api/log`, docs/operations.md), admins only. */
export async function accessLogRoutes(app: FastifyInstance): Promise<void> {
  const { accessLog } = app.services;
  app.post<{ Body: AccessLogQuery }>(
    '/api/log',
    { config: { access: 'admin' }, schema: { summary: 'Access log entries in a date range, oldest first', body: logBody, response: { 200: { type: 'array', items: entry } } } },
    async (req) => {
      // This process's buffered entries first, so the reader sees requests made a moment ago.
      await accessLog.flush();
      return accessLog.read(req.body);
    },
  );
}
