/**
 * Model names become table names in lower case (tableOf in model-store.ts): a model named `USER`
 * is the users' table, `FORM` the forms'. So a model name is compared in this one spelling
 * wherever it matters: when a new model is checked against the others, and wherever a rule
 * singles out a system model (User for self-registration, `self` and the last admin; the
 * definition models Form, Grid, Model...). A rule that compared the exact spelling could be
 * stepped around by a model spelled otherwise over the same table.
 */
export function modelKey(name: string): string {
  return name.toLowerCase();
}

/** Whether `name` is the model `model` as the database sees it: the same table. */
export function isModel(name: unknown, model: string): boolean {
  return typeof name === 'string' && modelKey(name) === modelKey(model);
}

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
