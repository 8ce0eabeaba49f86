import type { FastifyInstance } from 'fastify';
import { ACCESS_LOG_MAX_LIMIT, type AccessLogQuery } from '../services/access-log.js';

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

/** The access log's reader (spec 7, `POST /api/log`), admins only. */
export async function accessLogRoutes(app: FastifyInstance): Promise<void> {
  const { accessLog } = app.services;
  app.post<{ Body: AccessLogQuery }>(
    '/api/log',
    { config: { access: 'admin' }, schema: { summary: 'Access log entries in a date range, oldest first', body: logBody } },
    async (req) => {
      // This process's buffered entries first, so the reader sees requests made a moment ago.
      await accessLog.flush();
      return accessLog.read(req.body);
    },
  );
}
