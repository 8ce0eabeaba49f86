import { useEffect } from 'react';
import { create } from 'zustand';
import type { Action } from '../../generated/definitions';
import type { EnvValues } from '../../runtime/session';

/** The admin-only edit link of the navbar: it navigates to `url` followed by `id`. */
export interface NavbarEdit {
  url: string;
  id: string | number;
}

interface NavbarState {
  actions: Action[];
  edit: NavbarEdit | null;
}

/**
 * What the current screen shows in the navbar. The navbar belongs to the layout, not to the
 * screen, so a screen publishes its actions and edit link here instead of through props.
 */
export const useNavbarState = create<NavbarState>()(() => ({ actions: [], edit: null }));

export function setNavbar(actions: Action[] | undefined, edit: NavbarEdit | null = null): void {
  useNavbarState.setState({ actions: actions ?? [], edit });
}

export function clearNavbar(): void {
  useNavbarState.setState({ actions: [], edit: null });
}

/**
 * Publishes a screen's navbar actions and edit link while the screen is shown, and clears
 * them when it goes, so the next screen never inherits them. Pass stable values (from a
 * loaded definition) or the effect runs on every render.
 */
export function useNavbar(actions: Action[] | undefined, edit: NavbarEdit | null = null): void {
  const url = edit?.url;
  const id = edit?.id;
  useEffect(() => {
    setNavbar(actions, url !== undefined && id !== undefined ? { url, id } : null);
    return clearNavbar;
  }, [actions, url, id]);
}

/**
 * The flags of GET /api/env/ arrive as 0/1 or booleans. A missing or unreadable value counts as off, except
 * where the caller decides otherwise (Logout is hidden only when security is explicitly 0).
 */
export function envFlag(value: EnvValues[keyof EnvValues] | undefined): boolean {
  const n = Number(value);
  return Number.isFinite(n) && n !== 0;
}

/** Logout is hidden only when ENABLE_SECURITY is 0. */
export function securityOn(env: EnvValues | null): boolean {
  return !env || env.ENABLE_SECURITY === undefined || envFlag(env.ENABLE_SECURITY);
}
