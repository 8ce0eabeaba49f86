import { describe, expect, it } from 'vitest';
import {
  MAX_PLACEHOLDERS,
  MAX_RENDERED_LENGTH,
  MAX_TEMPLATE_LENGTH,
  renderTemplate,
  renderTemplateValue,
  singlePlaceholder,
  TEMPLATE_ROOTS,
  templatePaths,
  templateProblems,
  templateText,
  type TemplatePath,
} from '../../src/shared/template';

/**
 * The automations' templates (docs/automations.md, "Templates"): `{{ path }}` looked up, never
 * run; what is not a placeholder stays text; a value is never read again for placeholders.
 */
const values: Record<string, unknown> = {
  record: { title: 'Dune', count: 3, price: 12.5, done: false, member: 7, notes: null, tags: ['a', 'b'], meta: { x: 1 } },
  before: { status: 'open' },
  user: { email: 'ann@example.com' },
  now: '2025-01-31T09:00:00.000Z',
  data: { items: [{ name: 'first' }, { name: 'second' }] },
  steps: { created: { id: 42 } },
};

/** A lookup over plain values, as the automation's scope answers them. */
function lookup(path: TemplatePath): unknown {
  let at: unknown = values;
  for (const segment of path) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, segment)) return undefined;
    at = (at as Record<string, unknown>)[segment];
  }
  return at;
}

describe('renderTemplate', () => {
  it('fills each placeholder with its value, spaces inside the braces allowed', () => {
    expect(renderTemplate('Book {{record.title}} was {{ before.status }}, now {{\trecord.done\t}}.', lookup)).toBe('Book Dune was open, now false.');
    expect(renderTemplate('{{user.email}}', lookup)).toBe('ann@example.com');
    expect(renderTemplate('{{ now }}', lookup)).toBe('2025-01-31T09:00:00.000Z');
    expect(renderTemplate('id {{steps.created.id}}', lookup)).toBe('id 42');
  });

  it('indexes arrays with numeric segments', () => {
    expect(renderTemplate('{{data.items.0.name}} and {{data.items.1.name}}', lookup)).toBe('first and second');
    expect(renderTemplate('[{{data.items.2.name}}]', lookup)).toBe('[]');
    expect(renderTemplate('{{record.tags.1}}', lookup)).toBe('b');
  });

  it('renders numbers and booleans as their text, null and missing values as nothing', () => {
    expect(renderTemplate('{{record.count}}/{{record.price}}/{{record.done}}', lookup)).toBe('3/12.5/false');
    expect(renderTemplate('[{{record.notes}}][{{record.nothing}}][{{nobody.at.all}}]', lookup)).toBe('[][][]');
  });

  it('renders arrays and objects as JSON and dates as ISO 8601 text', () => {
    expect(renderTemplate('{{record.tags}} {{record.meta}}', lookup)).toBe('["a","b"] {"x":1}');
    const when = new Date(Date.UTC(2025, 0, 31, 9));
    expect(renderTemplate('at {{x}}', () => when)).toBe('at 2025-01-31T09:00:00.000Z');
    expect(renderTemplate('{{x}}', () => ({ at: when }))).toBe('{"at":"2025-01-31T09:00:00.000Z"}');
    expect(templateText(new Date(Number.NaN))).toBe('');
  });

  it('renders what cannot be text as nothing instead of failing', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(renderTemplate('[{{x}}]', () => cycle)).toBe('[]');
    expect(renderTemplate('[{{x}}]', () => ({ n: 1n }))).toBe('[]');
    expect(renderTemplate('[{{x}}]', () => () => 1)).toBe('[]');
    expect(renderTemplate('[{{x}}]', () => Symbol('s'))).toBe('[]');
    expect(renderTemplate('[{{x}}]', () => 12n)).toBe('[12]');
    expect(
      renderTemplate('[{{x}}]', () => {
        throw new Error('lookup failed');
      }),
    ).toBe('[]');
  });

  it('never reads a value again for placeholders: no template injection through a record', () => {
    const evil = (path: TemplatePath) => (path[0] === 'record' ? '{{user.email}} \\{{now}} {{' : 'secret');
    expect(renderTemplate('Title: {{record.title}}', evil)).toBe('Title: {{user.email}} \\{{now}} {{');
    expect(renderTemplateValue('{{record.title}}', evil)).toBe('{{user.email}} \\{{now}} {{');
  });

  it('writes \\{{ as literal braces, and leaves other backslashes alone', () => {
    expect(renderTemplate('\\{{record.title}} is {{record.title}}', lookup)).toBe('{{record.title}} is Dune');
    expect(renderTemplate('C:\\dir\\{{record.title}}', lookup)).toBe('C:\\dir{{record.title}}');
    expect(renderTemplate('a\\b }} {', lookup)).toBe('a\\b }} {');
  });

  it('leaves what is not a placeholder as it is written', () => {
    expect(renderTemplate('{{ }} {{record title}} {{record..title}} {{1.x}} {{record.title', lookup)).toBe('{{ }} {{record title}} {{record..title}} {{1.x}} {{record.title');
    expect(renderTemplate('{{{record.title}}}', lookup)).toBe('{{{record.title}}}');
    expect(renderTemplate('{{record.title}}}', lookup)).toBe('Dune}');
    expect(renderTemplate('{{ record.title }} {{ a-b }}', lookup)).toBe('Dune {{ a-b }}');
  });

  it('never runs code: anything but a path is text', () => {
    let called = 0;
    const counting = () => {
      called++;
      return 'x';
    };
    const attempts = ['{{constructor.constructor("return 1")()}}', '{{ record.title + 1 }}', '{{record["title"]}}', '{{ `x` }}', '{{a;b}}', '{{ this }} '];
    for (const text of attempts) expect(renderTemplate(text, counting)).toBe(text.replace('{{ this }}', 'x'));
    expect(called).toBe(1);
  });

  it('renders a template over the bounds exactly as written, looking nothing up', () => {
    let called = 0;
    const counting = () => {
      called++;
      return 'x';
    };
    const long = `{{a}}${'.'.repeat(MAX_TEMPLATE_LENGTH)}`;
    expect(renderTemplate(long, counting)).toBe(long);
    const many = '{{a}}'.repeat(MAX_PLACEHOLDERS + 1);
    expect(renderTemplate(many, counting)).toBe(many);
    expect(called).toBe(0);
    expect(renderTemplate('{{a}}'.repeat(MAX_PLACEHOLDERS), counting)).toBe('x'.repeat(MAX_PLACEHOLDERS));
    expect(called).toBe(MAX_PLACEHOLDERS);
    // Text without placeholders is itself at any length.
    const plain = 'x'.repeat(MAX_TEMPLATE_LENGTH * 2);
    expect(renderTemplate(plain, counting)).toBe(plain);
  });

  it('cuts a rendered text at MAX_RENDERED_LENGTH', () => {
    const big = 'y'.repeat(10_000);
    const out = renderTemplate('{{a}}'.repeat(50), () => big);
    expect(out.length).toBe(MAX_RENDERED_LENGTH);
  });

  it('renders a non-string as nothing rather than throwing', () => {
    expect(renderTemplate(undefined as unknown as string, lookup)).toBe('');
    expect(renderTemplate(12 as unknown as string, lookup)).toBe('');
  });
});

describe('renderTemplateValue', () => {
  it('keeps the type of a value named by a string that is one placeholder alone', () => {
    expect(renderTemplateValue('{{record.count}}', lookup)).toBe(3);
    expect(renderTemplateValue('{{ record.done }}', lookup)).toBe(false);
    expect(renderTemplateValue('{{record.tags}}', lookup)).toEqual(['a', 'b']);
    expect(renderTemplateValue('{{record.member}}', lookup)).toBe(7);
    expect(renderTemplateValue('{{record.notes}}', lookup)).toBeNull();
    expect(renderTemplateValue('{{record.nothing}}', lookup)).toBeNull();
  });

  it('renders any other string as text', () => {
    expect(renderTemplateValue('{{record.count}} books', lookup)).toBe('3 books');
    expect(renderTemplateValue(' {{record.count}}', lookup)).toBe(' 3');
    expect(renderTemplateValue('{{record.count}}{{record.count}}', lookup)).toBe('33');
    expect(renderTemplateValue('\\{{record.count}}', lookup)).toBe('{{record.count}}');
    expect(renderTemplateValue('{{record count}}', lookup)).toBe('{{record count}}');
    expect(renderTemplateValue('plain', lookup)).toBe('plain');
  });

  it('returns anything but a string as it is', () => {
    const object = { a: '{{record.title}}' };
    for (const value of [12, true, null, undefined, object, ['{{record.title}}']]) expect(renderTemplateValue(value, lookup)).toBe(value);
  });

  it('knows a single placeholder', () => {
    expect(singlePlaceholder('{{ record.member.email }}')).toEqual(['record', 'member', 'email']);
    expect(singlePlaceholder('{{a}}}')).toBeNull();
    expect(singlePlaceholder('{{a}} {{b}}')).toBeNull();
    expect(singlePlaceholder('{{a}}x}}')).toBeNull();
    expect(singlePlaceholder('{{a b}}')).toBeNull();
  });
});

describe('templatePaths', () => {
  it('lists the paths a template reads, in order, without repeats', () => {
    expect(templatePaths('{{record.member.email}} {{ now }} {{record.member.email}} {{data.items.0.name}} \\{{user.x}} {{bad path}}')).toEqual([
      ['record', 'member', 'email'],
      ['now'],
      ['data', 'items', '0', 'name'],
    ]);
    expect(templatePaths('no placeholders')).toEqual([]);
  });

  it('lists nothing for a template over the bounds, which is never rendered', () => {
    expect(templatePaths('{{a}}'.repeat(MAX_PLACEHOLDERS + 1))).toEqual([]);
    expect(templatePaths(`{{a}}${' '.repeat(MAX_TEMPLATE_LENGTH)}`)).toEqual([]);
  });
});

describe('templateProblems', () => {
  it('finds nothing wrong with good templates', () => {
    expect(templateProblems('Dear {{ record.member.name }}, {{record.book.title}} is due on {{record.due}}. \\{{literal}}')).toEqual([]);
    expect(templateProblems('')).toEqual([]);
    expect(templateProblems('{{data.items.10.name}} {{_x._y}}')).toEqual([]);
  });

  it('names an unclosed {{ with its place and the escape', () => {
    expect(templateProblems('Hello {{record.title')).toEqual(["'{{' at character 7 is not closed by '}}' (write \\{{ for the braces themselves)"]);
  });

  it('names an empty path, empty names, numbers first and bad characters', () => {
    expect(templateProblems('{{}} {{ }}')).toEqual(['{{}} at character 1 names nothing', '{{ }} at character 6 names nothing']);
    expect(templateProblems('{{record..title}}')[0]).toMatch(/empty name/);
    expect(templateProblems('{{record.}}')[0]).toMatch(/empty name/);
    expect(templateProblems('{{.record}}')[0]).toMatch(/empty name/);
    expect(templateProblems('{{0.x}}')[0]).toMatch(/starts with a number/);
    expect(templateProblems('{{data.items.01}}')[0]).toMatch(/'01', which is neither a name/);
    expect(templateProblems('{{record.title | upper}}')[0]).toMatch(/^\{\{record.title \| upper\}\} at character 1 has 'title \| upper'/);
    expect(templateProblems('{{ a-b }} {{ x(1) }} {{ é }}')).toHaveLength(3);
    expect(templateProblems('{{{a}}}')[0]).toMatch(/has '\{a'/);
  });

  it('checks the roots when told them', () => {
    expect(templateProblems('{{record.title}} {{now}} {{steps.a.id}}', { roots: TEMPLATE_ROOTS })).toEqual([]);
    expect(templateProblems('{{recrod.title}}', { roots: TEMPLATE_ROOTS })).toEqual([
      "{{recrod.title}} starts with 'recrod': a path starts with record, before, user, now, data, item, steps",
    ]);
  });

  it('refuses a template over the bounds with one message', () => {
    expect(templateProblems('x'.repeat(MAX_TEMPLATE_LENGTH + 1))).toEqual(['The template is 20,001 characters long: at most 20,000']);
    expect(templateProblems('x'.repeat(MAX_TEMPLATE_LENGTH))).toEqual([]);
    expect(templateProblems('{{a}}'.repeat(MAX_PLACEHOLDERS + 1))).toEqual(['The template has 201 placeholders: at most 200']);
    expect(templateProblems('{{a}}'.repeat(MAX_PLACEHOLDERS))).toEqual([]);
  });

  it('takes linear time on hostile input', () => {
    const started = performance.now();
    for (const text of ['{{'.repeat(10_000), '{{a'.repeat(6_000), '\\{{'.repeat(6_000), `{{${'a.'.repeat(9_000)}}}`, '}}'.repeat(10_000)]) {
      templateProblems(text);
      renderTemplate(text, () => 'v');
      templatePaths(text);
    }
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
