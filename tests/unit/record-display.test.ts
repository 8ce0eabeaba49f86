import { describe, expect, it } from 'vitest';
import { displayProblem, effectiveDisplay, recordDisplay } from '../../src/shared/record-display.js';

const member = {
  fields: [
    { name: 'first', type: 'text' },
    { name: 'last', type: 'text' },
    { name: 'joined', type: 'date' },
    { name: 'secret', type: 'password' },
    { name: 'books', type: 'link' },
  ],
};

describe('what a record is called', () => {
  it('is the first text field without a display', () => {
    expect(effectiveDisplay(member)).toBe('first');
    expect(recordDisplay(member, { id: 7, first: 'Ada', last: 'Lovelace' })).toBe('Ada');
  });

  it('is a template of fields', () => {
    const m = { ...member, display: '{first} {last} ({joined})' };
    expect(displayProblem(m)).toBeUndefined();
    expect(recordDisplay(m, { id: 7, first: 'Ada', last: 'Lovelace', joined: '1833-06-05' })).toBe('Ada Lovelace (1833-06-05)');
  });

  it('falls back to the id when nothing is shown', () => {
    expect(recordDisplay({ ...member, display: 'last' }, { id: 'a1', last: null })).toBe('a1');
    expect(recordDisplay({ fields: [{ name: 'n', type: 'number' }] }, { id: 3, n: 5 })).toBe('3');
  });

  it('refuses unknown fields, passwords, links and open braces', () => {
    expect(displayProblem({ ...member, display: '{first} {middle}' })).toBe("'middle' is not a field of this model");
    expect(displayProblem({ ...member, display: 'secret' })).toBe("the password field 'secret' cannot name a record");
    expect(displayProblem({ ...member, display: '{books}' })).toBe("the link field 'books' cannot name a record");
    expect(displayProblem({ ...member, display: '{first} {last' })).toBe("'{first} {last' has a brace that is not closed");
    expect(displayProblem({ ...member, display: ' ' })).toMatch(/names no field/);
  });
});
