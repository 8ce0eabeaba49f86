import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MenuDefinition } from '../../src/plugin-kit';
import { mockApi as server, renderColumns } from '../../src/plugin-kit/testing';


const menu: MenuDefinition = {
  name: 'sales',
  title: 'Sales',
  definition: [
    { icon: 'people', title: 'Customers', description: 'Who buys', url: '/grid/customers' },
    { icon: 'box', title: 'Products', description: 'What we sell', url: '/grid/products' },
  ],
  actions: [],
};

describe('the WorkFlow column', () => {
  it("loads the menu its name codes and shows it as cards, after 'Loading...'", async () => {
    server.use(
      http.get('/api/menu/sales/definition', async () => {
        await delay(50);
        return HttpResponse.json(menu);
      }),
    );
    renderColumns([{ childType: 'WorkFlow', width: 12, name: 'sales' }]);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Select...' }).map((a) => a.getAttribute('href'))).toEqual(['/grid/customers', '/grid/products']);
  });

  it("shows the server's error when the menu cannot be read", async () => {
    server.use(http.get('/api/menu/secret/definition', () => HttpResponse.json({ error: 'Access denied' }, { status: 403 })));
    renderColumns([{ childType: 'WorkFlow', width: 12, name: 'secret' }]);
    expect((await screen.findByRole('alert')).textContent).toBe('Access denied');
  });

  it('asks for nothing while no menu is chosen', () => {
    // Any request would fail this test: the msw server refuses unhandled calls.
    renderColumns([{ childType: 'WorkFlow', width: 0 }]);
    expect(screen.getByText('No work flow chosen.')).toBeTruthy();
  });
});
