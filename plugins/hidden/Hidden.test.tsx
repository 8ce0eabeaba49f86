import { describe, expect, it } from 'vitest';
import type { HiddenColumn } from '../../src/plugin-kit';
import { type Values, initialValues, recordValues, renderColumns } from '../../src/plugin-kit/testing';


const renderColumn = (column: HiddenColumn, values: Values = {}) => renderColumns([column], { mode: 'add', values });

const model: HiddenColumn = { childType: 'Hidden', width: 0, name: 'model', label: 'Model', hasdefault: true, default: 'User' };

describe('the Hidden column', () => {
  it('renders an input of type hidden carrying the value, and nothing a user sees', () => {
    const { container } = renderColumn(model, { model: 'User' });
    const input = container.querySelector('input') as HTMLInputElement;
    expect(input.type).toBe('hidden');
    expect(input.name).toBe('model');
    expect(input.value).toBe('User');
    expect(container.textContent).toBe('');
  });

  it('sets the field to its default value only when hasdefault is set, otherwise to an empty string', () => {
    expect(initialValues([{ cols: [model] }])).toEqual({ model: 'User' });
    expect(initialValues([{ cols: [{ ...model, hasdefault: false }] }])).toEqual({ model: '' });
    expect(initialValues([{ cols: [{ childType: 'Hidden', width: 0, name: 'model', default: 'web' }] }])).toEqual({ model: '' });
    expect(initialValues([{ cols: [{ childType: 'Hidden', width: 0, name: 'model' }] }])).toEqual({ model: '' });
  });

  it('carries no default into the page when hasdefault is not set', () => {
    const shown = (column: HiddenColumn) =>
      (renderColumns([column], { mode: 'add', values: initialValues([{ cols: [column] }]) }).container.querySelector('input') as HTMLInputElement).value;
    expect(shown(model)).toBe('User');
    expect(shown({ ...model, hasdefault: false })).toBe('');
  });

  it('sends its value with the record', () => {
    const rows = [{ cols: [model] }];
    expect(recordValues(rows, initialValues(rows))).toEqual({ model: 'User' });
  });
});
