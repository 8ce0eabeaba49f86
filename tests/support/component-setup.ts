import { cleanup, configure } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './msw';

// findBy* waits up to 5 s, not 1 s: a lazy chunk's first import can take over a second when
// the machine is busy (CI runs the suites side by side), and a wait ends as soon as it succeeds.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Every form in edit mode asks for its model's button automations; a test that shows none need not
// say so (a test of the buttons answers its own, which take precedence).
beforeEach(() => server.use(http.get('*/api/automations/buttons/:model', () => HttpResponse.json([]))));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
