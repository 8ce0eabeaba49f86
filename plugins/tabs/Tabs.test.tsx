import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Tab, TabsColumn } from '../../src/plugin-kit';
import { renderColumns } from '../../src/plugin-kit/testing';


const tab = (body: string, extra: Partial<Tab> = {}): Tab => ({ childType: 'Tab', rows: [{ cols: [{ childType: 'Text', width: 0, text: body }] }], ...extra });
const threeTabs: TabsColumn = { childType: 'Tabs', width: 12, tabs: [tab('Body one'), tab('Body two'), tab('Body three', { tabtitle: 'Last' })] };

const selectedTitle = () => screen.getByRole('tab', { selected: true }).textContent?.trim();
const shownPanel = () => screen.getByRole('tabpanel').textContent;

describe('the Tabs column', () => {
  it("titles untitled tabs 'Tab-N' from 1 and shows the first tab's rows", () => {
    renderColumns([threeTabs]);
    expect(screen.getAllByRole('tab').map((t) => t.textContent?.trim())).toEqual(['Tab-1', 'Tab-2', 'Last']);
    expect(selectedTitle()).toBe('Tab-1');
    // Only the selected panel is exposed; the others are hidden.
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(shownPanel()).toContain('Body one');
  });

  it('ties each tab to its panel for assistive technology', () => {
    renderColumns([threeTabs]);
    const first = screen.getByRole('tab', { name: 'Tab-1' });
    const panel = screen.getByRole('tabpanel');
    expect(first.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(first.id);
    expect(screen.getByRole('tablist')).toBeTruthy();
  });

  it('switches tabs on click', () => {
    renderColumns([threeTabs]);
    fireEvent.click(screen.getByRole('tab', { name: 'Tab-2' }));
    expect(selectedTitle()).toBe('Tab-2');
    expect(shownPanel()).toContain('Body two');
  });

  it('moves with the arrow keys, wrapping at the ends, and jumps with Home and End', () => {
    renderColumns([threeTabs]);
    const first = screen.getByRole('tab', { name: 'Tab-1' });
    first.focus();

    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(selectedTitle()).toBe('Tab-2');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Tab-2' }));
    expect(shownPanel()).toContain('Body two');

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(selectedTitle()).toBe('Tab-1');

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(selectedTitle()).toBe('Last');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Last' }));

    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(selectedTitle()).toBe('Tab-1');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(selectedTitle()).toBe('Last');
  });

  it('keeps one tab stop in the tab list (roving tabindex)', () => {
    renderColumns([threeTabs]);
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    fireEvent.click(screen.getByRole('tab', { name: 'Last' }));
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('tabindex'))).toEqual(['-1', '-1', '0']);
  });

  it('shows a checked hint as tooltip and text, and a checked icon', () => {
    renderColumns([
      { childType: 'Tabs', width: 0, tabs: [tab('Body', { tabtitle: 'Help', tabshowhintchecked: true, tabhint: 'Read me first', tabiconchecked: true, tabicon: 'info' })] },
    ]);
    const help = screen.getByRole('tab', { name: 'Help' });
    expect(help.getAttribute('title')).toBe('Read me first');
    expect(help.querySelector('img')?.getAttribute('src')).toBe('/action-icons/info.svg');
    expect(shownPanel()).toContain('Read me first');
  });

  it('nests tabs inside a tab whose content type is Tabs', () => {
    renderColumns([
      {
        childType: 'Tabs',
        width: 0,
        tabs: [tab('Outer body'), { childType: 'Tab', tabtitle: 'More', tabcontenttype: 'Tabs', tabs: [tab('Inner body', { tabtitle: 'Inner' })] }],
      },
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'More' }));
    expect(screen.getByRole('tab', { name: 'Inner' })).toBeTruthy();
    expect(screen.getByText('Inner body')).toBeTruthy();
    // Nested tabs have their own ids, so no two tabs share one.
    const ids = screen.getAllByRole('tab').map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
