import type { FastifyInstance } from 'fastify';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { apiSchemaId, SCHEMA_BASE } from '../../shared/contract.js';
import { compileSchema, toSchemaErrors } from '../../shared/schema-registry.js';
import { ACCESS_KINDS } from '../../shared/access-grants.js';
import type { Access } from '../../generated/definitions.js';
import { accessKindOf, listPermissions, saveAccess } from '../definitions/definition-access.js';

/** A definition's access as the answers carry it (schemas/common.json `$defs/access`), or null for none. */
const accessAnswer = {
  type: ['object', 'null'],
  additionalProperties: true,
  description: "The definition's access (schemas/common.json, $defs/access); null when it has none: administrators only.",
};

/** GET /api/permissions (PermissionEntry in src/shared/api-types.ts). */
const permissionsAnswer = {
  $id: apiSchemaId('permissions'),
  type: 'array',
  items: {
    type: 'object',
    properties: {
      kind: { type: 'string', enum: [...ACCESS_KINDS] },
      id: { type: 'string' },
      name: { type: 'string' },
      title: { type: 'string', description: "'' when the definition has none." },
      model: { type: 'string', description: "The model whose records it reads (a form's or grid's default, User, included); absent for a page, a menu and a select of fixed items." },
      version: { type: 'integer', description: 'The stored version: what PUT /api/permissions/{kind}/{id} must carry.' },
      access: accessAnswer,
      adminOnly: {
        type: 'boolean',
        description: 'It works on definitions (a form, grid or select over Form, Grid, Model...): administrators only whatever its access says, so a grant on it does nothing.',
      },
    },
    required: ['kind', 'id', 'name', 'title', 'version', 'access', 'adminOnly'],
  },
};

/** PUT /api/permissions/{kind}/{id}: the version read and the new access, validated as a definition's access. */
const accessBody = {
  $id: apiSchemaId('access-body'),
  type: 'object',
  required: ['version'],
  properties: {
    version: { type: 'integer', minimum: 1, maximum: 2_000_000_000, description: 'The version read (GET /api/permissions); 409 STALE_VERSION when someone saved since.' },
    access: {
      description: 'The new access, in place of the stored one; absent or null takes it away (administrators only).',
      anyOf: [{ $ref: `${SCHEMA_BASE}common.json#/$defs/access` }, { type: 'null' }],
    },
  },
  additionalProperties: false,
};

const accessSavedAnswer = {
  $id: apiSchemaId('access-saved'),
  type: 'object',
  properties: { version: { type: 'integer', description: 'The new version.' }, access: accessAnswer },
  required: ['version', 'access'],
};

/**
 * The body's validator with a definition save's words (toSchemaErrors): each problem once, at its
 * place, without what a choice's other branch said (`/access` must be null, when the access is an
 * object whose grant is wrong further in).
 */
function accessBodyValidator({ schema }: { schema: object }) {
  const validate = compileSchema(schema);
  const checked = Object.assign(
    (data: unknown): boolean => {
      if (validate(data)) {
        checked.errors = null;
        return true;
      }
      const problems = toSchemaErrors(validate.errors ?? []);
      const deeper = (at: string) => problems.some((p) => p.pointer.startsWith(`${at}/`));
      checked.errors = problems
        .filter((p) => !(p.message === 'must be null' && deeper(p.pointer)))
        .map((p): ErrorObject => ({ keyword: 'body', instancePath: p.pointer, schemaPath: '', params: {}, message: p.message }));
      return false;
    },
    { errors: null as ErrorObject[] | null },
  );
  return checked;
}

/**
 * The Permissions screen's routes (admins only, docs/api.md "Permissions"): every definition that
 * carries access in one answer, and one definition's access saved alone, as a definition save.
 */
export async function permissionRoutes(app: FastifyInstance): Promise<void> {
  const { defs, store } = app.services;

  app.get(
    '/api/permissions',
    { config: { access: 'admin' }, schema: { summary: 'Every form, grid, select, page and menu with its access, by kind then name', response: { 200: permissionsAnswer } } },
    async () => listPermissions(store),
  );

  app.put<{ Params: { kind: string; id: string }; Body: { version: number; access?: Access | null } }>(
    '/api/permissions/:kind/:id',
    {
      config: { access: 'admin' },
      schema: { summary: "Saves a definition's access alone, as a new version", body: accessBody, response: { 200: accessSavedAnswer } },
      validatorCompiler: accessBodyValidator,
    },
    async (req) => saveAccess(defs, accessKindOf(req.params.kind), req.params.id, req.body.version, req.body.access, req.user?.user ?? null),
  );
}
