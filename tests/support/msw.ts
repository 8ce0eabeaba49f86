import { setupServer } from 'msw/node';

/**
 * The one msw server of the component suite: each test adds the answers it needs with
 * `server.use(http.get('/api/...', ...))`; handlers are reset after every test. A request no
 * handler answers fails the test (onUnhandledRequest: 'error'), so no call goes unnoticed.
 */
export const server = setupServer();
