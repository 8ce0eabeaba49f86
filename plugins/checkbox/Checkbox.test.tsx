import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckboxColumn } from '../../src/plugin-kit';
import { initialValues, renderField } from '../../src/plugin-kit/testing';


const renderColumn = renderField;

const admin: CheckboxColumn = { childType: 'Checkbox', width: 0, name: 'Admin', label: 'Administrator' };

describe('the Checkbox column', () => {
  it('stores true and false, not strings, as it is ticked and cleared', () => {
    const rt = renderColumn(admin, { Admin: false });
    const box = screen.getByLabelText('Administrator') as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(rt.store.getState().values.Admin).toBe(true);
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(rt.store.getState().values.Admin).toBe(false);
  });

  it('starts a new record unticked, or ticked when its default says true', () => {
    expect(initialValues([{ cols: [admin] }])).toEqual({ Admin: false });
    expect(initialValues([{ cols: [{ ...admin, hasdefault: true, default: 'true' }] }])).toEqual({ Admin: true });
    expect(initialValues([{ cols: [{ ...admin, hasdefault: true, default: 'false' }] }])).toEqual({ Admin: false });
    // The default only counts when the hasdefault flag is set.
    expect(initialValues([{ cols: [{ ...admin, default: 'true' }] }])).toEqual({ Admin: false });
  });

  it('shows a record loaded with 1 or "true" as ticked', () => {
    renderColumn(admin, { Admin: 1 });
    expect((screen.getByLabelText('Administrator') as HTMLInputElement).checked).toBe(true);
  });

  it('puts the box before its label, Bootstrap form-check style', () => {
    renderColumn(admin);
    const box = screen.getByLabelText('Administrator');
    expect(box.classList.contains('form-check-input')).toBe(true);
    expect(box.nextElementSibling?.tagName).toBe('LABEL');
  });

  it('does not change in a read-only form', () => {
    const rt = renderColumn(admin, { Admin: false }, { readOnly: true });
    const box = screen.getByLabelText('Administrator') as HTMLInputElement;
    expect(box.disabled).toBe(true);
    fireEvent.click(box);
    expect(rt.store.getState().values.Admin).toBe(false);
  });
});
