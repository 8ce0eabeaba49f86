import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MenuDefinition } from '../../src/generated/definitions';
import { MenuView } from '../../src/runtime/views/MenuView';

const admin: MenuDefinition = {
  name: 'admin',
  title: 'Administration',
  definition: [
    { icon: 'people', title: 'Users', description: 'Accounts, administrators and passwords', url: '/users' },
    { icon: 'collection', title: 'Groups', description: 'Groups and their members', url: '/groups' },
    { title: 'Help', url: 'https://tessera.dev/help' },
  ],
  actions: [
    { url: '/menudesigner/edit/1', label: 'Design' },
    { url: '/grid/menus', label: 'All menus', rightalignchecked: true },
  ],
};

function show(menu: MenuDefinition) {
  return render(
    <MemoryRouter>
      <MenuView menu={menu} />
    </MemoryRouter>,
  );
}

describe('the menu view', () => {
  it("shows one card per item with icon, title, description and a 'Select...' link to its url", () => {
    show(admin);
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(3);

    const users = within(cards[0] as HTMLElement);
    expect(users.getByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(users.getByText('Accounts, administrators and passwords')).toBeTruthy();
    expect((cards[0] as HTMLElement).querySelector('img')?.getAttribute('src')).toBe('/action-icons/people.svg');
    const select = users.getByRole('link', { name: 'Select...' });
    expect(select.getAttribute('href')).toBe('/users');
    expect(select.textContent).toBe('Select...');

    expect(within(cards[1] as HTMLElement).getByRole('link', { name: 'Select...' }).getAttribute('href')).toBe('/groups');
    // A url outside the app is followed as it is.
    expect(within(cards[2] as HTMLElement).getByRole('link', { name: 'Select...' }).getAttribute('href')).toBe('https://tessera.dev/help');
  });

  it("describes each 'Select...' link by its card's title for screen readers", () => {
    show(admin);
    const [first] = screen.getAllByRole('link', { name: 'Select...' });
    const describedBy = first?.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Users');
  });

  it('shows the title and toolbar actions on both sides', () => {
    show(admin);
    expect(screen.getByRole('heading', { name: 'Administration' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Design' }).getAttribute('href')).toBe('/menudesigner/edit/1');
    expect(screen.getByRole('link', { name: 'All menus' }).getAttribute('href')).toBe('/grid/menus');
  });

  it('leaves out title and actions when the toolbar is hidden, but keeps the cards', () => {
    show({ ...admin, hideToolbar: true });
    expect(screen.queryByRole('heading', { name: 'Administration' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Design' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Select...' })).toHaveLength(3);
  });
});
