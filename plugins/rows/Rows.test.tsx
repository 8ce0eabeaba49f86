import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderColumns } from '../../src/plugin-kit/testing';


describe('the Rows column', () => {
  it('lays out its own rows of columns inside the cell', () => {
    const { container } = renderColumns([
      {
        childType: 'Rows',
        width: 6,
        rows: [
          { cols: [{ childType: 'Text', width: 6, text: 'Left' }, { childType: 'Text', width: 6, text: 'Right' }] },
          { cols: [{ childType: 'Text', width: 0, text: 'Below' }] },
        ],
      },
    ]);
    expect(screen.getByText('Left')).toBeTruthy();
    expect(screen.getByText('Below')).toBeTruthy();
    // The outer row plus the two inner rows, each inner column with its width class.
    expect(container.querySelectorAll('.row')).toHaveLength(3);
    expect(screen.getByText('Right').closest('.col-md-6')).not.toBeNull();
  });

  it('binds fields inside it to the form, so a nested field shows its value and label', () => {
    renderColumns(
      [{ childType: 'Rows', width: 0, rows: [{ cols: [{ childType: 'Input', width: 0, name: 'city', label: 'City', fieldtype: 'text' }] }] }],
      { mode: 'edit', values: { city: 'Oslo' } },
    );
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Oslo');
  });
});
