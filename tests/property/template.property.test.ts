import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderTemplate, renderTemplateValue, templatePaths, templateProblems, type TemplatePath } from '../../src/shared/template';

/**
 * The templates' promises over any input (docs/automations.md, "Templates"): rendering never
 * throws; text without `{{` is itself; a value that looks like a template is never rendered
 * again; the paths listed are the ones the renderer looks up.
 */

/** Text rich in the characters templates care about, as well as any other. */
const templateish = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: fc.constantFrom('{', '}', '{{', '}}', '\\', '.', ' ', 'a', 'record', '0', '_', '\t', 'é', '\n'), maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
);

/** A well-formed path, as a placeholder names it. */
const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/);
const path = fc.tuple(name, fc.array(fc.oneof(name, fc.nat(20).map(String)), { maxLength: 4 }));

/** Any value a lookup could answer, hostile ones included. */
const anyValue = fc.oneof(fc.anything(), fc.date({ noInvalidDate: false }), fc.bigInt(), fc.constant(Symbol('s')), fc.constant(() => 1));

describe('templates, for any input', () => {
  it('rendering never throws, and answers text', () => {
    fc.assert(
      fc.property(templateish, anyValue, (text, value) => {
        expect(typeof renderTemplate(text, () => value)).toBe('string');
        renderTemplateValue(text, () => value);
        expect(Array.isArray(templateProblems(text))).toBe(true);
        templatePaths(text);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a throwing lookup renders as missing values', () => {
    fc.assert(
      fc.property(templateish, (text) => {
        const thrower = () => {
          throw new Error('no');
        };
        expect(typeof renderTemplate(text, thrower)).toBe('string');
      }),
      { numRuns: 500 },
    );
  });

  it('text without {{ renders as itself and reads nothing', () => {
    fc.assert(
      fc.property(templateish, (raw) => {
        const text = raw.replace(/\{(?=\{)/g, '{ ');
        let called = false;
        expect(
          renderTemplate(text, () => {
            called = true;
            return 'x';
          }),
        ).toBe(text);
        expect(called).toBe(false);
        expect(templateProblems(text)).toEqual([]);
        expect(templatePaths(text)).toEqual([]);
      }),
      { numRuns: 1_000 },
    );
  });

  it('a rendered value containing {{ is never rendered again', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(templateish, path.map(([head, rest]) => ({ path: [head, ...rest] }))), { maxLength: 8 }), templateish, (pieces, injected) => {
        // A template of literal pieces (braces kept out of them) and placeholders; every value is the injected text.
        const value = `{{${injected}}}${injected}`;
        let expected = '';
        let template = '';
        for (const piece of pieces) {
          if (typeof piece === 'string') {
            const literal = piece.replaceAll('{', '(').replaceAll('\\', '/');
            template += literal;
            expected += literal;
          } else {
            template += `{{ ${piece.path.join('.')} }}`;
            expected += value;
          }
        }
        expect(renderTemplate(template, () => value)).toBe(expected);
        const single = pieces.find((p) => typeof p !== 'string');
        if (single) expect(renderTemplateValue(`{{${single.path.join('.')}}}`, () => value)).toBe(value);
      }),
      { numRuns: 1_000 },
    );
  });

  it('looks up exactly the paths templatePaths lists, and they are well formed', () => {
    fc.assert(
      fc.property(templateish, (text) => {
        const asked = new Set<string>();
        renderTemplate(text, (p: TemplatePath) => {
          asked.add(p.join('.'));
          return '';
        });
        const listed = templatePaths(text);
        expect(new Set(listed.map((p) => p.join('.')))).toEqual(asked);
        for (const p of listed) expect(templateProblems(`{{${p.join('.')}}}`)).toEqual([]);
        // A template with no problems renders every {{ it holds as a placeholder or as an escape.
        if (templateProblems(text).length === 0) expect(listed.length).toBeLessThanOrEqual(text.split('{{').length - 1);
      }),
      { numRuns: 2_000 },
    );
  });
});
