import type { Row } from '../db/connect.js';
import { errors } from '../core/errors.js';

/**
 * The values the server writes into the audit columns (src/shared/audit-fields.ts): every write
 * names its author and moment; an insert names them as the creator too. The moment is UTC in
 * ISO form, which sorts and compares as text the way the filter language compares a date and time.
 */
export function auditStamp(by: string | number | null, created: boolean): Row {
  const at = new Date().toISOString();
  return created ? { _created_by: by, _created_at: at, _updated_by: by, _updated_at: at } : { _updated_by: by, _updated_at: at };
}

/**
 * The author a request's write is stamped with: the signed-in user's id. With ENABLE_SECURITY=0
 * every caller is an administrator of id 0 whom no User record is (http/request-user.ts): nobody.
 */
export function authorOf(user: { id: number } | null | undefined): number | null {
  return user && user.id !== 0 ? user.id : null;
}

/** The 400 for values that name an audit field: only the server writes them. */
export function auditFieldsRefused(names: string[]) {
  return errors.invalid(
    `${names.map((n) => `'${n}'`).join(', ')} ${names.length === 1 ? 'is' : 'are'} kept by the server: no request may set ${names.length === 1 ? 'it' : 'them'}`,
    names.map((n) => ({ pointer: `/${n}`, message: 'is kept by the server' })),
  );
}
