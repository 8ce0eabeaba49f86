import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CatalogueError,
  check,
  ERRORS_DOC,
  generate,
  OUTSIDE_CATALOGUE,
  repositorySources,
  scanSource,
  type Sources,
} from '../../scripts/gen-errors-doc.js';

const root = path.resolve(import.meta.dirname, '../..');

/** The repository's sources with one more server file, as if someone had just written it. */
function withFile(file: string, text: string): Sources {
  const sources = repositorySources();
  return { ...sources, files: [...sources.files, { file, text }] };
}

function problemsOf(sources: Sources): string[] {
  try {
    check(sources);
    return [];
  } catch (e) {
    if (!(e instanceof CatalogueError)) throw e;
    return e.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
  }
}

/** Every code the server answers is described in docs/errors.md, and that page is what the generator makes. */
describe('the error catalogue', () => {
  it('describes every code answered anywhere in src/server', () => {
    expect(problemsOf(repositorySources())).toEqual([]);
  });

  it('docs/errors.md is up to date (run npm run gen:errors)', () => {
    const content = generate().get(ERRORS_DOC);
    expect(fs.readFileSync(path.join(root, ERRORS_DOC), 'utf8'), `${ERRORS_DOC} is stale: run npm run gen:errors`).toBe(content);
  });

  it('docs/errors.md names every code found, each in its own row', () => {
    const doc = fs.readFileSync(path.join(root, ERRORS_DOC), 'utf8');
    const { found } = check(repositorySources());
    for (const code of new Set(found.map((f) => f.code))) expect(doc).toContain(`| \`${code}\` |`);
  });

  it('finds codes wherever the server answers them', () => {
    const { found, uncoded } = scanSource(
      'src/server/routes/example.ts',
      `
      const LIMIT = 2 * 1024;
      export async function routes(app, reply, err) {
        throw new ApiError(418, 'TEAPOT', \`at most \${LIMIT / 1024} KiB\`);
        reply.status(409).send(refusalBody('taken', 'ALREADY_TAKEN'));
        reply.status(err.statusCode).send(refusalBody(err.message, err.code ?? 'FALLBACK'));
        reply.status(400).header('x', '1').send({ error: 'no', code: 'SENT_CODE' });
        reply.status(401).send({ success: false, error: 'no code here' });
        const schema = { code: { type: 'string' } };
      }`,
    );
    expect(found.map((f) => [f.code, f.status, f.how])).toEqual([
      ['TEAPOT', 418, 'new ApiError'],
      ['ALREADY_TAKEN', 409, 'refusalBody'],
      ['FALLBACK', undefined, 'refusalBody'],
      ['SENT_CODE', 400, 'code:'],
    ]);
    expect(found[0]?.message).toBe('at most 2 KiB');
    expect(uncoded).toEqual([{ status: 401, message: 'no code here', file: 'src/server/routes/example.ts', line: 8 }]);
  });

  // The checks above would pass on a scanner that finds nothing: these show they can fail.
  it('fails on a code thrown outside the catalogue that nothing lists', () => {
    const problems = problemsOf(withFile('src/server/routes/fake.ts', "throw new ApiError(400, 'UNKNOWN_CODE', 'made up');"));
    expect(problems).toEqual([
      'src/server/routes/fake.ts:1: the code UNKNOWN_CODE is answered here but is neither in the catalogue (src/server/core/errors.ts) nor listed in OUTSIDE_CATALOGUE (scripts/gen-errors-doc.ts)',
    ]);
  });

  it('fails on an unknown code in a reply body or given to refusalBody', () => {
    const problems = problemsOf(
      withFile(
        'src/server/routes/fake.ts',
        "reply.status(400).send({ error: 'x', code: 'NOT_DOCUMENTED' });\nreply.status(409).send(refusalBody('y', 'ALSO_NOT_DOCUMENTED'));",
      ),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('fake.ts:1: the code NOT_DOCUMENTED');
    expect(problems[1]).toContain('fake.ts:2: the code ALSO_NOT_DOCUMENTED');
  });

  it('fails on a known code answered with another status, and on a code that is not a literal', () => {
    const problems = problemsOf(
      withFile('src/server/routes/fake.ts', "throw new ApiError(500, 'NOT_FOUND', 'gone');\nconst code = pick();\nthrow new ApiError(400, code, 'which?');"),
    );
    expect(problems).toEqual([
      'src/server/routes/fake.ts:3: new ApiError(...) needs its code as a string literal, so the catalogue can be checked',
      'src/server/routes/fake.ts:1: the code NOT_FOUND is answered here with 500, but documented with 404',
    ]);
  });

  it('fails on a listed code nobody answers any more, and on a factory without a meaning', () => {
    const listed = [...OUTSIDE_CATALOGUE, { code: 'LONG_GONE', status: 410, when: 'never' }];
    expect(() => check(repositorySources(), listed)).toThrow(/LONG_GONE is listed in OUTSIDE_CATALOGUE but answered nowhere/);
    const sources = repositorySources();
    const catalogue = sources.catalogue.replace('export const errors = {', "export const errors = {\n  brandNew: () => new ApiError(400, 'BRAND_NEW', 'new'),");
    expect(() => check({ ...sources, catalogue })).toThrow(/errors\.brandNew \(BRAND_NEW\) has no WHEN/);
  });

  it('a catalogue change the page does not show yet makes it stale', () => {
    const sources = repositorySources();
    const catalogue = sources.catalogue.replace("'Please sign in first'", "'Sign in, please'");
    expect(catalogue).not.toBe(sources.catalogue);
    const page = generate({ ...sources, catalogue }).get(ERRORS_DOC);
    expect(page).toContain('| `UNAUTHENTICATED` | 401 | `Sign in, please` |');
    expect(page).not.toBe(fs.readFileSync(path.join(root, ERRORS_DOC), 'utf8'));
  });
});
