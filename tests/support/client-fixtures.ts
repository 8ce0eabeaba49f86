import type { SessionUser, EnvValues } from '../../src/runtime/session';

/** What GET /api/env/ answers for a healthy instance; a test names only what it changes. */
export function testEnv(overrides: Partial<EnvValues> = {}): EnvValues {
  return {
    ENVIRONMENT_NAME: 'Acme',
    LICENCE_STATUS: 'Registered',
    EXPIRED: false,
    ENABLE_SECURITY: 1,
    ENABLE_PREFERENCES_SCREEN: 1,
    TOOLBAR_CLASS: 'navbar-dark bg-dark',
    ...overrides,
  };
}

/** The signed-in users the shell's tests switch between. */
export const ROOT: SessionUser = { id: 1, user: 'root', email: 'root@example.com', Admin: true, FrontPage: 'home' };
export const ALICE: SessionUser = { id: 7, user: 'alice', email: 'alice@example.com', Admin: false, FrontPage: 'home' };
