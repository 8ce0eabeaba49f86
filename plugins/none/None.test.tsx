import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderColumns } from '../../src/plugin-kit/testing';


describe('the None column', () => {
  it('shows nothing on a running page or form', () => {
    for (const mode of ['view', 'add', 'edit', 'delete'] as const) {
      const { container, unmount } = renderColumns([{ childType: 'None', width: 0 }], { mode });
      expect(container.textContent).toBe('');
      expect(container.querySelector('.tessera-none')).not.toBeNull();
      unmount();
    }
  });

  it('names itself on the designer canvas so the empty cell can be seen and picked', () => {
    renderColumns([{ childType: 'None', width: 0 }], { mode: 'design' });
    expect(screen.getByText('None')).toBeTruthy();
  });
});
