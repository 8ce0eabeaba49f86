import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/shared/field-formats';
import { validateField } from '../../src/shared/field-validation';

const never = () => undefined;

/** Each Input type's values as a user types them or a picker fills them in, and what must be refused. */
const CASES: Record<string, { good: string[]; bad: string[] }> = {
  email: { good: ['ann@example.com', 'a.b+tag@mail.example.org', 'tessera@localhost'], bad: ['bad@', 'not-an-email', '@example.com', 'a b@example.com', 'ann@exa mple.com', 'ann@@example.com'] },
  url: { good: ['https://example.com', 'http://localhost:3333/page/about', 'mailto:ann@example.com', 'ftp://files.example.com/a'], bad: ['example.com', 'https://', 'https:example.com', 'not a url', 'https://exa mple.com'] },
  tel: { good: ['+44 20 7946 0958', '(555) 123-4567', '030/1234567', '555-0100 ext. 12'], bad: ['call me', '+', '12345678901234567890123', '555-CALL'] },
  number: { good: ['19', '-3.5', '1e3', '0'], bad: ['nineteen', '19a', '1,5'] },
  date: { good: ['1965-07-29', '2024-02-29'], bad: ['2023-02-29', '2024-13-01', '29/07/1965', '1965-7-29', '2024-04-31'] },
  'datetime-local': { good: ['2024-05-01T09:30', '2024-05-01T09:30:15', '2024-05-01T09:30:15.250Z', '2024-05-01 09:30:00+02:00'], bad: ['2024-05-01', '2024-05-01T25:00', 'tomorrow at 9'] },
  time: { good: ['09:30', '23:59:59', '00:00:00.5'], bad: ['9:30', '24:00', '09:60', 'noon'] },
  month: { good: ['2024-05'], bad: ['2024-13', '2024-5', 'May 2024'] },
  week: { good: ['2024-W01', '2024-W53'], bad: ['2024-W54', '2024-W1', '2024W01'] },
  color: { good: ['#00ff7f', '#ABCDEF'], bad: ['red', '#fff', '#00ff7g'] },
};

describe('the shape of each Input type', () => {
  it.each(Object.entries(CASES))('%s: accepts what a user or a picker gives, refuses the rest', (type, { good, bad }) => {
    for (const text of good) expect(formatProblem(type, text), `${type} '${text}'`).toBeNull();
    for (const text of bad) expect(formatProblem(type, text), `${type} '${text}'`).not.toBeNull();
  });

  it('reads a value without the spaces around it, as the browser does', () => {
    expect(formatProblem('email', ' admin@EXAMPLE.com ')).toBeNull();
    expect(formatProblem('number', ' 19 ')).toBeNull();
    expect(formatProblem('email', ' bad@ ')).not.toBeNull();
  });

  it('takes any text for text, password and hidden', () => {
    for (const type of ['text', 'password', 'hidden', undefined]) expect(formatProblem(type, 'bad@')).toBeNull();
  });

  it('is checked by the field validator with a message naming the field, before lengths and patterns', () => {
    const email = { childType: 'Input', name: 'email', label: 'E-mail', fieldtype: 'email', minchecked: true, min: 3 };
    expect(validateField(email, 'bad@', never)).toEqual({ valid: false, message: 'E-mail must be an e-mail address, such as name@example.com' });
    expect(validateField(email, 'ann@example.com', never)).toEqual({ valid: true, message: '' });
    // Empty is the required rule's business, not the shape's.
    expect(validateField(email, '', never).valid).toBe(true);
    const year = { childType: 'Input', name: 'year', label: 'Year', fieldtype: 'number', maxchecked: true, max: 2100 };
    expect(validateField(year, 'soon', never).message).toBe('Year must be a number');
    expect(validateField(year, 1965, never).valid).toBe(true);
    expect(validateField(year, '2200', never).message).toBe('Year is more than 2100');
  });
});

describe('long input', () => {
  // Every pattern here is linear, and a value longer than any real one is refused before a
  // pattern runs: the server checks these on its main thread.
  it.each(Object.keys(CASES))('%s: a megabyte built to make a pattern backtrack is refused at once', (type) => {
    for (const text of ['1'.repeat(1_000_000) + 'a', 'a@' + 'a.'.repeat(500_000) + '-', '0'.repeat(4000) + '!', `${'a'.repeat(2000)}@${'b'.repeat(2000)}`]) {
      const started = performance.now();
      formatProblem(type, text);
      expect(performance.now() - started, `${type}, ${text.length} characters`).toBeLessThan(250);
    }
  });
});
