/**
 * Generates docs/errors.md, the table of every error code the API answers, from the source:
 *
 *   tsx scripts/gen-errors-doc.ts          write docs/errors.md
 *   tsx scripts/gen-errors-doc.ts --check  regenerate in memory; exit 1 when docs/errors.md is
 *                                          stale or a code is answered that nothing describes (CI)
 *
 * The source of truth is the catalogue, the `errors` object of src/server/core/errors.ts: each
 * factory's code, status and message are read from its `new ApiError(status, 'CODE', message)`
 * with the TypeScript parser, never copied by hand. What a factory means ("when") is written
 * below, in WHEN, because a code's meaning is not in its message.
 *
 * Codes answered outside the catalogue are found, not trusted to memory: every file under
 * src/server is parsed and every `new ApiError(...)`, every code passed to `refusalBody(...)` and
 * every `code: 'SOME_CODE'` in an object the server sends is collected. Each such code must be
 * a catalogue code or be listed in OUTSIDE_CATALOGUE below (with its status and meaning), and a
 * listed code must still be answered somewhere: otherwise the generator stops, naming the file
 * and line. We list rather than describe them from the source alone because a code outside the
 * catalogue is a decision someone should see, and its meaning has to be written by a person.
 * tests/unit/error-catalogue.test.ts runs the same checks in the unit suite.
 */
import fs from 'node:fs';
import { writeOrCheck } from './generated-files.js';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ERRORS_DOC = 'docs/errors.md';
const CATALOGUE_FILE = 'src/server/core/errors.ts';
const SERVER_DIR = 'src/server';

/** What each catalogue factory means, by factory name: when a caller gets it. */
export const WHEN: Record<string, string> = {
  automationRefused:
    "A record write refused by an automation's before-trigger (its Refuse step): the message is the automation's, shown on the form; nothing was written. See docs/automations.md.",
  automationFailed:
    "An automation's before-trigger failed while checking a record write (a step's error, its time budget of 2 s by default spent): nothing was written; the message names the automation and why.",
  invalid:
    "The request is not what the route needs: a body, url or query that fails the route's schema; a definition that fails its kind's schema or a check before it is saved; a record that breaks a field rule; a NUL character; a form update without its row version; a backup that cannot be restored. `details` points into the request by JSON pointer.",
  unauthenticated: 'The route needs a signed-in user and the request carries no valid session (the `token` cookie or a bearer token).',
  forbidden:
    "The caller is signed in but may not do this: an admin-only route, a definition whose access does not grant them, a read-only form, a form that hides Delete, a system model changed or deleted. The message says which.",
  crossOrigin:
    "A change (or `GET /api/logout`) without proof that the app's own page sent it (`Sec-Fetch-Site`, `X-Requested-With`, the app's own `Origin`, or a bearer token): see [security.md](security.md).",
  registrationOff: 'The register form is posted while self-registration (`SELF_REGISTRATION`) is off.',
  setupNotCompleted: "Any route but setup's own before setup is finished.",
  setupCode: '`POST /api/setup/check-code`, `POST /api/setup/finish` or, before setup, `POST /api/smtp/test` with a missing or wrong setup code (the code the server prints while setup is open).',
  setupCompleted: "A setup route after setup is finished: setup runs once.",
  notFound: 'No such definition, version, model, record or icon.',
  conflict:
    'The change clashes with what is stored: a name already taken (model names compared without regard to case), a unique value another record holds, a model that others still use.',
  builtIn:
    'Deleting or renaming a definition Tessera ships and needs (the login form, the About page, the definition lists; src/generated/built-ins.ts). Change it instead; its history keeps the shipped version.',
  modelNotApplied:
    'A request on a stored model the server could not apply at start (written by hand, or by an older release); the rest of the app runs without it until an administrator saves a corrected definition.',
  staleVersion:
    'A definition saved (from a designer, a raw editor, an import or a version restore) with a version someone else has moved on since it was read. Nothing is changed.',
  modelChangeBlocked:
    "A model change whose plan finds what the request did not accept: values a type change cannot convert (without `convert: { field: 'clear' }`), empty or repeated values stopping `required` or `unique`, a deleted field still named by a form, grid or select. Nothing changed; the body carries the preview's `plan` (see [api.md](api.md#changing-a-model-that-holds-data)).",
  staleRecord:
    "A form's update whose `_version` is no longer the record's. Nothing is changed; the answer carries the record as it is now in `current` (see [api.md](api.md#records-versions-and-links)).",
  tooManyFailures: 'Too many failed sign-ins or setup codes from one address, account or browser; `Retry-After` says when to try again.',
  tooManyRequests: 'Too many lost-password requests from one client address (30 an hour).',
  databaseUnavailable:
    'The database cannot be reached (PostgreSQL restarting, a dropped connection, too many connections) or SQLite stayed busy past its wait. `Retry-After: 5`; nothing was changed.',
  badUrl: 'The url holds percent-encoding that is not valid.',
  urlTooLong: 'A part of the url (a path parameter) is longer than the router accepts.',
  invalidToken: "A lost-password token that is wrong, expired, replaced by a newer one, or already used.",
  viewAsRefused:
    'The `X-Tessera-View-As` header from a signed-in caller who is not an administrator, or while `ENABLE_SECURITY` is 0 (everyone is an administrator then, so there is nobody to view as). Nothing else of the request is looked at.',
  viewAsInvalid:
    "The `X-Tessera-View-As` header of an administrator is not `user:<id>` or `group:<name>` (the name percent-encoded), or names a user or group that does not exist (deleted since it was chosen).",
  importDoneBefore:
    'An import in insert mode (POST /api/import/{model}/jobs, not a dry run) of a file already imported into the model by an earlier job that ended done: the message says when and by whom; send `again: true` to import it anyway (docs/import.md).',
  viewingAsReadOnly:
    'A change (any method but GET, HEAD and OPTIONS) while viewing as a user or group: View as is read only, and the request was refused before any route ran. Signing out (`GET /api/logout`) still works.',
};

export interface ListedCode {
  code: string;
  /** A number, or a range such as '4xx' when the status comes from elsewhere. */
  status: number | string;
  when: string;
  /** What it says, when the source's message cannot be shown as it is (a message passed through). */
  message?: string;
}

/**
 * Codes the server answers without a catalogue factory: found by the scan, described here. A
 * code found in src/server that is neither in the catalogue nor here stops the generator.
 */
export const OUTSIDE_CATALOGUE: ListedCode[] = [
  {
    code: 'TOO_LARGE',
    status: 413,
    when: "A caller who is not signed in sent a body over the anonymous limit, a restore's upload is larger than `RESTORE_MAX_MB`, or an import's than `IMPORT_MAX_MB`.",
  },
  {
    code: 'DUPLICATE_VALUES',
    status: 409,
    when: "A model save makes a field `unique` while its stored values repeat; `details` points at the field and names a few of the values.",
  },
  {
    code: 'BACKUP_FAILED',
    status: 500,
    when: '7-Zip failed while packing a backup.',
    message: "7-Zip's own reason",
  },
  {
    code: 'SMTP_FAILED',
    status: 400,
    when: "Test SMTP could not connect, sign in or send. Every failure answers the same text (the body also holds `success: false`); the reason goes to the server's log only.",
  },
  {
    code: 'INTERNAL',
    status: 500,
    when: "Anything else that failed in the server; the error and its stack go to the server's log, never to the caller.",
  },
  {
    code: 'BAD_REQUEST',
    status: '4xx',
    when: 'A 4xx error raised by Fastify or one of its plugins that carries no code of its own.',
    message: "the error's own message",
  },
];

/** Fastify's and its plugins' refusals that reach a caller with their own code (see the error handler in src/server/http/error-handler.ts). */
const FASTIFY_CODES: ListedCode[] = [
  { code: 'FST_ERR_CTP_INVALID_JSON_BODY', status: 400, message: "Body is not valid JSON but content-type is set to 'application/json'", when: 'A JSON body that does not parse.' },
  { code: 'FST_ERR_CTP_EMPTY_JSON_BODY', status: 400, message: "Body cannot be empty when content-type is set to 'application/json'", when: 'An empty body sent as JSON.' },
  { code: 'FST_ERR_CTP_BODY_TOO_LARGE', status: 413, message: 'Request body is too large', when: "A body over the route's limit (10 MiB unless the route says less)." },
  { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', status: 415, message: 'Unsupported Media Type', when: 'A body of a content type the route does not read.' },
  { code: 'FST_…', status: '4xx', message: "the plugin's own", when: "Any other 4xx refusal of Fastify or @fastify/multipart (a multipart form it cannot read), passed on with its code." },
];

/** A code answered somewhere in src/server, as the scan found it. */
export interface FoundCode {
  code: string;
  status?: number;
  /** The message as the source writes it ({placeholders} for what varies), when it can be read. */
  message?: string;
  file: string;
  line: number;
  how: 'new ApiError' | 'refusalBody' | 'code:';
}

/** A sent body with an `error` and no `code`. */
export interface UncodedAnswer {
  status?: number;
  message?: string;
  file: string;
  line: number;
}

export interface CatalogueEntry {
  factory: string;
  code: string;
  status: number;
  /** The message, or undefined when the caller passes it (a parameter without a default). */
  message?: string;
  /** The message is a parameter's default: callers may pass another. */
  messageIsDefault: boolean;
}

export interface Problem {
  file: string;
  line: number;
  message: string;
}

export class CatalogueError extends Error {
  constructor(readonly problems: Problem[]) {
    super(problems.map((p) => `${p.file}:${p.line}: ${p.message}`).join('\n'));
  }
}

const CODE_PATTERN = /^[A-Z][A-Z0-9_]*$/;

function parse(file: string, text: string): ts.SourceFile {
  const kind = /\.(m?js|cjs)$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

function lineOf(sf: ts.SourceFile, node: ts.Node): number {
  return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
}

function unwrap(node: ts.Expression): ts.Expression {
  let n = node;
  while (ts.isParenthesizedExpression(n) || ts.isAsExpression(n) || ts.isSatisfiesExpression(n) || ts.isNonNullExpression(n)) n = n.expression;
  return n;
}

/** The `const name = ...` visible from `at` (its nearest enclosing block or file that declares it). */
function constInitializer(name: string, at: ts.Node): ts.Expression | undefined {
  for (let scope: ts.Node | undefined = at.parent; scope; scope = scope.parent) {
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope)) continue;
    for (const statement of scope.statements) {
      const declarations = ts.isVariableStatement(statement) ? statement.declarationList : undefined;
      if (!declarations || !(declarations.flags & ts.NodeFlags.Const)) continue;
      for (const d of declarations.declarations) {
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return d.initializer;
      }
    }
  }
  return undefined;
}

/** A number the source fixes (a literal, a constant, + - * / of those), or undefined. */
function numberOf(node: ts.Expression, depth = 0): number | undefined {
  const n = unwrap(node);
  if (depth > 5) return undefined;
  if (ts.isNumericLiteral(n)) return Number(n.text.replace(/_/g, ''));
  if (ts.isIdentifier(n)) {
    const init = constInitializer(n.text, n);
    return init ? numberOf(init, depth + 1) : undefined;
  }
  if (ts.isBinaryExpression(n)) {
    const a = numberOf(n.left, depth + 1);
    const b = numberOf(n.right, depth + 1);
    if (a === undefined || b === undefined) return undefined;
    switch (n.operatorToken.kind) {
      case ts.SyntaxKind.PlusToken: return a + b;
      case ts.SyntaxKind.MinusToken: return a - b;
      case ts.SyntaxKind.AsteriskToken: return a * b;
      case ts.SyntaxKind.SlashToken: return a / b;
      default: return undefined;
    }
  }
  return undefined;
}

/** The text an expression makes, with {placeholders} for what varies at run time. */
function textOf(node: ts.Expression, sf: ts.SourceFile, depth = 0): string {
  const n = unwrap(node);
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return n.text;
  const fixed = numberOf(n);
  if (fixed !== undefined) return String(fixed);
  if (ts.isTemplateExpression(n)) {
    return n.head.text + n.templateSpans.map((span) => placeholder(span.expression, sf, depth) + span.literal.text).join('');
  }
  if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return textOf(n.left, sf, depth) + textOf(n.right, sf, depth);
  }
  return placeholder(n, sf, depth);
}

function placeholder(node: ts.Expression, sf: ts.SourceFile, depth: number): string {
  const n = unwrap(node);
  const fixed = numberOf(n);
  if (fixed !== undefined) return String(fixed);
  if (ts.isConditionalExpression(n)) {
    const a = unwrap(n.whenTrue);
    const b = unwrap(n.whenFalse);
    if (ts.isStringLiteral(a) && ts.isStringLiteral(b)) return [a.text, b.text].filter(Boolean).join('/');
  }
  if (ts.isIdentifier(n) && depth < 3) {
    const init = constInitializer(n.text, n);
    if (init && isTextual(init)) return textOf(init, sf, depth + 1);
  }
  return `{${n.getText(sf)}}`;
}

function isTextual(node: ts.Expression): boolean {
  const n = unwrap(node);
  return ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n) || (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken);
}

/** The string literals an expression can evaluate to (`'A'`, `x ?? 'A'`, `c ? 'A' : 'B'`). */
function literalCodes(node: ts.Expression): string[] {
  const n = unwrap(node);
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return [n.text];
  if (ts.isConditionalExpression(n)) return [...literalCodes(n.whenTrue), ...literalCodes(n.whenFalse)];
  if (ts.isBinaryExpression(n) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(n.operatorToken.kind)) {
    return [...literalCodes(n.left), ...literalCodes(n.right)];
  }
  return [];
}

/** The status of `reply.status(404)...send(body)` (through `.header(...)` and the like), when the source fixes it. */
function sentStatus(body: ts.Node): number | undefined {
  const call: ts.Node | undefined = body.parent;
  if (!call || !ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression) || call.expression.name.text !== 'send') return undefined;
  let target: ts.Expression = call.expression.expression;
  while (ts.isCallExpression(target) && ts.isPropertyAccessExpression(target.expression)) {
    const name = target.expression.name.text;
    const first = target.arguments[0];
    if ((name === 'status' || name === 'code') && first) return numberOf(first);
    target = target.expression.expression;
  }
  return undefined;
}

function isSentBody(node: ts.Node): boolean {
  const parent = node.parent;
  return !!parent && ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression) && parent.expression.name.text === 'send' && parent.arguments.includes(node as ts.Expression);
}

/** The property of an object literal with this name, if it has one. */
function propertyNamed(object: ts.ObjectLiteralExpression, name: string): ts.ObjectLiteralElementLike | undefined {
  return object.properties.find((p) => p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name);
}

export interface ScanResult {
  found: FoundCode[];
  uncoded: UncodedAnswer[];
  problems: Problem[];
}

/** Every code one source file answers: `new ApiError(...)`, `refusalBody(..., code)` and `code: 'X'` properties. */
export function scanSource(file: string, text: string): ScanResult {
  const sf = parse(file, text);
  const found: FoundCode[] = [];
  const uncoded: UncodedAnswer[] = [];
  const problems: Problem[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'ApiError') {
      const [status, code, message] = node.arguments ?? [];
      const codes = code ? literalCodes(code) : [];
      if (codes.length === 0) {
        problems.push({ file, line: lineOf(sf, node), message: 'new ApiError(...) needs its code as a string literal, so the catalogue can be checked' });
      }
      for (const c of codes) {
        found.push({ code: c, status: status ? numberOf(status) : undefined, message: message ? textOf(message, sf) : undefined, file, line: lineOf(sf, node), how: 'new ApiError' });
      }
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'refusalBody' && node.arguments.length >= 2) {
      const [message, code] = node.arguments;
      for (const c of literalCodes(code as ts.Expression)) {
        found.push({ code: c, status: sentStatus(node), message: textOf(message as ts.Expression, sf), file, line: lineOf(sf, node), how: 'refusalBody' });
      }
    } else if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) && node.name.text === 'code') {
      const object = node.parent;
      for (const c of literalCodes(node.initializer).filter((x) => CODE_PATTERN.test(x))) {
        const error = ts.isObjectLiteralExpression(object) ? propertyNamed(object, 'error') : undefined;
        found.push({
          code: c,
          status: ts.isObjectLiteralExpression(object) && isSentBody(object) ? sentStatus(object) : undefined,
          message: error && ts.isPropertyAssignment(error) ? textOf(error.initializer, sf) : undefined,
          file,
          line: lineOf(sf, node),
          how: 'code:',
        });
      }
    } else if (ts.isObjectLiteralExpression(node) && isSentBody(node) && propertyNamed(node, 'error') && !propertyNamed(node, 'code')) {
      const error = propertyNamed(node, 'error');
      const spreads = node.properties.some((p) => ts.isSpreadAssignment(p));
      if (!spreads) {
        uncoded.push({ status: sentStatus(node), message: error && ts.isPropertyAssignment(error) ? textOf(error.initializer, sf) : undefined, file, line: lineOf(sf, node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { found, uncoded, problems };
}

/** The factories of the `errors` object, in source order. */
export function readCatalogue(text: string, file = CATALOGUE_FILE): CatalogueEntry[] {
  const sf = parse(file, text);
  let object: ts.ObjectLiteralExpression | undefined;
  sf.forEachChild((statement) => {
    if (!ts.isVariableStatement(statement)) return;
    for (const d of statement.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.name.text === 'errors' && d.initializer && ts.isObjectLiteralExpression(unwrap(d.initializer))) {
        object = unwrap(d.initializer) as ts.ObjectLiteralExpression;
      }
    }
  });
  if (!object) throw new CatalogueError([{ file, line: 1, message: 'no `export const errors = { ... }` object found' }]);
  const entries: CatalogueEntry[] = [];
  const problems: Problem[] = [];
  for (const property of object.properties) {
    const name = property.name && ts.isIdentifier(property.name) ? property.name.text : undefined;
    const fn = ts.isPropertyAssignment(property) ? unwrap(property.initializer) : undefined;
    if (!name || !fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) {
      problems.push({ file, line: lineOf(sf, property), message: 'a catalogue entry must be `name: (...) => new ApiError(status, CODE, message)`' });
      continue;
    }
    let made: ts.NewExpression | undefined;
    const find = (node: ts.Node): void => {
      if (!made && ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'ApiError') made = node;
      else ts.forEachChild(node, find);
    };
    find(fn.body);
    const [status, code, message] = made?.arguments ?? [];
    const codes = code ? literalCodes(code) : [];
    const statusValue = status ? numberOf(status) : undefined;
    if (!made || codes.length !== 1 || statusValue === undefined) {
      problems.push({ file, line: lineOf(sf, property), message: `errors.${name} must make one new ApiError(<status>, '<CODE>', ...) with a literal status and code` });
      continue;
    }
    let text: string | undefined;
    let isDefault = false;
    const m = message ? unwrap(message) : undefined;
    const parameter = m && ts.isIdentifier(m) ? fn.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === m.text) : undefined;
    if (parameter) {
      if (parameter.initializer) {
        text = textOf(parameter.initializer, sf);
        isDefault = true;
      }
    } else if (m) {
      text = textOf(m, sf);
    }
    entries.push({ factory: name, code: codes[0] as string, status: statusValue, message: text, messageIsDefault: isDefault });
  }
  if (problems.length) throw new CatalogueError(problems);
  return entries;
}

/** Every .ts/.mjs file under src/server, relative to the repository, sorted. */
function serverFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
    }
  };
  walk(SERVER_DIR);
  return out.sort();
}

export interface Sources {
  catalogue: string;
  files: { file: string; text: string }[];
}

/** The repository's own sources: the catalogue and every file under src/server. */
export function repositorySources(): Sources {
  return {
    catalogue: fs.readFileSync(path.join(root, CATALOGUE_FILE), 'utf8'),
    files: serverFiles().map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') })),
  };
}

/** A status the source fixes matches a documented one, or a documented range ('4xx' holds 413). */
function statusMatches(status: number, documented: Set<number | string>): boolean {
  return [...documented].some((d) => d === status || (typeof d === 'string' && /^\dxx$/.test(d) && String(status)[0] === d[0]));
}

export interface Checked {
  catalogue: CatalogueEntry[];
  found: FoundCode[];
  uncoded: UncodedAnswer[];
}

/**
 * Reads the catalogue and scans the files; throws a CatalogueError naming every code answered
 * that nothing describes, every listed code no longer answered, every status that contradicts
 * the catalogue or the listing, and every catalogue factory without a WHEN.
 */
export function check(sources: Sources, listed: ListedCode[] = OUTSIDE_CATALOGUE, when: Record<string, string> = WHEN): Checked {
  const catalogue = readCatalogue(sources.catalogue);
  const problems: Problem[] = [];
  const found: FoundCode[] = [];
  const uncoded: UncodedAnswer[] = [];
  for (const { file, text } of sources.files) {
    const result = scanSource(file, text);
    found.push(...result.found);
    uncoded.push(...result.uncoded);
    problems.push(...result.problems);
  }
  const statuses = new Map<string, Set<number | string>>();
  for (const e of catalogue) statuses.set(e.code, new Set([...(statuses.get(e.code) ?? []), e.status]));
  const listedCodes = new Map(listed.map((l) => [l.code, l]));
  for (const l of listed) {
    if (statuses.has(l.code)) problems.push({ file: 'scripts/gen-errors-doc.ts', line: 1, message: `${l.code} is in the catalogue; it must not be listed as outside it` });
  }
  for (const f of found) {
    if (f.file === CATALOGUE_FILE && f.how === 'new ApiError' && statuses.has(f.code)) continue;
    const known = statuses.get(f.code) ?? (listedCodes.has(f.code) ? new Set([listedCodes.get(f.code)?.status as number | string]) : undefined);
    if (!known) {
      problems.push({ file: f.file, line: f.line, message: `the code ${f.code} is answered here but is neither in the catalogue (${CATALOGUE_FILE}) nor listed in OUTSIDE_CATALOGUE (scripts/gen-errors-doc.ts)` });
      continue;
    }
    if (f.status !== undefined && !statusMatches(f.status, known)) {
      problems.push({ file: f.file, line: f.line, message: `the code ${f.code} is answered here with ${f.status}, but documented with ${[...known].join(', ')}` });
    }
  }
  for (const l of listed) {
    if (!found.some((f) => f.code === l.code)) {
      problems.push({ file: 'scripts/gen-errors-doc.ts', line: 1, message: `${l.code} is listed in OUTSIDE_CATALOGUE but answered nowhere in ${SERVER_DIR}: remove it` });
    }
  }
  for (const e of catalogue) {
    if (!when[e.factory]) problems.push({ file: CATALOGUE_FILE, line: 1, message: `errors.${e.factory} (${e.code}) has no WHEN in scripts/gen-errors-doc.ts: say when a caller gets it` });
  }
  for (const name of Object.keys(when)) {
    if (!catalogue.some((e) => e.factory === name)) problems.push({ file: 'scripts/gen-errors-doc.ts', line: 1, message: `WHEN describes errors.${name}, which the catalogue no longer has` });
  }
  if (problems.length) throw new CatalogueError(problems);
  return { catalogue, found, uncoded };
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function quoted(text: string): string {
  return `\`${cell(text).replace(/`/g, "'")}\``;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

const BANNER = `<!-- GENERATED FILE - do not edit by hand. Source: ${CATALOGUE_FILE} and the codes answered under ${SERVER_DIR}/, read by scripts/gen-errors-doc.ts. Regenerate with \`npm run gen:errors\`; CI runs \`npm run gen:errors -- --check\`. -->`;

/** docs/errors.md from checked sources. */
export function render({ catalogue, found, uncoded }: Checked, listed: ListedCode[] = OUTSIDE_CATALOGUE, when: Record<string, string> = WHEN): string {
  const lines: string[] = [
    BANNER,
    '',
    '# Error codes',
    '',
    'Every refusal of the API answers a JSON body `{ error, code, details? }`: `error` is a message a',
    'person can act on, `code` a stable code a program can test, `details` (when the request was not',
    'valid) a list of `{ pointer, message }` into the request. A refusal\'s body stays under 4 KiB',
    'whatever the request held (`refusalBody` in `src/server/core/errors.ts`). Messages below show what',
    'varies as `{placeholders}`.',
    '',
    'This page is generated by `npm run gen:errors` (`scripts/gen-errors-doc.ts`). The catalogue,',
    'the `errors` object of `src/server/core/errors.ts`, is the source of truth: its codes, statuses and',
    'messages are read from the code. Codes answered without a catalogue factory are found by',
    'parsing every file under `src/server` (each `new ApiError(...)`, each code given to',
    '`refusalBody(...)`, each `code: \'...\'` in a body the server sends) and must be listed, with',
    'their meaning, in the generator; `tests/unit/error-catalogue.test.ts` fails when a code is',
    'answered that this page does not describe, or when this page is stale.',
    '',
    '## The catalogue',
    '',
    '| code | HTTP status | message | when | factory |',
    '|---|---:|---|---|---|',
  ];
  for (const e of catalogue) {
    const message =
      e.message === undefined ? '(the reason, written where it is thrown)' : e.messageIsDefault ? `${quoted(e.message)} by default, or a more precise one` : quoted(e.message);
    lines.push(`| \`${e.code}\` | ${e.status} | ${message} | ${cell(when[e.factory] ?? '')} | \`errors.${e.factory}\` |`);
  }
  lines.push(
    '',
    '## Answered outside the catalogue',
    '',
    'These are answered where they arise rather than through a factory of the catalogue; "where" is',
    'what the scan found.',
    '',
    '| code | HTTP status | message | when | where |',
    '|---|---:|---|---|---|',
  );
  for (const l of listed) {
    const sites = found.filter((f) => f.code === l.code);
    const messages = l.message !== undefined ? [`(${l.message})`] : unique(sites.map((s) => s.message).filter((m): m is string => !!m)).map(quoted);
    const where = unique(sites.map((s) => `\`${s.file}\``)).join(', ');
    lines.push(`| \`${l.code}\` | ${l.status} | ${messages.join('; or ')} | ${cell(l.when)} | ${where} |`);
  }
  const elsewhere = unique(
    found
      .filter((f) => f.file !== CATALOGUE_FILE && catalogue.some((e) => e.code === f.code))
      .map((f) => `\`${f.code}\` in \`${f.file}\``),
  );
  if (elsewhere.length) {
    lines.push('', `Catalogue codes also answered directly (with the catalogue's status): ${elsewhere.join(', ')}.`);
  }
  lines.push(
    '',
    '## Refused by Fastify',
    '',
    "Refusals Fastify or a Fastify plugin makes before our code runs keep their own code and message",
    '(the error handler in `src/server/http/error-handler.ts` passes on any refusal under 500 as it is). The usual ones:',
    '',
    '| code | HTTP status | message | when |',
    '|---|---:|---|---|',
  );
  for (const l of FASTIFY_CODES) {
    const message = /^[A-Z]/.test(l.message ?? '') ? quoted(l.message ?? '') : `(${l.message})`;
    lines.push(`| \`${l.code}\` | ${l.status} | ${message} | ${cell(l.when)} |`);
  }
  if (uncoded.length) {
    lines.push(
      '',
      '## Answers without a code',
      '',
      'Bodies sent with an `error` and no `code`: their screens read other fields (`success`).',
      '',
      '| HTTP status | message | where |',
      '|---:|---|---|',
    );
    for (const u of uncoded) {
      lines.push(`| ${u.status ?? ''} | ${u.message ? quoted(u.message) : ''} | \`${u.file}\` |`);
    }
  }
  lines.push('');
  return lines.join('\n');
}

/** The generated files by path (relative to the repository), built in memory. */
export function generate(sources: Sources = repositorySources()): Map<string, string> {
  return new Map([[ERRORS_DOC, render(check(sources))]]);
}

function main(): void {
  const checkOnly = process.argv.includes('--check');
  let files: Map<string, string>;
  try {
    files = generate();
  } catch (e) {
    if (!(e instanceof CatalogueError)) throw e;
    console.error(`gen:errors: the error catalogue does not describe what the server answers:\n${e.message}`);
    process.exit(1);
  }
  writeOrCheck(root, files, checkOnly, 'gen:errors', 'npm run gen:errors');
}

// Run only as a script, so tests can import generate() without writing files.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
