import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderColumns } from '../../src/plugin-kit/testing';


describe('the Text column', () => {
  it('shows its text as a paragraph', () => {
    renderColumns([{ childType: 'Text', width: 12, text: 'Hello there' }]);
    expect(screen.getByText('Hello there').tagName).toBe('P');
  });

  it('shows markup as typed rather than interpreting it', () => {
    const { container } = renderColumns([{ childType: 'Text', width: 0, text: '<b>bold</b>' }]);
    expect(screen.getByText('<b>bold</b>')).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
  });
});
