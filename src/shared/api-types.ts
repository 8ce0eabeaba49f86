/**
 * The answers of the API that both sides name: the server builds them, the client reads them.
 * Types only, so the server's log writer thread and the browser bundle load nothing from here.
 */
import type { DefinitionKind } from './contract.js';
import type { DiffEntry } from './json-diff.js';
import type { AccessKind } from './access-grants.js';
import type { Access } from '../generated/definitions.js';

/** The signed-in user, as GET /api/checkuser answers it and as the server keeps it on a request. */
export interface SessionUser {
  /** The user's id as userIdOf spells it (src/server/auth/auth.ts; 0 for everyone when ENABLE_SECURITY is 0). */
  id: number;
  user: string;
  email: string;
  Admin: boolean;
  FrontPage: string;
}

/** One saved version of a definition, as GET /api/definitions/:kind/:id/versions lists it for the History panel. */
export interface VersionInfo {
  version: number;
  /** ISO time of the save; null for a version saved before versions were kept. */
  savedAt: string | null;
  /** The user who saved it; null when not known (a seed, a script, before versions were kept). */
  savedBy: string | null;
  /** Whether this is the version stored now. */
  current: boolean;
}

/** One line of the access log, as POST /api/log answers it. */
export interface AccessLogEntry {
  id: number;
  /** ISO 8601 in UTC, e.g. 2026-11-23T13:10:00.123Z. */
  timestamp: string;
  level: 'info' | 'warn' | 'error';
  /** `GET /api/x 404 3.2ms user=admin id=req-1 ip=127.0.0.1`: the line a person reads. */
  message: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  user: string | null;
  requestId: string;
  address: string;
}

/** What an app import does, or would do, to one definition (POST /api/app/import). */
export interface AppChange {
  kind: DefinitionKind;
  name: string;
  status: 'new' | 'changed' | 'unchanged';
  /** From the stored document to the file's, for a changed definition. */
  diff?: DiffEntry[];
}

/** What names a model: another model's reference or link field, or a form, grid, select, page or menu over it. */
export interface ModelUse {
  kind: 'model' | 'form' | 'grid' | 'select' | 'page' | 'menu' | 'automation';
  name: string;
  /** The other model's field that refers to it (kind 'model'). */
  field?: string;
}

/** One model as GET /api/definitions/model-overview lists it for the /models screen. */
export interface ModelOverview {
  id: string;
  name: string;
  title: string;
  /** A built-in model (User, Group, Form...): neither changed nor deleted through the API. */
  system: boolean;
  fields: number;
  /** The table's rows, from the counts the server keeps; null when the table cannot be read (the model is not applied). */
  rows: number | null;
  uses: ModelUse[];
  /** Whether DELETE would be accepted now: not a system model, and nothing names it. */
  deletable: boolean;
  /** Why the stored model is not applied in this process (it answers 409 MODEL_NOT_APPLIED until saved corrected). */
  problem?: string;
}

/**
 * One automation as GET /api/definitions/automation-overview lists it for the /automations screen:
 * what the list shows without reading each definition whole.
 */
export interface AutomationOverview {
  id: string;
  name: string;
  /** '' when it has none. */
  title: string;
  /** Whether new runs start (an automation without `enabled` is on). */
  enabled: boolean;
  /**
   * Its trigger as stored, without a webhook's token and secret (the url's secret part and the
   * signing key are read from the definition itself); `signed: true` for a webhook with a secret.
   */
  trigger: Record<string, unknown>;
  /** How many steps it has at the top (nested ones not counted). */
  steps: number;
  version: number;
}

/**
 * One definition that carries access, as GET /api/permissions lists it for the Permissions screen:
 * enough to show and tick what each group may do without reading the definition whole.
 */
export interface PermissionEntry {
  kind: AccessKind;
  id: string;
  name: string;
  /** '' when the definition has none. */
  title: string;
  /** The model whose records it reads (a form's or grid's default included); absent for a page, a menu, a select of fixed items. */
  model?: string;
  version: number;
  /** Its stored access; null when it has none (administrators only). */
  access: Access | null;
  /** It works on definitions (worksOnDefinitions): administrators only whatever its access says, so a grant on it does nothing. */
  adminOnly: boolean;
}

/** What PUT /api/permissions/{kind}/{id} answers: the saved definition's new version and its access. */
export interface AccessSaved {
  version: number;
  access: Access | null;
}
