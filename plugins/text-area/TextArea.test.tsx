import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TextAreaColumn } from '../../src/generated/definitions';
import { createFormStore, type Values } from '../../src/client/runtime/form-store';
import { RowsView } from '../../src/client/runtime/Interpreter';
import { RuntimeContext, type Runtime } from '../../src/client/runtime/RuntimeContext';
import { getPlugin, registerPlugin } from '../../src/client/runtime/registry';
import { plugin } from './index';

if (!getPlugin('TextArea')) registerPlugin(plugin as never);

function renderColumn(column: TextAreaColumn, values: Values = {}, runtime: Partial<Runtime> = {}): Runtime {
  const rt: Runtime = { store: createFormStore(values), mode: 'edit', readOnly: false, idPrefix: 't', recordId: '5', afterSave: new Set(), ...runtime };
  render(
    <RuntimeContext.Provider value={rt}>
      <RowsView rows={[{ cols: [column] }]} />
    </RuntimeContext.Provider>,
  );
  return rt;
}

describe('the TextArea column', () => {
  it('is a textarea tied to its label, with the rows the column asks for', () => {
    renderColumn({ childType: 'TextArea', width: 0, name: 'notes', label: 'Notes', height: 6 }, { notes: 'first line' });
    const box = screen.getByLabelText('Notes') as HTMLTextAreaElement;
    expect(box.tagName).toBe('TEXTAREA');
    expect(box.rows).toBe(6);
    expect(box.value).toBe('first line');
  });

  it('is three rows high when the column sets no height', () => {
    renderColumn({ childType: 'TextArea', width: 0, name: 'notes', label: 'Notes' });
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).rows).toBe(3);
  });

  it('writes what is typed into the field its name names', () => {
    const rt = renderColumn({ childType: 'TextArea', width: 0, name: 'notes', label: 'Notes' });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'hello\nworld' } });
    expect(rt.store.getState().values.notes).toBe('hello\nworld');
  });

  it('shows the spec 5 required message once the form was submitted', () => {
    const rt = renderColumn({ childType: 'TextArea', width: 0, name: 'notes', label: 'Notes', required: true }, { notes: 'x' });
    rt.store.setState({ submitted: true });
    fireEvent.change(screen.getByLabelText(/Notes/), { target: { value: '' } });
    expect(screen.getByText('Notes is a required field')).toBeTruthy();
    expect(screen.getByLabelText(/Notes/).getAttribute('aria-invalid')).toBe('true');
  });

  it('cannot be edited when the record is being deleted', () => {
    renderColumn({ childType: 'TextArea', width: 0, name: 'notes', label: 'Notes' }, {}, { mode: 'delete' });
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).disabled).toBe(true);
  });
});
