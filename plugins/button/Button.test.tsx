import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderColumns } from '../../src/plugin-kit/testing';


describe('the Button column', () => {
  it('is a link styled as a button, with its hint as tooltip and its icon', () => {
    renderColumns([
      { childType: 'Button', width: 3, label: 'Customers', url: '/grid/customers', showhintchecked: true, hint: 'Open the list', iconchecked: true, icon: 'people' },
    ]);
    const link = screen.getByRole('link', { name: 'Customers' });
    expect(link.getAttribute('href')).toBe('/grid/customers');
    expect(link.className).toContain('btn');
    expect(link.getAttribute('title')).toBe('Open the list');
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/action-icons/people.svg');
  });

  it('leaves hint and icon out when their boxes are unchecked', () => {
    renderColumns([{ childType: 'Button', width: 0, label: 'Go', url: '/x', showhintchecked: false, hint: 'h', iconchecked: false, icon: 'people' }]);
    const link = screen.getByRole('link', { name: 'Go' });
    expect(link.hasAttribute('title')).toBe(false);
    expect(link.querySelector('img')).toBeNull();
  });

  it('links outside the app with a plain href', () => {
    renderColumns([{ childType: 'Button', width: 0, label: 'Docs', url: 'https://tessera.dev/docs' }]);
    expect(screen.getByRole('link', { name: 'Docs' }).getAttribute('href')).toBe('https://tessera.dev/docs');
  });
});
