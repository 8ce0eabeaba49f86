/** One choice of a select: `key` is the <option value>, `value` what is stored in the record. */
export interface SelectOption {
  key: string;
  value: unknown;
  label: string;
}

function lines(text: string | undefined): string[] {
  // Definitions edited on Windows carry \r\n; the \r must not end up inside a key.
  return (text ?? '').split(/\r?\n/);
}

/**
 * A hard coded select (schema.json): keys and values are newline-separated lists paired by index.
 * A blank key line is skipped (a trailing newline must not add an empty choice); a key with no
 * value line shows the key itself, so a short values list never shows a blank option.
 */
export function hardCodedOptions(keys: string | undefined, values: string | undefined): SelectOption[] {
  const texts = lines(values);
  const out: SelectOption[] = [];
  lines(keys).forEach((key, i) => {
    if (key.trim() === '') return;
    const text = texts[i];
    out.push({ key, value: key, label: text !== undefined && text.trim() !== '' ? text : key });
  });
  return out;
}

/**
 * A data url answers [value, label] pairs. The value keeps its JSON type (an id stays a
 * number), so saving a record writes back what the server sent rather than its string form.
 */
export function pairsToOptions(data: unknown): SelectOption[] | undefined {
  if (!Array.isArray(data)) return undefined;
  const out: SelectOption[] = [];
  for (const item of data) {
    if (!Array.isArray(item) || item.length === 0) return undefined;
    const [value, label] = item as unknown[];
    out.push({ key: String(value), value, label: label === undefined || label === null ? String(value) : String(label) });
  }
  return out;
}

/** The <option value> a stored value matches: records may hold 5 where the options say '5'. */
export function keyOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}
