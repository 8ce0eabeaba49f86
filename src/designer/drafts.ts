/**
 * Unsaved edits carried between a definition's raw editor and its visual designer, so the two
 * can be switched without saving. Kept in sessionStorage (this tab only, gone when it
 * closes) and taken once: the screen that opens reads and removes it.
 */
const key = (kind: string, id: string) => `tessera:draft:${kind}:${id}`;

export function putDraft(kind: string, id: string, doc: Record<string, unknown>): void {
  const { id: _id, version: _version, ...rest } = doc;
  try {
    sessionStorage.setItem(key(kind, id), JSON.stringify(rest));
  } catch {
    // Storage full or refused: the other editor opens the stored definition, and says nothing lost
    // only because the leave guard asked first.
  }
}

export function takeDraft(kind: string, id: string): Record<string, unknown> | undefined {
  try {
    const text = sessionStorage.getItem(key(kind, id));
    if (text === null) return undefined;
    sessionStorage.removeItem(key(kind, id));
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
