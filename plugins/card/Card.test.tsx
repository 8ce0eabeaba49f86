import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CardColumn } from '../../src/plugin-kit';
import { renderColumns } from '../../src/plugin-kit/testing';


const inside = [{ cols: [{ childType: 'Text' as const, width: 0, text: 'Inside the card' }] }];

describe('the Card column', () => {
  it('shows its title, icon, hint and rows', () => {
    renderColumns([{ childType: 'Card', width: 12, title: 'Welcome', showhintchecked: true, hint: 'Start here', iconchecked: true, icon: 'house', rows: inside }]);
    const heading = screen.getByRole('heading', { name: 'Welcome' });
    expect(heading.querySelector('img')?.getAttribute('src')).toBe('/action-icons/house.svg');
    expect(screen.getByText('Start here')).toBeTruthy();
    expect(screen.getByText('Inside the card')).toBeTruthy();
    // A card that cannot collapse has no toggle.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('hides the hint and icon when their boxes are unchecked', () => {
    renderColumns([{ childType: 'Card', width: 12, title: 'Plain', showhintchecked: false, hint: 'Hidden hint', iconchecked: false, icon: 'house', rows: inside }]);
    expect(screen.queryByText('Hidden hint')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Plain' }).querySelector('img')).toBeNull();
  });

  it('starts collapsed when set so, and its header button toggles the body', () => {
    renderColumns([{ childType: 'Card', width: 12, title: 'Details', collapsable: true, collapsed: true, rows: inside }]);
    const toggle = screen.getByRole('button', { name: 'Details' });
    const body = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(body).not.toBeNull();
    expect(body?.contains(screen.getByText('Inside the card'))).toBe(true);

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(body?.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(body?.hidden).toBe(false);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(body?.hidden).toBe(true);
  });

  it('starts open when collapsable but not collapsed', () => {
    renderColumns([{ childType: 'Card', width: 12, title: 'Open', collapsable: true, rows: inside }]);
    expect(screen.getByRole('button', { name: 'Open' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Inside the card').closest('[hidden]')).toBeNull();
  });

  it('holds tabs when its content type is Tabs', () => {
    const card: CardColumn = {
      childType: 'Card',
      width: 12,
      title: 'Tabbed',
      contenttype: 'Tabs',
      tabs: [
        { childType: 'Tab', rows: [{ cols: [{ childType: 'Text', width: 0, text: 'First body' }] }] },
        { childType: 'Tab', tabtitle: 'Second', rows: [{ cols: [{ childType: 'Text', width: 0, text: 'Second body' }] }] },
      ],
    };
    renderColumns([card]);
    expect(screen.getAllByRole('tab').map((t) => t.textContent?.trim())).toEqual(['Tab-1', 'Second']);
    expect(screen.getByRole('tabpanel').textContent).toContain('First body');
    fireEvent.click(screen.getByRole('tab', { name: 'Second' }));
    expect(screen.getByRole('tabpanel').textContent).toContain('Second body');
  });
});
