import { BUILT_IN_NAMES } from '../generated/built-ins';

/**
 * Whether a definition is one Tessera ships and needs (the login form, the About page, the
 * definition lists...): it can be changed, and its shipped version restored from its history,
 * but not deleted or renamed. The names come from fixtures/ through gen:types.
 */
export function isBuiltIn(kind: string, name: unknown): boolean {
  return typeof name === 'string' && (BUILT_IN_NAMES[kind]?.includes(name) ?? false);
}

/** Why a built-in cannot be deleted or renamed: said by the server's 409 and by the form that hides Delete. */
export function builtInReason(kind: string, name: string): string {
  return `The ${kind} '${name}' is built in: Tessera needs it, so it cannot be deleted or renamed. Change it instead; its history keeps the shipped version to restore`;
}
