import { describe, expect, it } from 'vitest';
import { filterProblems, recordFilter, type FilterRecord, type ModelDefinition } from '../../src/shared/filter/index.js';

/**
 * CURRENT_USER.<field> (docs/filters.md, "Values and variables"): a field of the caller's User
 * record, checked against the User model's fields and valued from the caller's record.
 */
const Branch: ModelDefinition = { name: 'Branch', idtype: 'integer', fields: [{ name: 'name', type: 'text' }] };
const User: ModelDefinition = {
  name: 'User',
  idtype: 'integer',
  fields: [
    { name: 'user', type: 'text' },
    { name: 'city', type: 'text' },
    { name: 'level', type: 'number' },
    { name: 'home', type: 'reference', target: 'Branch' },
    { name: 'password', type: 'password' },
  ],
};
const Loan: ModelDefinition = {
  name: 'Loan',
  idtype: 'integer',
  fields: [
    { name: 'city', type: 'text' },
    { name: 'level', type: 'number' },
    { name: 'branch', type: 'reference', target: 'Branch' },
    { name: 'borrower', type: 'reference', target: 'User' },
  ],
};
const models = [Branch, User, Loan];
const cond = (field: string, variable: string, op = 'eq') => ({ and: [{ field, op, value: { var: variable } }] });

describe('CURRENT_USER.<field> is checked against the User model', () => {
  it('takes a field of User of the kind it is compared with', () => {
    expect(filterProblems(cond('city', 'CURRENT_USER.city'), Loan, models)).toEqual([]);
    expect(filterProblems(cond('level', 'CURRENT_USER.level', 'gte'), Loan, models)).toEqual([]);
    expect(filterProblems(cond('branch', 'CURRENT_USER.home'), Loan, models)).toEqual([]);
    expect(filterProblems(cond('branch.id', 'CURRENT_USER.home'), Loan, models)).toEqual([]);
  });

  it.each([
    ['a field User has not', cond('city', 'CURRENT_USER.town'), "CURRENT_USER.town: 'town' is not a field of User"],
    ['text for a number', cond('level', 'CURRENT_USER.city'), 'CURRENT_USER.city is a text field of User: it does not fit a number field'],
    ['a reference to another model', cond('borrower', 'CURRENT_USER.home'), 'CURRENT_USER.home is a reference to Branch: it fits a reference to Branch or the id of one (this is a reference field of User)'],
    ['a password', cond('city', 'CURRENT_USER.password'), 'CURRENT_USER.password is a password field of User: password fields cannot be compared'],
  ])('refuses %s at the value', (_, tree, message) => {
    expect(filterProblems(tree, Loan, models)).toEqual([{ pointer: '/and/0/value', message }]);
  });

  it('refuses a name that is no variable at all, as before', () => {
    expect(filterProblems(cond('city', 'CURRENT_USER.'), Loan, models)[0]?.pointer).toBe('/and/0/value/var');
    expect(filterProblems(cond('city', 'CURRENT_USER.a.b'), Loan, models)[0]?.pointer).toBe('/and/0/value/var');
  });
});

describe('CURRENT_USER.<field> takes the caller record', () => {
  const loans: FilterRecord[] = [
    { id: 1, city: 'Oslo', level: 1, branch: 1 },
    { id: 2, city: 'Bergen', level: 3, branch: 2 },
    { id: 3, city: null, level: null, branch: null },
  ];
  const ids = (tree: unknown, user: FilterRecord | null) =>
    loans.filter(recordFilter(tree, { model: Loan, models, lookup: () => undefined, context: { user } })).map((r) => r.id);

  it('compares with the value of the caller field', () => {
    expect(ids(cond('city', 'CURRENT_USER.city'), { city: 'Bergen' })).toEqual([2]);
    expect(ids(cond('branch', 'CURRENT_USER.home'), { home: 1 })).toEqual([1]);
    expect(ids(cond('branch', 'CURRENT_USER.home'), { home: '1' })).toEqual([1]);
    expect(ids(cond('level', 'CURRENT_USER.level', 'lte'), { level: 2 })).toEqual([1]);
  });

  it('holds for no record when the caller field is unset or empty, or nobody is signed in', () => {
    expect(ids(cond('city', 'CURRENT_USER.city'), { city: null })).toEqual([]);
    expect(ids(cond('city', 'CURRENT_USER.city'), { city: '' })).toEqual([]);
    expect(ids(cond('city', 'CURRENT_USER.city', 'ne'), { city: '' })).toEqual([]);
    expect(ids(cond('branch', 'CURRENT_USER.home'), null)).toEqual([]);
  });
});
