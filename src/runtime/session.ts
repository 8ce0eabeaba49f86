import { create } from 'zustand';
import type { SessionUser } from '../shared/api-types';
import type { ViewAsTarget, ViewingAs } from '../shared/view-as';
import { api } from './api/http';
import { storedViewAs, storeViewAs } from './view-as';

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
  /** Whom the administrator views the app as (the header view-as.ts sends); `user` is then that user. */
  viewingAs?: ViewingAs;
  /** On a refusal: its code. */
  code?: string;
}

/** The refusals of a View-as header that a new choice, not a retry, can mend (the user deleted, the admin demoted). */
const VIEW_AS_GONE = new Set(['VIEW_AS_INVALID', 'VIEW_AS_REFUSED']);

export interface SessionState {
  loading: boolean;
  user: SessionUser | null;
  setupNotCompleted: boolean;
  env: EnvValues | null;
  error: string;
  /** Whom an administrator views the app as; `user` is then that user, so menus and screens follow them. */
  viewingAs: ViewingAs | null;
  /** Moves on each start and stop of View as: the layout remounts the screen, which loads its data again. */
  viewGeneration: number;
  /** Loads GET /api/checkuser and GET /api/env/ together; guards wait for it. */
  load(): Promise<void>;
  /** Views the app as a user or group (null: stop), read only, and loads the session again. */
  viewAs(target: ViewAsTarget | null): Promise<void>;
}

export const useSession = create<SessionState>()((set, get) => ({
  loading: true,
  user: null,
  setupNotCompleted: false,
  env: null,
  error: '',
  viewingAs: null,
  viewGeneration: 0,
  async load() {
    set({ loading: true });
    const [first, env] = await Promise.all([api<CheckUserAnswer>('GET', '/api/checkuser'), api<EnvValues>('GET', '/api/env/')]);
    let who = first;
    if (!who.ok && storedViewAs() && VIEW_AS_GONE.has(who.data?.code ?? '')) {
      // Whom this tab viewed as is gone, or the caller may no longer view as: their own view again.
      storeViewAs(null);
      who = await api<CheckUserAnswer>('GET', '/api/checkuser');
    }
    const user = who.ok ? (who.data?.user ?? null) : null;
    // Signed out (the session ended): a View as chosen in it ends with it.
    if (who.ok && !user) storeViewAs(null);
    set({
      loading: false,
      user,
      viewingAs: who.ok ? (who.data?.viewingAs ?? null) : null,
      setupNotCompleted: who.ok ? Boolean(who.data?.setupNotCompleted) : false,
      env: env.ok ? env.data : null,
      error: who.ok ? (env.ok ? '' : env.error) : who.error,
    });
  },
  async viewAs(target) {
    storeViewAs(target);
    await get().load();
    set((s) => ({ viewGeneration: s.viewGeneration + 1 }));
  },
}));
