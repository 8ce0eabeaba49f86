/**
 * A record id or field value as a key: its text, so the id 5 a server answered and the '5' a url
 * or an `<option>` carries are one key; '' for nothing (undefined or null). Pickers key their
 * choices, chips and list options by it and compare picked values with it.
 */
export function keyOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}
