import { create } from 'zustand';
import type { SessionUser } from '../shared/api-types';
import { api } from './api/http';

export type { SessionUser };

export interface EnvValues {
  ENVIRONMENT_NAME: string;
  LICENCE_STATUS: string;
  EXPIRED: boolean;
  ENABLE_SECURITY: number | boolean;
  ENABLE_PREFERENCES_SCREEN: number | boolean;
  TOOLBAR_CLASS: string;
  /** 1: the login screen offers Register (the server takes self-registrations). */
  SELF_REGISTRATION?: number | boolean;
}

interface CheckUserAnswer {
  user: SessionUser | null;
  setupNotCompleted: boolean;
}

export interface SessionState {
  loading: boolean;
  user: SessionUser | null;
  setupNotCompleted: boolean;
  env: EnvValues | null;
  error: string;
  /** Loads GET /api/checkuser and GET /api/env/ together; guards wait for it. */
  load(): Promise<void>;
}

export const useSession = create<SessionState>()((set) => ({
  loading: true,
  user: null,
  setupNotCompleted: false,
  env: null,
  error: '',
  async load() {
    set({ loading: true });
    const [who, env] = await Promise.all([api<CheckUserAnswer>('GET', '/api/checkuser'), api<EnvValues>('GET', '/api/env/')]);
    set({
      loading: false,
      user: who.ok ? (who.data?.user ?? null) : null,
      setupNotCompleted: who.ok ? Boolean(who.data?.setupNotCompleted) : false,
      env: env.ok ? env.data : null,
      error: who.ok ? (env.ok ? '' : env.error) : who.error,
    });
  },
}));
