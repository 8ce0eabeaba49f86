import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw';

// findBy* waits up to 5 s, not 1 s: a lazy chunk's first import can take over a second when
// the machine is busy (CI runs the suites side by side), and a wait ends as soon as it succeeds.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
