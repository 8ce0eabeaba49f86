import type { FastifyInstance } from 'fastify';
import type { Row } from '../db/connect.js';
import { errors } from '../core/errors.js';
import { definitionKinds, type DefinitionKind } from '../definitions/definitions.js';
import type { ModelChangeRequest } from '../definitions/model-change.js';
import { ScreenGeneration, type GenerateRequest, type UndoRequest } from '../definitions/screen-generation.js';
import { apiSchemaId } from '../../shared/contract.js';

const anyObject = { $id: apiSchemaId('definition-body'), type: 'object' };

/** A restore carries the version the caller read, as every save does. */
const restoreBody = {
  $id: apiSchemaId('restore-body'),
  type: 'object',
  required: ['version'],
  properties: { version: { type: 'integer', minimum: 1 } },
  additionalProperties: false,
};

const FIELD_NAME = '^[A-Za-z_][A-Za-z0-9_]{0,63}$';

/**
 * A model change (docs/api.md, "Changing a model that holds data"); `model` and each model of
 * `create` are checked as every model save checks one, all together.
 */
const modelChangeBody = {
  $id: apiSchemaId('model-change-body'),
  type: 'object',
  required: ['model'],
  properties: {
    model: { type: 'object' },
    renames: { type: 'object', propertyNames: { pattern: FIELD_NAME }, additionalProperties: { type: 'string', pattern: FIELD_NAME }, maxProperties: 500 },
    convert: { type: 'object', propertyNames: { pattern: FIELD_NAME }, additionalProperties: { const: 'clear' }, maxProperties: 500 },
    create: { type: 'array', items: { type: 'object' }, maxItems: 50, description: "New models made in the same transaction (a link field's link model)." },
  },
  additionalProperties: false,
};

const DEFINITION_NAME = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';
const HEX_ID = '^[0-9a-f]{32}$';

/** Generating a model's screens (docs/api.md, "Generating screens from a model"). */
const screensBody = {
  $id: apiSchemaId('screens-body'),
  type: 'object',
  properties: {
    menu: { anyOf: [{ type: 'string', pattern: DEFINITION_NAME }, { type: 'null' }], description: 'The menu to add a card to; null or absent, no card.' },
    names: {
      type: 'object',
      properties: { form: { type: 'string', pattern: DEFINITION_NAME }, grid: { type: 'string', pattern: DEFINITION_NAME } },
      additionalProperties: false,
    },
    preview: { type: 'boolean', description: 'Answer what would be made, writing nothing.' },
  },
  additionalProperties: false,
};

/** A generation's answer, given back to undo it. */
const screensUndoBody = {
  $id: apiSchemaId('screens-undo-body'),
  type: 'object',
  required: ['created', 'changed'],
  properties: {
    created: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        required: ['kind', 'id'],
        properties: { kind: { enum: ['form', 'grid', 'select'] }, id: { type: 'string', pattern: HEX_ID }, name: { type: 'string', maxLength: 64 }, reference: { type: 'string', maxLength: 64 } },
        additionalProperties: false,
      },
    },
    changed: {
      type: 'array',
      // The menu with the card, and the forms of the models referred to that got grids.
      maxItems: 50,
      items: {
        type: 'object',
        required: ['kind', 'id', 'version'],
        properties: {
          kind: { enum: ['menu', 'form'] },
          id: { type: 'string', pattern: HEX_ID },
          name: { type: 'string', maxLength: 64 },
          version: { type: 'integer', minimum: 2, maximum: 2_000_000_000 },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};

/**
 * A list screen's answer (GET /api/definitions/<name>): an array with one object a definition,
 * its id, name and title, then `more` of its own; `required` names which of those it always holds.
 */
function overviewAnswer(name: string, more: Record<string, object>, required: readonly string[]) {
  return {
    $id: apiSchemaId(name),
    type: 'array',
    items: {
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' }, title: { type: 'string' }, ...more },
      required: ['id', 'name', 'title', ...required],
    },
  };
}

/** GET /api/definitions/model-overview: every stored model for the /models screen (ModelOverview in src/shared/api-types.ts). */
const modelOverviewAnswer = overviewAnswer(
  'model-overview',
  {
    system: { type: 'boolean', description: 'A built-in model (User, Group, Form...): not changed nor deleted through the API.' },
    fields: { type: 'integer', description: 'How many fields the model has.' },
    rows: { type: ['integer', 'null'], description: "The table's rows, from the counts the server keeps; null when the model is not applied." },
    uses: {
      type: 'array',
      description: "What names the model: other models' reference and link fields, forms, grids, selects, pages, menus and automations.",
      items: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['model', 'form', 'grid', 'select', 'page', 'menu', 'automation'] },
          name: { type: 'string' },
          field: { type: 'string', description: "The other model's field, for kind 'model'." },
        },
        required: ['kind', 'name'],
      },
    },
    deletable: { type: 'boolean', description: 'Whether DELETE /api/definitions/model/{name} would be accepted now.' },
    problem: { type: 'string', description: 'Why the stored model is not applied (requests on it answer 409 MODEL_NOT_APPLIED).' },
  },
  ['system', 'fields', 'rows', 'uses', 'deletable'],
);

/** GET /api/definitions/automation-overview: every automation for the /automations screen (AutomationOverview in src/shared/api-types.ts). */
const automationOverviewAnswer = overviewAnswer(
  'automation-overview',
  {
    enabled: { type: 'boolean', description: 'Whether new runs start.' },
    trigger: {
      type: 'object',
      additionalProperties: true,
      description: "The trigger as stored, without a webhook's token and secret; `signed: true` for a webhook with a secret.",
    },
    steps: { type: 'integer', description: 'How many steps it has at the top.' },
    version: { type: 'integer' },
  },
  ['enabled', 'trigger', 'steps', 'version'],
);

function versionOf(value: string): number {
  const n = Number(value);
  if (!/^[1-9][0-9]{0,9}$/.test(value) || !Number.isSafeInteger(n)) throw errors.notFound(`Version '${value}'`);
  return n;
}

function kindOf(value: string): DefinitionKind {
  const kind = definitionKinds.find((k) => k === value);
  if (!kind) throw errors.notFound(`The definition kind '${value}'`);
  return kind;
}

/**
 * Raw definitions, for the designers and the raw editors (admins only). Every body is
 * validated against its kind's schema; an update must carry the version it read (409 if
 * someone saved in between) and a refused one leaves the stored definition untouched.
 */
export async function definitionRoutes(app: FastifyInstance): Promise<void> {
  const { defs, store } = app.services;
  const screens = new ScreenGeneration(defs, store);

  // Before /api/definitions/:kind in meaning too: 'model-overview' and 'automation-overview' are no kinds.
  app.get(
    '/api/definitions/model-overview',
    { config: { access: 'admin' }, schema: { summary: 'Every model with its field and row counts and what names it', response: { 200: modelOverviewAnswer } } },
    async () => defs.modelOverview(),
  );

  app.get(
    '/api/definitions/automation-overview',
    {
      config: { access: 'admin' },
      schema: { summary: 'Every automation with its trigger, whether it is on and its step count', response: { 200: automationOverviewAnswer } },
    },
    async () => defs.automationOverview(),
  );

  app.get<{ Params: { kind: string } }>('/api/definitions/:kind', { config: { access: 'admin' } }, async (req) =>
    defs.list(kindOf(req.params.kind)),
  );

  app.get<{ Params: { kind: string; id: string } }>('/api/definitions/:kind/:id', { config: { access: 'admin' } }, async (req) =>
    defs.get(kindOf(req.params.kind), req.params.id),
  );

  app.post<{ Params: { kind: string }; Body: Row }>(
    '/api/definitions/:kind',
    { config: { access: 'admin' }, schema: { body: anyObject } },
    async (req, reply) => {
      const created = await defs.create(kindOf(req.params.kind), req.body, req.user?.user ?? null);
      return reply.status(201).send(created);
    },
  );

  app.put<{ Params: { kind: string; id: string }; Body: Row }>(
    '/api/definitions/:kind/:id',
    { config: { access: 'admin' }, schema: { body: anyObject } },
    async (req) => defs.update(kindOf(req.params.kind), req.params.id, req.body, req.user?.user ?? null),
  );

  // A change of a model that holds data: previewed (nothing written), then applied whole or not at all.
  app.post<{ Params: { id: string }; Body: ModelChangeRequest }>(
    '/api/definitions/model/:id/preview',
    { config: { access: 'admin' }, schema: { body: modelChangeBody } },
    async (req) => defs.previewModelChange(req.params.id, req.body),
  );

  app.post<{ Params: { id: string }; Body: ModelChangeRequest }>(
    '/api/definitions/model/:id/change',
    { config: { access: 'admin' }, schema: { body: modelChangeBody } },
    async (req) => defs.changeModel(req.params.id, req.body, req.user?.user ?? null),
  );

  // Screens made from a model in one transaction, and that generation undone (docs/api.md).
  app.post<{ Params: { id: string }; Body: GenerateRequest }>(
    '/api/definitions/model/:id/screens',
    { config: { access: 'admin' }, schema: { summary: "Generates a model's form, grid and a menu card", body: screensBody } },
    async (req, reply) => {
      const result = await screens.generate(req.params.id, req.body, req.user?.user ?? null);
      return reply.status(req.body.preview === true ? 200 : 201).send(result);
    },
  );

  app.post<{ Params: { id: string }; Body: UndoRequest }>(
    '/api/definitions/model/:id/screens/undo',
    { config: { access: 'admin' }, schema: { summary: "Undoes a generation of a model's screens", body: screensUndoBody } },
    async (req) => screens.undo(req.params.id, req.body, req.user?.user ?? null),
  );

  // Versions (docs/api.md): every save is kept; any version can be read, and restored as a new one.
  app.get<{ Params: { kind: string; id: string } }>('/api/definitions/:kind/:id/versions', { config: { access: 'admin' } }, async (req) =>
    defs.versions(kindOf(req.params.kind), req.params.id),
  );

  app.get<{ Params: { kind: string; id: string; version: string } }>(
    '/api/definitions/:kind/:id/versions/:version',
    { config: { access: 'admin' } },
    async (req) => defs.version(kindOf(req.params.kind), req.params.id, versionOf(req.params.version)),
  );

  app.post<{ Params: { kind: string; id: string; version: string }; Body: { version: number } }>(
    '/api/definitions/:kind/:id/versions/:version/restore',
    { config: { access: 'admin' }, schema: { body: restoreBody } },
    async (req) => defs.restore(kindOf(req.params.kind), req.params.id, versionOf(req.params.version), req.body.version, req.user?.user ?? null),
  );

  app.delete<{ Params: { kind: string; id: string } }>('/api/definitions/:kind/:id', { config: { access: 'admin' } }, async (req) => {
    await defs.remove(kindOf(req.params.kind), req.params.id);
    return { success: true };
  });
}
