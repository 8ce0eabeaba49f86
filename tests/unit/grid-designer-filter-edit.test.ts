import { describe, expect, it } from 'vitest';
import { fieldChoices, listOf, literalOf, problemsAt, variablesFor, withField, withOp } from '../../src/designer/ui/filters/filter-edit';
import type { ModelDefinition } from '../../src/shared/filter';

/** The grid designer's filter editor without React (src/designer/ui/filters/filter-edit.ts). */
const models: ModelDefinition[] = [
  {
    name: 'Order',
    fields: [
      { name: 'total', type: 'number' },
      { name: 'due', type: 'date' },
      { name: 'data', type: 'json' },
      { name: 'customer', type: 'reference', target: 'Customer' },
      { name: 'ghost', type: 'reference', target: 'Gone' },
      { name: 'owner', type: 'reference', target: 'User' },
    ],
  },
  { name: 'Customer', idtype: 'hex', fields: [{ name: 'city', type: 'text' }, { name: 'parent', type: 'reference', target: 'Customer' }] },
  { name: 'User', fields: [{ name: 'user', type: 'text' }] },
];
const find = (n: string) => models.find((m) => m.name === n);
const order = models[0]!;
const choices = fieldChoices(order, find);

describe('fieldChoices', () => {
  it('offers the filterable fields and id, then paths two references deep, never through a model not loaded', () => {
    expect(choices.map((c) => c.path)).toEqual([
      'id', 'total', 'due', 'customer', 'owner',
      'customer.id', 'customer.city', 'customer.parent',
      'customer.parent.id', 'customer.parent.city', 'customer.parent.parent',
      'owner.id', 'owner.user',
    ]);
    expect(choices.find((c) => c.path === 'customer.parent.city')?.group).toBe('Through customer → parent');
    expect(choices.find((c) => c.path === 'customer.parent.parent')?.idsOf?.name).toBe('Customer');
  });
});

describe('a condition edited', () => {
  it('keeps the operator and value across a field of the same kind, and starts a fitting one otherwise', () => {
    expect(withField({ field: 'total', op: 'gt', value: 3 }, 'due', choices)).toEqual({ field: 'due', op: 'gt', value: { var: 'TODAY' } });
    expect(withField({ field: '', op: 'eq', value: '' }, 'total', choices)).toEqual({ field: 'total', op: 'eq', value: 0 });
    expect(withField({ field: 'customer.city', op: 'contains', value: 'os' }, 'owner.user', choices)).toEqual({ field: 'owner.user', op: 'contains', value: 'os' });
    expect(withField({ field: 'total', op: 'between', value: [1, 2] }, 'customer', choices)).toEqual({ field: 'customer', op: 'eq', value: '' });
  });

  it('reshapes the value for the operator: a pair, a list, days, none', () => {
    const c = { field: 'total', op: 'eq', value: 5 };
    expect(withOp(c, 'between', 'number')).toEqual({ field: 'total', op: 'between', value: [5, 5] });
    expect(withOp(c, 'in', 'number')).toEqual({ field: 'total', op: 'in', value: [5] });
    expect(withOp(c, 'empty', 'number')).toEqual({ field: 'total', op: 'empty' });
    expect(withOp({ field: 'due', op: 'lastDays', value: 7 }, 'lt', 'date')).toEqual({ field: 'due', op: 'lt', value: { var: 'TODAY' } });
    expect(withOp({ field: 'due', op: 'gt', value: '2024-01-01' }, 'lastDays', 'date')).toEqual({ field: 'due', op: 'lastDays', value: 7 });
    expect(withOp({ field: 'total', op: 'between', value: [1, 9] }, 'gte', 'number')).toEqual({ field: 'total', op: 'gte', value: 1 });
  });

  it('reads typed text as a literal of the kind, leaving what does not fit as text for the checker', () => {
    expect(literalOf('42', 'number')).toBe(42);
    expect(literalOf('4x', 'number')).toBe('4x');
    expect(literalOf(' 7 ', 'reference', find('User'))).toBe(7);
    expect(literalOf('7', 'reference', find('Customer'))).toBe('7');
    expect(literalOf(' a ', 'text')).toBe(' a ');
    expect(listOf('1, x, CURRENT_USER.id,', 'id', find('User'))).toEqual([1, 'x', { var: 'CURRENT_USER.id' }]);
  });

  it('offers the variables that fit', () => {
    const of = (path: string) => variablesFor(choices.find((c) => c.path === path));
    expect(of('due')).toEqual(['TODAY']);
    expect(of('owner')).toEqual(['CURRENT_USER.id', 'RECORD.id']);
    expect(of('customer')).toEqual(['RECORD.id']);
    expect(of('total')).toEqual([]);
  });
});

describe('problemsAt', () => {
  const problems = [
    { pointer: '/filters/0/value/1', message: 'must be a number, such as 42 or 9.5 (not in quotes)' },
    { pointer: '/filters/0/field', message: "'x' is not a field of Order" },
    { pointer: '/filters/1/or/0/op', message: 'gt does not fit a text field' },
    { pointer: '/filters/1/or', message: 'must be a list of conditions' },
    { pointer: '/filters/10/value', message: 'not mine' },
  ];
  it('puts each problem at its input, a group keeping only its own', () => {
    expect(problemsAt(problems, '/filters/0', 'between')).toEqual({
      high: 'This value must be a number, such as 42 or 9.5 (not in quotes).',
      field: "'x' is not a field of Order.",
    });
    expect(problemsAt(problems, '/filters/1', undefined)).toEqual({ item: 'This value must be a list of conditions.' });
    expect(problemsAt(problems, '/filters/1/or/0', 'gt')).toEqual({ op: 'gt does not fit a text field.' });
    expect(problemsAt(problems, '/filters/1/or/1', 'eq')).toEqual({});
  });
});
