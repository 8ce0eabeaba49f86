import { configure, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/shell/App';
import { settingsEntries } from '../../src/app/shell/SettingsMenu';
import { useSession, type SessionUser, type EnvValues } from '../../src/runtime/session';
import { ALICE, ROOT as ADMIN, testEnv } from '../support/client-fixtures';
import { server } from '../support/msw';

// Swagger UI is a large module; its first import in jsdom takes a few seconds on a busy machine.
configure({ asyncUtilTimeout: 20_000 });

const ENV: EnvValues = testEnv({ ENVIRONMENT_NAME: 'Acme Test' });

/** A small document shaped like the server's (see tests/api/openapi.test.ts for the real one). */
const DOC = {
  openapi: '3.1.0',
  info: { title: 'Tessera API', version: '1' },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    schemas: { form: { type: 'object', title: 'Form', properties: { name: { type: 'string' } } } },
  },
  paths: {
    '/api/login': {
      post: { tags: ['login'], description: 'Access: public. Anyone may call this.', 'x-access': 'public', responses: { 200: { description: 'Default Response' } } },
    },
    '/api/definitions/{kind}': {
      post: {
        tags: ['definitions'],
        description: 'Access: admin. A signed-in administrator (401 when not signed in, 403 for other users).',
        'x-access': 'admin',
        security: [{ bearer: [] }],
        parameters: [{ in: 'path', name: 'kind', required: true, schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/form' } } } },
        responses: { 200: { description: 'Default Response' } },
      },
    },
  },
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function session(user: SessionUser) {
  useSession.setState({ loading: false, user, env: ENV, setupNotCompleted: false, error: '' });
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <Where />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  // jsdom has no scrolling; Swagger UI's virtual list scrolls to the top once.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  useSession.setState({ loading: true, user: null });
});

describe('the API reference page (/apidocs)', () => {
  it("renders the server's document with its operations for an admin", async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/openapi.json', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json(DOC);
      }),
    );
    session(ADMIN);
    const { container } = renderAt('/apidocs');
    expect(screen.getByRole('heading', { name: 'API Reference' })).toBeTruthy();
    await waitFor(() => expect(container.querySelectorAll('.opblock').length).toBe(2));
    const paths = [...container.querySelectorAll('.opblock-summary-path')].map((el) => el.textContent?.replace(/\u200b/g, ''));
    expect(paths).toEqual(expect.arrayContaining(['/api/login', '/api/definitions/{kind}']));
    expect(container.querySelector('.opblock-post')).not.toBeNull();
    expect(screen.getByText('Tessera API')).toBeTruthy();
    expect(asked).toEqual(['/api/openapi.json']);
    expect(screen.getByTestId('where').textContent).toBe('/apidocs');
  });

  it('shows the server refusal instead of a viewer', async () => {
    server.use(http.get('/api/openapi.json', () => HttpResponse.json({ error: 'Only administrators may do this', code: 'FORBIDDEN' }, { status: 403 })));
    session(ADMIN);
    const { container } = renderAt('/apidocs');
    expect((await screen.findByRole('alert')).textContent).toBe('Only administrators may do this');
    expect(container.querySelector('[data-testid="api-docs-viewer"]')).toBeNull();
  });

  it('keeps a non-admin out: back to the home page, and the document is never asked for', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/openapi.json', () => {
        asked.push('openapi');
        return HttpResponse.json(DOC);
      }),
      http.get('/api/page/:name/definition', () => HttpResponse.json({ name: 'home', title: 'Home', definition: [] })),
    );
    session(ALICE);
    renderAt('/apidocs');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'API Reference' })).toBeNull();
    expect(asked).toEqual([]);
  });

  it('is in the Settings menu for admins only', () => {
    expect(settingsEntries(ADMIN, ENV)).toContainEqual({ label: 'API Reference', to: '/apidocs' });
    expect(settingsEntries(ALICE, ENV).some((e) => 'label' in e && e.label === 'API Reference')).toBe(false);
  });
});
