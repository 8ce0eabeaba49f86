/** How model names compare (in lower case, as their tables are named): src/shared/contract.ts, beside the definition kinds' models. */
import { isModel, modelKey } from '../../shared/contract.js';

export { isModel, modelKey };

/**
 * The model among `others` whose table `name` would be, if any: one with the same name, or
 * with the name in another case. `others` are every other model that exists, or will, beside it.
 */
export function tableSharedWith(name: string, others: Iterable<string>): string | undefined {
  const key = modelKey(name);
  for (const other of others) if (modelKey(other) === key) return other;
  return undefined;
}

/** Why a model that shares its table with `other` is not applied (a request on it answers 409). */
export function sharedTableReason(other: string): string {
  return `it shares its table with the model '${other}' (model names are compared without regard to case); delete one of the two definitions`;
}
