/**
 * The automations' routes (docs/automations.md, docs/api.md "Automations"): the runs' log and a
 * run's detail for administrators, a failed run tried again, the buttons a caller may press on a
 * model's records and pressing one, and the incoming webhooks. The definitions themselves are
 * saved through /api/definitions/automation like every other kind.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiSchemaId } from '../../shared/contract.js';
import type { AutomationButton, RunPage, RunQueued, RunState } from '../../shared/automation-types.js';
import type { AutomationDefinition } from '../../generated/definitions.js';
import { errors } from '../core/errors.js';
import type { Definition } from '../definitions/definitions.js';
import { authorize } from '../http/permissions.js';
import { AutomationIndex } from '../ops/automations/automation-index.js';

const RUN_STATES: RunState[] = ['queued', 'running', 'done', 'failed', 'stopped'];
/** The most bytes an incoming webhook's body may hold. */
export const HOOK_BODY_LIMIT = 1024 * 1024;

const runsQuery = {
  $id: apiSchemaId('automation-runs-query'),
  type: 'object',
  properties: {
    automation: { type: 'string', minLength: 1, maxLength: 64 },
    state: { type: 'string', enum: RUN_STATES },
    from: { type: 'string', minLength: 10, maxLength: 40, description: 'Runs created at or after this instant (ISO 8601) or day (YYYY-MM-DD).' },
    to: { type: 'string', minLength: 10, maxLength: 40, description: 'Runs created at or before this instant or day (to its end).' },
    before: { type: 'string', pattern: '^[0-9a-f]{32}$', description: 'The `next` of the page before.' },
  },
  additionalProperties: false,
};
const runId = { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9a-f]{32}$' } }, required: ['id'] };
const runBody = {
  $id: apiSchemaId('automation-run-body'),
  type: 'object',
  properties: { id: { anyOf: [{ type: 'string', minLength: 1, maxLength: 64 }, { type: 'integer' }], description: "The id of the record the button was pressed on." } },
  required: ['id'],
  additionalProperties: false,
};

/** The end of a day given alone, so `to=2026-11-28` takes the whole day. */
function dayEnd(value: string | undefined): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value;
}

/** Whether the caller may press a button automation's button: administrators, and whom its access grants. */
async function mayRun(app: FastifyInstance, req: FastifyRequest, automation: AutomationDefinition): Promise<boolean> {
  if (req.user?.Admin) return true;
  if (!automation.access) return false;
  try {
    await authorize(app.services.store, req, 'automation', automation as unknown as Definition, 'open');
    return true;
  } catch {
    return false;
  }
}

export async function automationRoutes(app: FastifyInstance): Promise<void> {
  const { automations, store } = app.services;

  app.get<{ Querystring: { automation?: string; state?: RunState; from?: string; to?: string; before?: string } }>(
    '/api/automations/runs',
    { config: { access: 'admin' }, schema: { querystring: runsQuery, summary: 'The automations\' runs, newest first, a page at a time: of one automation, one state, a range of days' } },
    async (req): Promise<RunPage> => {
      const q = req.query;
      return automations.runs.page({
        ...(q.automation ? { automation: q.automation } : {}),
        ...(q.state ? { state: q.state } : {}),
        ...(q.from ? { from: q.from } : {}),
        ...(q.to ? { to: dayEnd(q.to) as string } : {}),
        ...(q.before ? { before: q.before } : {}),
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/automations/runs/:id',
    { config: { access: 'admin' }, schema: { params: runId, summary: "A run: its trigger's data and each step's outcome" } },
    async (req) => {
      const run = await automations.runs.detail(req.params.id);
      if (!run) throw errors.notFound(`The run '${req.params.id}'`);
      return run;
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/automations/runs/:id/retry',
    { config: { access: 'admin' }, schema: { params: runId, summary: 'Queues a failed or stopped run again, as its next try' } },
    async (req, reply): Promise<RunQueued> => {
      const run = await automations.runs.detail(req.params.id);
      if (!run) throw errors.notFound(`The run '${req.params.id}'`);
      if (run.trigger === 'before insert' || run.trigger === 'before update') throw errors.conflict('A before-trigger\'s run belongs to its write: it cannot be tried again on its own');
      if (!(await automations.runs.requeue(run.id))) throw errors.conflict(`Only a failed or stopped run can be tried again; this one is ${run.state}`);
      reply.status(202);
      return { run: run.id };
    },
  );

  app.get<{ Params: { model: string } }>(
    '/api/automations/buttons/:model',
    { config: { access: 'user' }, schema: { params: { type: 'object', properties: { model: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['model'] }, summary: "The button automations of a model's records the caller may run" } },
    async (req): Promise<AutomationButton[]> => {
      const index = await automations.current(AutomationIndex.versionOf(req.stats));
      const out: AutomationButton[] = [];
      for (const automation of index.buttons(req.params.model)) {
        if (!(await mayRun(app, req, automation))) continue;
        const trigger = automation.trigger as { label?: string };
        out.push({ name: automation.name, label: trigger.label ?? automation.title ?? automation.name });
      }
      return out;
    },
  );

  app.post<{ Params: { name: string }; Body: { id: string | number } }>(
    '/api/automations/:name/run',
    { config: { access: 'user' }, schema: { body: runBody, summary: "Runs a button automation on a record of its model: 202 with the queued run" } },
    async (req, reply): Promise<RunQueued> => {
      const index = await automations.current(AutomationIndex.versionOf(req.stats));
      const automation = index.byName.get(req.params.name);
      // An automation the caller may not run answers as one that does not exist.
      if (!automation || automation.trigger.type !== 'button' || automation.enabled === false || !(await mayRun(app, req, automation))) {
        throw errors.notFound(`The button automation '${req.params.name}'`);
      }
      const model = automation.trigger.model;
      const record = await store.get1(model, req.body.id).catch(() => undefined);
      if (!record) throw errors.notFound(`The ${model} record '${String(req.body.id)}'`);
      const who = req.viewer ?? req.user;
      const run = await automations.queue({
        automation: automation.name,
        trigger: 'button',
        model,
        recordId: String(record.id),
        input: { record, before: null, user: { id: who?.id ?? null, name: who?.user ?? null } },
        depth: 1,
        userId: who ? Number(who.id) : null,
        userName: who?.user ?? null,
      });
      reply.status(202);
      return { run };
    },
  );

  await app.register(hookRoutes);
}

/**
 * Incoming webhooks, in a plugin of their own: its JSON parser keeps the body's bytes, which the
 * signature is checked over. The url's token is the automation's secret part, compared in
 * constant time; a wrong one answers as a missing automation.
 */
async function hookRoutes(app: FastifyInstance): Promise<void> {
  const { automations } = app.services;
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: HOOK_BODY_LIMIT }, (req, text, done) => {
    (req as FastifyRequest & { rawText?: string }).rawText = String(text);
    try {
      done(null, text === '' ? {} : JSON.parse(String(text)));
    } catch {
      done(errors.invalid('The body is not JSON'), undefined);
    }
  });
  app.post<{ Params: { name: string; token: string }; Body: unknown }>(
    '/api/hooks/:name/:token',
    {
      config: { access: 'public' },
      bodyLimit: HOOK_BODY_LIMIT,
      schema: {
        params: { type: 'object', properties: { name: { type: 'string', minLength: 1, maxLength: 64 }, token: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['name', 'token'] },
        summary: "An incoming webhook: its JSON body is the run's data ({{data.x}}); with the automation's secret, X-Tessera-Signature: sha256=<HMAC-SHA256 of the body> is required. 202 with the queued run",
      },
    },
    async (req, reply): Promise<RunQueued> => {
      const index = await automations.current(AutomationIndex.versionOf(req.stats));
      const automation = index.byName.get(req.params.name);
      const trigger = automation?.trigger;
      const missing = errors.notFound(`The webhook '${req.params.name}'`);
      if (!automation || trigger?.type !== 'webhook' || !trigger.token || automation.enabled === false) throw missing;
      if (!sameText(trigger.token, req.params.token)) throw missing;
      if (trigger.secret) {
        const given = req.headers['x-tessera-signature'];
        const wanted = `sha256=${createHmac('sha256', trigger.secret).update((req as FastifyRequest & { rawText?: string }).rawText ?? '').digest('hex')}`;
        if (typeof given !== 'string' || !sameText(given, wanted)) throw errors.forbidden('The webhook\'s signature (X-Tessera-Signature: sha256=<HMAC-SHA256 of the body with the secret>) is missing or wrong');
      }
      const run = await automations.queue({
        automation: automation.name,
        trigger: 'webhook',
        model: null,
        recordId: null,
        input: { data: req.body ?? {} },
        depth: 1,
        userId: null,
        userName: null,
      });
      reply.status(202);
      return { run };
    },
  );
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
