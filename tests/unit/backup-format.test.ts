import { describe, expect, it } from 'vitest';
import { ENTRY, fromNeutral, neutralProblem, systemRowProblem, toNeutral } from '../../src/server/ops/backup-format.js';
import { loadOrder } from '../../src/server/ops/backup.js';
import type { ModelDefinition, ModelField } from '../../src/server/records/model-types.js';
import { explainFailure } from '../../src/server/ops/seven-zip.js';

const ref = (name: string, target: string): ModelField => ({ name, type: 'reference', target, label: name });
const model = (name: string, fields: ModelField[] = []): ModelDefinition => ({ name, title: name, fields });

describe('the load order of a restore', () => {
  it('puts referenced tables first and defers self-references and cycles', () => {
    const { order, deferred } = loadOrder([
      model('Order', [ref('customer', 'Customer'), ref('product', 'Product')]),
      model('Customer', [ref('referrer', 'Customer')]),
      model('Product'),
      model('A', [ref('b', 'B')]),
      model('B', [ref('a', 'A')]),
    ]);
    const at = (name: string) => order.findIndex((t) => t.model.name === name);
    expect(order).toHaveLength(5);
    expect(at('Customer')).toBeLessThan(at('Order'));
    expect(at('Product')).toBeLessThan(at('Order'));
    expect(deferred).toContainEqual({ table: 't_customer', column: 'referrer' });
    // One reference of the cycle is deferred, the other honoured by order.
    expect(deferred.filter((d) => d.table === 't_a' || d.table === 't_b')).toHaveLength(1);
    expect(deferred).toHaveLength(2);
  });
});

describe('neutral values', () => {
  const f = (type: ModelField['type']): ModelField => ({ name: 'x', type, label: 'x' });

  it('reads what each database stores as the same JSON, and stores it back', () => {
    expect(toNeutral(f('boolean'), 1)).toBe(true);
    expect(toNeutral(f('boolean'), false)).toBe(false);
    expect(toNeutral(f('json'), '{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(toNeutral(f('number'), '2.5')).toBe(2.5);
    expect(toNeutral(f('date'), '2026-01-02')).toBe('2026-01-02');
    expect(toNeutral(f('text'), null)).toBeNull();
    expect(fromNeutral(f('boolean'), true, 'sqlite')).toBe(1);
    expect(fromNeutral(f('boolean'), false, 'postgres')).toBe(false);
    expect(fromNeutral(f('json'), { a: 1 }, 'postgres')).toBe('{"a":1}');
    expect(fromNeutral(f('json'), null, 'sqlite')).toBeNull();
  });

  it('names what is wrong with a value', () => {
    expect(neutralProblem(f('boolean'), 1, false)).toBe('must be true, false or null');
    expect(neutralProblem(f('number'), '1', false)).toBe('must be a number or null');
    expect(neutralProblem(f('text'), 5, false)).toBe('must be text or null');
    expect(neutralProblem(f('reference'), 'abc', true)).toBe('must be a 32-hex record id or null');
    expect(neutralProblem(f('reference'), 1.5, false)).toBe('must be a whole-number record id or null');
    expect(neutralProblem(f('json'), { deep: [1] }, false)).toBe('');
    expect(systemRowProblem('sys_settings', { key: 'a', value: null })).toBe('/value must be text');
    expect(systemRowProblem('sys_settings', { key: 'a', value: '1', more: 1 })).toBe('/more is not a column of sys_settings');
  });

  it('allows only the manifest and table files in an archive', () => {
    expect(['manifest.json', 'tables', 'tables/User.jsonl', 'tables/sys_settings.jsonl'].every((p) => ENTRY.test(p))).toBe(true);
    expect(['../x', 'tables/../../etc/passwd', 'tables/a/b.jsonl', 'other.json', '/manifest.json'].some((p) => ENTRY.test(p))).toBe(false);
  });
});

describe("7-Zip's failures in words", () => {
  it('tells a wrong password, a damaged file and a foreign one apart', () => {
    expect(explainFailure('ERROR: x.7z\nCan not open encrypted archive. Wrong password?\n\nERRORS:\nHeaders Error')).toBe('the password is wrong');
    expect(explainFailure('Open ERROR: Can not open the file as [7z] archive\n\nERRORS:\nUnexpected end of archive')).toBe('the file is truncated or damaged');
    expect(explainFailure('Open ERROR: Can not open the file as [7z] archive\n\nERRORS:\nIs not archive')).toBe('the file is not a 7z archive');
  });
});
