import { describe, expect, it } from 'vitest';
import { FilterError, recordFilter, type FilterContext, type FilterRecord } from '../../src/shared/filter/index.js';
import { Line, models, Order } from '../support/filter-models.js';

/**
 * The in-memory evaluator (src/shared/filter/evaluate.ts): the language's meaning, rule by rule.
 * tests/api/filter-sql.property.test.ts holds the SQL to the same answers on both databases.
 */
const customers: Record<number, FilterRecord> = {
  1: { id: 1, name: 'Acme', city: 'Oslo', owner: 7, tags: [3, 4] },
  2: { id: 2, name: 'Ärger GmbH', city: null, owner: null },
};
const hex = (n: number) => n.toString(16).padStart(32, '0');
const orders: FilterRecord[] = [
  { id: hex(1), status: 'Open', total: 10, paid: false, due: '2024-05-01', placed: '2024-05-01T09:30', customer: 1, code: null },
  { id: hex(2), status: 'open', total: 20.5, paid: true, due: '2024-05-31', placed: '2024-05-30T23:59:59Z', customer: 2, code: '' },
  { id: hex(3), status: '', total: null, paid: null, due: null, placed: null, customer: null, code: 'X' },
  { id: hex(4), status: null, total: -1, paid: false, due: '2023-12-31', placed: '2024-05-31T12:00:00', customer: 1, code: 'y' },
  { id: hex(5), status: 'ÄRGER', total: 0, paid: true, due: '2024-06-01', placed: '2024-05-24T12:01', customer: 2, code: 'Z' },
];
const lookup = (model: string, id: unknown) => (model === 'Customer' ? customers[Number(id)] : orders.find((o) => o.id === id));
const NOW = new Date('2024-05-31T12:00:00.000Z');

function ids(tree: unknown, context: FilterContext = { now: NOW }, model = Order, records = orders): number[] {
  const test = recordFilter(tree, { model, models, lookup, context });
  return records.filter(test).map((r) => (typeof r.id === 'string' ? parseInt(r.id, 16) : Number(r.id)));
}
const where = (condition: unknown) => ids({ and: [condition] });

describe('text', () => {
  it('eq is exact, case included', () => {
    expect(where({ field: 'status', op: 'eq', value: 'open' })).toEqual([2]);
  });
  it('contains and startsWith ignore the case of ASCII letters only', () => {
    expect(where({ field: 'status', op: 'contains', value: 'PE' })).toEqual([1, 2]);
    expect(where({ field: 'status', op: 'startsWith', value: 'O' })).toEqual([1, 2]);
    // SQLite's lower() folds A-Z alone, so everywhere 'ä' finds only 'ä'.
    expect(where({ field: 'status', op: 'contains', value: 'ärger' })).toEqual([]);
    expect(where({ field: 'status', op: 'contains', value: 'Ärger' })).toEqual([5]);
    expect(where({ field: 'status', op: 'startsWith', value: 'pen' })).toEqual([]);
  });
  it('ne keeps the records without a value', () => {
    expect(where({ field: 'status', op: 'ne', value: 'open' })).toEqual([1, 3, 4, 5]);
  });
  it('empty is unset or empty text; notEmpty is the rest', () => {
    expect(where({ field: 'status', op: 'empty' })).toEqual([3, 4]);
    expect(where({ field: 'status', op: 'notEmpty' })).toEqual([1, 2, 5]);
  });
  it('half an emoji is no character: it finds no emoji, as in the databases (UTF-8 stores it as U+FFFD)', () => {
    const rows: FilterRecord[] = [
      { id: 1, status: '😀 smile' },
      { id: 2, status: 'a \uFFFD b' },
    ];
    expect(ids({ and: [{ field: 'status', op: 'contains', value: '\ude00' }] }, { now: NOW }, Order, rows)).toEqual([2]);
    expect(ids({ and: [{ field: 'status', op: 'startsWith', value: '\ud83d' }] }, { now: NOW }, Order, rows)).toEqual([]);
    expect(ids({ and: [{ field: 'status', op: 'contains', value: '😀' }] }, { now: NOW }, Order, rows)).toEqual([1]);
  });
  it('in is one of the values, exactly', () => {
    expect(where({ field: 'status', op: 'in', value: ['open', 'Open', 'closed'] })).toEqual([1, 2]);
  });
});

describe('numbers, booleans, dates', () => {
  it('compare numbers by value; between includes both ends', () => {
    expect(where({ field: 'total', op: 'gt', value: 0 })).toEqual([1, 2]);
    expect(where({ field: 'total', op: 'lte', value: 0 })).toEqual([4, 5]);
    expect(where({ field: 'total', op: 'between', value: [0, 10] })).toEqual([1, 5]);
    expect(where({ field: 'total', op: 'empty' })).toEqual([3]);
  });
  it('booleans: unset is neither true nor false, and not equal to either', () => {
    expect(where({ field: 'paid', op: 'eq', value: false })).toEqual([1, 4]);
    expect(where({ field: 'paid', op: 'ne', value: true })).toEqual([1, 3, 4]);
    expect(where({ field: 'paid', op: 'empty' })).toEqual([3]);
  });
  it('dates by the calendar, TODAY in UTC', () => {
    expect(where({ field: 'due', op: 'lt', value: '2024-05-01' })).toEqual([4]);
    expect(where({ field: 'due', op: 'gte', value: { var: 'TODAY' } })).toEqual([2, 5]);
    expect(where({ field: 'due', op: 'in', value: ['2024-05-31', '2023-12-31'] })).toEqual([2, 4]);
  });
  it('lastDays: a date within the last N days counting today, a date and time within N days up to now', () => {
    expect(where({ field: 'due', op: 'lastDays', value: 1 })).toEqual([2]);
    expect(where({ field: 'due', op: 'lastDays', value: 31 })).toEqual([1, 2]);
    expect(where({ field: 'due', op: 'lastDays', value: 30 })).toEqual([2]);
    // 2024-05-31T12:00:00 is now itself; 2024-05-30T23:59:59Z is within a day of it.
    expect(where({ field: 'placed', op: 'lastDays', value: 1 })).toEqual([2, 4]);
    expect(where({ field: 'placed', op: 'lastDays', value: 7 })).toEqual([2, 4, 5]);
  });
  it('dates and times compare as written, to the minute and below', () => {
    expect(where({ field: 'placed', op: 'between', value: ['2024-05-01T09:30', '2024-05-24T12:01'] })).toEqual([1, 5]);
    expect(where({ field: 'placed', op: 'lt', value: { var: 'NOW' } })).toEqual([1, 2, 5]);
  });
});

describe('references and variables', () => {
  it('a path through a reference holds only where the referred record exists and passes', () => {
    expect(where({ field: 'customer.city', op: 'eq', value: 'Oslo' })).toEqual([1, 4]);
    // An order without a customer has no customer whose city is anything, empty included.
    expect(where({ field: 'customer.city', op: 'empty' })).toEqual([2, 5]);
    expect(where({ field: 'customer.city', op: 'ne', value: 'Oslo' })).toEqual([2, 5]);
  });
  it('two hops', () => {
    const lines = [{ id: 1, qty: 1, order: hex(1) }, { id: 2, qty: 2, order: hex(3) }, { id: 3, qty: 3, order: null }];
    expect(ids({ and: [{ field: 'order.customer.name', op: 'startsWith', value: 'ac' }] }, { now: NOW }, Line, lines)).toEqual([1]);
    expect(ids({ and: [{ field: 'order.status', op: 'empty' }] }, { now: NOW }, Line, lines)).toEqual([2]);
  });
  it('CURRENT_USER.id and RECORD.id are the ids of the caller and the embedding record', () => {
    const mine = { and: [{ field: 'customer.owner', op: 'eq', value: { var: 'CURRENT_USER.id' } }] };
    expect(ids(mine, { now: NOW, userId: 7 })).toEqual([1, 4]);
    expect(ids(mine, { now: NOW, userId: '7' })).toEqual([1, 4]);
    const ofRecord = { and: [{ field: 'customer', op: 'eq', value: { var: 'RECORD.id' } }] };
    expect(ids(ofRecord, { now: NOW, recordId: '2' })).toEqual([2, 5]);
  });
  it('a condition naming a variable without a value holds for no record, ne included', () => {
    expect(ids({ and: [{ field: 'customer.owner', op: 'ne', value: { var: 'CURRENT_USER.id' } }] }, { now: NOW })).toEqual([]);
    expect(ids({ and: [{ field: 'customer', op: 'eq', value: { var: 'RECORD.id' } }] }, { now: NOW, recordId: 'not an id' })).toEqual([]);
    // In a list, the values that are there still count.
    expect(ids({ and: [{ field: 'customer', op: 'in', value: [1, { var: 'RECORD.id' }] }] }, { now: NOW })).toEqual([1, 4]);
  });
});

describe('groups and old-style filters', () => {
  it('an and of nothing holds for every record, an or of nothing for none', () => {
    expect(ids({ and: [] })).toEqual([1, 2, 3, 4, 5]);
    expect(ids({ or: [] })).toEqual([]);
  });
  it('a top group of conditions and groups', () => {
    const tree = { or: [{ field: 'total', op: 'lt', value: 0 }, { and: [{ field: 'paid', op: 'eq', value: true }, { field: 'status', op: 'startsWith', value: 'ä' }] }, { and: [] }] };
    expect(ids(tree)).toEqual([1, 2, 3, 4, 5]);
    expect(ids({ or: [{ field: 'total', op: 'lt', value: 0 }, { and: [{ field: 'paid', op: 'eq', value: true }, { field: 'status', op: 'contains', value: 'en' }] }] })).toEqual([2, 4]);
  });
  it('an old-style filter equals its value as the field reads it', () => {
    expect(where({ fieldname: 'total', value: '20.5' })).toEqual([2]);
    expect(where({ fieldname: 'paid', value: '' })).toEqual([1, 4]);
    expect(where({ fieldname: 'status' })).toEqual([4]);
    expect(where({ fieldname: 'status', value: '' })).toEqual([3]);
    // A unique text field stores empty text as unset, so '' finds the unset ones.
    expect(where({ fieldname: 'code', value: '' })).toEqual([1]);
  });
  it('a filter that does not fit its model is refused with its problems', () => {
    expect(() => where({ field: 'nope', op: 'empty' })).toThrow(FilterError);
    try {
      where({ field: 'nope', op: 'empty' });
    } catch (e) {
      expect((e as FilterError).problems).toEqual([{ pointer: '/and/0/field', message: "'nope' is not a field of Order" }]);
    }
  });
});

describe('a link at the end of a path (its linked ids)', () => {
  it('eq: one of the linked is; in: one of them is one of', () => {
    expect(where({ field: 'customer.tags', op: 'eq', value: 4 })).toEqual([1, 4]);
    expect(where({ field: 'customer.tags', op: 'in', value: [9, 3] })).toEqual([1, 4]);
    expect(where({ field: 'customer.tags', op: 'eq', value: 9 })).toEqual([]);
  });
  it('notEmpty: any linked; empty: none (a record without the reference has no links to look at)', () => {
    expect(where({ field: 'customer.tags', op: 'notEmpty' })).toEqual([1, 4]);
    expect(where({ field: 'customer.tags', op: 'empty' })).toEqual([2, 5]);
  });
});
