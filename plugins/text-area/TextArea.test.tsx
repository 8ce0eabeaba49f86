import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderField } from '../../src/plugin-kit/testing';


const renderColumn = renderField;

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

  it('shows the generic validator required message once the form was submitted', () => {
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
