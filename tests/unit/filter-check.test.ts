import { describe, expect, it } from 'vitest';
import { checkFilter, filterProblems, gridFilterProblems, MAX_FILTER_CONDITIONS, type FilterProblem } from '../../src/shared/filter/index.js';
import { Customer, Line, models, Order } from '../support/filter-models.js';

/**
 * The filter checker (src/shared/filter/check.ts): every refusal names its place by JSON pointer
 * and says why in words; what it accepts, it accepts on client and server alike.
 */
const on = (model: typeof Order) => (tree: unknown) => filterProblems(tree, model, models);
const order = on(Order);
const one = (condition: unknown) => order({ and: [condition] });

describe('filters the checker accepts', () => {
  it.each([
    ['a top and of nothing', { and: [] }],
    ['a top or of nothing', { or: [] }],
    ['text equality and membership', { and: [{ field: 'status', op: 'eq', value: 'open' }, { field: 'status', op: 'in', value: ['open', 'late'] }] }],
    ['text search', { or: [{ field: 'status', op: 'contains', value: 'OP' }, { field: 'status', op: 'startsWith', value: 'o' }] }],
    ['number ranges', { and: [{ field: 'total', op: 'between', value: [1, 10] }, { field: 'total', op: 'gt', value: 0.5 }] }],
    ['a boolean', { and: [{ field: 'paid', op: 'eq', value: false }] }],
    ['a date, today, and the last 7 days', { and: [{ field: 'due', op: 'lte', value: { var: 'TODAY' } }, { field: 'due', op: 'between', value: ['2024-01-01', '2024-12-31'] }, { field: 'due', op: 'lastDays', value: 7 }] }],
    ['a date and time and now', { and: [{ field: 'placed', op: 'lt', value: { var: 'NOW' } }, { field: 'placed', op: 'gte', value: '2024-05-01T09:30' }, { field: 'placed', op: 'gte', value: '2024-05-01T09:30:15.250+02:00' }] }],
    ['empty and not empty', { and: [{ field: 'status', op: 'empty' }, { field: 'due', op: 'notEmpty' }, { field: 'customer', op: 'empty' }] }],
    ['one hop', { and: [{ field: 'customer.city', op: 'eq', value: 'Oslo' }] }],
    ['a reference by id and by variable', { and: [{ field: 'customer', op: 'in', value: [1, 2, { var: 'RECORD.id' }] }, { field: 'customer.owner', op: 'eq', value: { var: 'CURRENT_USER.id' } }] }],
    ['the id of a hex model', { and: [{ field: 'id', op: 'eq', value: 'a'.repeat(32) }] }],
    ['a group of conditions and an old-style filter', { and: [{ or: [{ field: 'paid', op: 'eq', value: true }, { fieldname: 'status', value: 'x' }] }, { fieldname: 'total', value: '12' }] }],
  ])('%s', (_, tree) => {
    expect(order(tree)).toEqual([]);
  });

  it('accepts two hops', () => {
    expect(on(Line)({ and: [{ field: 'order.customer.name', op: 'startsWith', value: 'Ac' }, { field: 'order.customer.id', op: 'eq', value: 3 }] })).toEqual([]);
  });
});

describe('filters the checker refuses, each at its place', () => {
  const cases: [string, unknown, FilterProblem][] = [
    ['an unknown field', { field: 'colour', op: 'eq', value: 'red' }, { pointer: '/and/0/field', message: "'colour' is not a field of Order" }],
    ['an unknown field after a hop', { field: 'customer.town', op: 'eq', value: 'x' }, { pointer: '/and/0/field', message: "'town' is not a field of Customer" }],
    ['a hop through a field that is not a reference', { field: 'status.name', op: 'eq', value: 'x' }, { pointer: '/and/0/field', message: "'status' is a text field of Order: a path goes on only through reference fields" }],
    ['an empty part of a path', { field: 'customer..name', op: 'eq', value: 'x' }, { pointer: '/and/0/field', message: 'a path has an empty part (two dots, or a dot at an end)' }],
    ['a json field', { field: 'customer.notes', op: 'empty' }, { pointer: '/and/0/field', message: "'notes' is a json field: json fields cannot be filtered" }],
    ['a password field', { field: 'customer.secret', op: 'eq', value: 'x' }, { pointer: '/and/0/field', message: "'secret' is a password field: password fields cannot be filtered" }],
    ['ne on a link field', { field: 'customer.tags', op: 'ne', value: 1 }, { pointer: '/and/0/op', message: "ne does not fit a link field ('customer.tags'); it takes eq (one of the linked records is), in (one of them is one of), empty (none linked) and notEmpty (any linked)" }],
    ['a link field compared with text', { field: 'customer.tags', op: 'eq', value: 'red' }, { pointer: '/and/0/value', message: 'must be the id of a record of Tag (a whole number, not in quotes)' }],
    ['contains on a number', { field: 'total', op: 'contains', value: 1 }, { pointer: '/and/0/op', message: "contains does not fit a number field ('total'); it takes eq, ne, gt, gte, lt, lte, between, in, empty, notEmpty" }],
    ['lastDays on text', { field: 'status', op: 'lastDays', value: 3 }, { pointer: '/and/0/op', message: "lastDays does not fit a text field ('status'); it takes eq, ne, contains, startsWith, empty, notEmpty, in" }],
    ['gt on a boolean', { field: 'paid', op: 'gt', value: true }, { pointer: '/and/0/op', message: "gt does not fit a yes-or-no field ('paid'); it takes eq, ne, empty, notEmpty" }],
    ['eq on a date and time', { field: 'placed', op: 'eq', value: '2024-05-01T09:30' }, { pointer: '/and/0/op', message: "eq does not fit a date-and-time field ('placed'); it takes gt, gte, lt, lte, between, lastDays, empty, notEmpty" }],
    ['a date that is not one', { field: 'due', op: 'gt', value: 'yesterday-ish' }, { pointer: '/and/0/value', message: 'must be a date written YYYY-MM-DD, such as 2024-05-01, or { "var": "TODAY" }' }],
    ['a day the calendar has not', { field: 'due', op: 'eq', value: '2023-02-29' }, { pointer: '/and/0/value', message: 'must be a date written YYYY-MM-DD, such as 2024-05-01, or { "var": "TODAY" }' }],
    ['a date and time without its time', { field: 'placed', op: 'lt', value: '2024-05-01' }, { pointer: '/and/0/value', message: 'must be a date and time written YYYY-MM-DDTHH:MM (seconds and a zone may follow), such as 2024-05-01T09:30, or { "var": "NOW" }' }],
    ['a number in quotes', { field: 'total', op: 'gt', value: '5' }, { pointer: '/and/0/value', message: 'must be a number, such as 42 or 9.5 (not in quotes)' }],
    ['a boolean in quotes', { field: 'paid', op: 'eq', value: 'true' }, { pointer: '/and/0/value', message: 'must be true or false (not in quotes)' }],
    ['a number for text', { field: 'status', op: 'eq', value: 5 }, { pointer: '/and/0/value', message: 'must be text (in quotes), as the field is text' }],
    ['text holding NUL', { field: 'status', op: 'eq', value: 'a\u0000b' }, { pointer: '/and/0/value', message: 'text cannot hold the character NUL' }],
    ['contains nothing', { field: 'status', op: 'contains', value: '' }, { pointer: '/and/0/value', message: 'contains needs some text to look for' }],
    ['between one value', { field: 'total', op: 'between', value: [1] }, { pointer: '/and/0/value', message: 'between takes a list of two values: [low, high], both included' }],
    ['between a plain value', { field: 'total', op: 'between', value: 1 }, { pointer: '/and/0/value', message: 'between takes a list of two values: [low, high], both included' }],
    ['between ends the wrong way round', { field: 'due', op: 'between', value: ['2024-12-31', '2024-01-01'] }, { pointer: '/and/0/value', message: 'the low end (2024-12-31) is above the high end (2024-01-01): no value could be between them' }],
    ['between with a bad end', { field: 'total', op: 'between', value: [1, 'ten'] }, { pointer: '/and/0/value/1', message: 'must be a number, such as 42 or 9.5 (not in quotes)' }],
    ['in an empty list', { field: 'status', op: 'in', value: [] }, { pointer: '/and/0/value', message: 'in takes a list of one or more values' }],
    ['in a plain value', { field: 'status', op: 'in', value: 'open' }, { pointer: '/and/0/value', message: 'in takes a list of one or more values' }],
    ['in with a bad item', { field: 'customer', op: 'in', value: [1, 'two'] }, { pointer: '/and/0/value/1', message: 'must be the id of a record of Customer (a whole number, not in quotes)' }],
    ['a hex id that is not one', { field: 'id', op: 'eq', value: 'abc' }, { pointer: '/and/0/value', message: 'must be the id of a record of Order (32 hex characters)' }],
    ['a list for eq', { field: 'status', op: 'eq', value: ['a'] }, { pointer: '/and/0/value', message: 'eq takes one value, not a list' }],
    ['no value', { field: 'status', op: 'eq' }, { pointer: '/and/0/value', message: 'eq needs a value' }],
    ['a value for empty', { field: 'status', op: 'empty', value: '' }, { pointer: '/and/0/value', message: 'empty takes no value' }],
    ['lastDays of a fraction', { field: 'due', op: 'lastDays', value: 1.5 }, { pointer: '/and/0/value', message: 'lastDays takes a whole number of days from 1 to 36500 (1 is today)' }],
    ['lastDays of nothing', { field: 'due', op: 'lastDays', value: 0 }, { pointer: '/and/0/value', message: 'lastDays takes a whole number of days from 1 to 36500 (1 is today)' }],
    ['NOW for a date', { field: 'due', op: 'lt', value: { var: 'NOW' } }, { pointer: '/and/0/value', message: 'NOW is a date and time: it fits a date-and-time field (for a date, use TODAY)' }],
    ['TODAY for a date and time', { field: 'placed', op: 'lt', value: { var: 'TODAY' } }, { pointer: '/and/0/value', message: 'TODAY is a date: it fits a date field (for a date and time, use NOW)' }],
    ['CURRENT_USER.id for a customer', { field: 'customer', op: 'eq', value: { var: 'CURRENT_USER.id' } }, { pointer: '/and/0/value', message: 'CURRENT_USER.id is the id of a User: it fits a reference to User (this is a reference field of Customer)' }],
    ['RECORD.id for text', { field: 'status', op: 'eq', value: { var: 'RECORD.id' } }, { pointer: '/and/0/value', message: 'RECORD.id is a record id: it fits a reference field or an id, not a text field' }],
    ['an unknown variable', { field: 'due', op: 'eq', value: { var: 'YESTERDAY' } }, { pointer: '/and/0/value/var', message: "'YESTERDAY' is not a variable; the variables are NOW, TODAY, CURRENT_USER.id, RECORD.id, CURRENT_USER.<field of User> and, in an automation's conditions, RECORD.<field>" }],
    ['an unknown operator', { field: 'status', op: 'like', value: 'x' }, { pointer: '/and/0/op', message: "'like' is not an operator; the operators are eq, ne, contains, startsWith, empty, notEmpty, gt, gte, lt, lte, between, lastDays, in" }],
    ['an unknown key', { field: 'status', op: 'eq', value: 'x', not: true }, { pointer: '/and/0/not', message: "unknown property 'not': a condition has a field, an op and a value" }],
    ['null for a value', { field: 'status', op: 'eq', value: null }, { pointer: '/and/0/value', message: 'must be text, a number, true or false, or a variable such as { "var": "TODAY" }' }],
    ['an old-style filter on an unknown field', { fieldname: 'colour', value: 'x' }, { pointer: '/and/0/fieldname', message: "'colour' is not a field of Order" }],
    ['an old-style filter with a value its field cannot read', { fieldname: 'total', value: 'lots' }, { pointer: '/and/0/value', message: 'must be a number' }],
  ];
  it.each(cases)('%s', (_, condition, problem) => {
    expect(one(condition)).toEqual([problem]);
  });

  it('three hops', () => {
    const Deep = { name: 'Deep', fields: [{ name: 'line', type: 'reference' as const, target: 'Line' }] };
    expect(filterProblems({ and: [{ field: 'line.order.customer.name', op: 'eq', value: 'x' }] }, Deep, [...models, Deep])).toEqual([
      { pointer: '/and/0/field', message: "'line.order.customer.name' goes through 3 reference fields: a path may go through at most 2" },
    ]);
  });

  it('a group inside a group', () => {
    expect(order({ or: [{ field: 'paid', op: 'eq', value: true }, { and: [{ or: [] }] }] })).toEqual([
      { pointer: '/or/1/and/0', message: 'a group cannot hold another group: a filter is a top group whose items are conditions or groups of conditions' },
    ]);
  });

  it('a top that is no group', () => {
    expect(order([])).toEqual([{ pointer: '', message: 'a filter must be an object: a group is { "and": [...] } or { "or": [...] }' }]);
    expect(order({})).toEqual([{ pointer: '/or', message: "'or' is required: a group is { \"and\": [...] } or { \"or\": [...] }" }]);
    expect(order({ and: [], or: [] })).toEqual([{ pointer: '/or', message: "unknown property 'or': a group is { \"and\": [...] } or { \"or\": [...] }" }]);
  });

  it(`more than ${MAX_FILTER_CONDITIONS} conditions, counted inside groups too`, () => {
    const c = { field: 'paid', op: 'eq', value: true };
    expect(order({ and: [...Array(60).fill(c), { or: Array(41).fill(c) }] })).toEqual([{ pointer: '', message: 'has 101 conditions: a filter may have at most 100' }]);
    expect(order({ and: [...Array(60).fill(c), { or: Array(40).fill(c) }] })).toEqual([]);
  });

  it('every problem at once, each at its place, inside groups too', () => {
    expect(order({ or: [{ field: 'x', op: 'eq', value: 1 }, { and: [{ field: 'total', op: 'eq', value: 'a' }, { field: 'paid', op: 'in', value: [true] }] }] })).toEqual([
      { pointer: '/or/0/field', message: "'x' is not a field of Order" },
      { pointer: '/or/1/and/0/value', message: 'must be a number, such as 42 or 9.5 (not in quotes)' },
      { pointer: '/or/1/and/1/op', message: "in does not fit a yes-or-no field ('paid'); it takes eq, ne, empty, notEmpty" },
    ]);
  });
});

describe("a grid's filters", () => {
  it('point into the grid and leave old-style items alone (they are read as they always were)', () => {
    const filters = [{ fieldname: 'nothing', value: 'x' }, { field: 'status', op: 'eq', value: 'open' }, { field: 'total', op: 'gt', value: 'many' }];
    expect(gridFilterProblems(filters, Order, models)).toEqual([{ pointer: '/filters/2/value', message: 'must be a number, such as 42 or 9.5 (not in quotes)' }]);
  });

  it('refuse a group inside a group by its place in the grid', () => {
    expect(gridFilterProblems([{ or: [{ and: [] }] }], Customer, models)).toEqual([
      { pointer: '/filters/0/or/0', message: 'a group cannot hold another group: a filter is a top group whose items are conditions or groups of conditions' },
    ]);
  });
});

describe('the checked tree', () => {
  it('names the reference fields walked and the column at the end', () => {
    const { problems, tree } = checkFilter({ and: [{ field: 'order.customer.city', op: 'eq', value: 'Oslo' }] }, Line, models);
    expect(problems).toEqual([]);
    const [c] = tree.items as { hops: { column: string; target: { name: string } }[]; column: string; kind: string }[];
    expect(c?.hops.map((h) => [h.column, h.target.name])).toEqual([['order', 'Order'], ['customer', 'Customer']]);
    expect([c?.column, c?.kind]).toEqual(['city', 'text']);
  });
});
