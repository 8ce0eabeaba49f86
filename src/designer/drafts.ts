import { useSession } from '../runtime/session';

/**
 * Two kinds of draft. First, unsaved edits carried between a definition's raw editor and its visual designer, so the two
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

/**
 * Kept work: every unsaved designer document and raw editor text, in localStorage, so a closed
 * tab, an Escape answered OK or a crash loses nothing. Keyed by the signed-in user, kind and
 * definition id ('new' for one not saved yet); written a few hundred ms after the last edit; removed by a save or by the
 * admin's Discard. Bounded: a draft over MAX_DRAFT_CHARS is not kept, and beyond MAX_DRAFTS the
 * oldest go, so localStorage (about 5 MB an origin) cannot fill with them; a full or refused
 * storage is ignored (the leave prompt still asks).
 */
export interface KeptDraft {
  /** The definition as JSON text (the raw editor's text as typed, or the designer's document). */
  text: string;
  /** The stored version the edits started from (0 for a new definition). */
  version: number;
  /** When it was last written (ms since the epoch). */
  at: number;
}

export const KEPT_PREFIX = 'tessera:kept:';
export const MAX_DRAFTS = 20;
export const MAX_DRAFT_CHARS = 400_000;
/** How long after the last edit a draft is written. */
export const DRAFT_DELAY_MS = 300;

/**
 * A draft belongs to the signed-in person who made it: another admin in the same browser is not
 * offered it (nor a user who signs in there later).
 */
const keptKey = (kind: string, id: string) => `${KEPT_PREFIX}${String(useSession.getState().user?.id ?? 'anonymous')}:${kind}:${id || 'new'}`;

function parseKept(text: string | null): KeptDraft | undefined {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as Partial<KeptDraft>;
    if (typeof value.text !== 'string' || typeof value.at !== 'number') return undefined;
    return { text: value.text, version: typeof value.version === 'number' ? value.version : 0, at: value.at };
  } catch {
    return undefined;
  }
}

/** The kept drafts' keys, oldest first. */
function keptKeys(): { key: string; at: number }[] {
  const out: { key: string; at: number }[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(KEPT_PREFIX)) continue;
    out.push({ key, at: parseKept(localStorage.getItem(key))?.at ?? 0 });
  }
  return out.sort((a, b) => a.at - b.at);
}

/** Keeps `text` as the unsaved work on (kind, id); answers whether it was kept. */
export function keepDraft(kind: string, id: string, text: string, version: number): boolean {
  if (text.length > MAX_DRAFT_CHARS) return false;
  const key = keptKey(kind, id);
  const value = JSON.stringify({ text, version, at: Date.now() } satisfies KeptDraft);
  try {
    const others = keptKeys().filter((k) => k.key !== key);
    for (const old of others.slice(0, Math.max(0, others.length - (MAX_DRAFTS - 1)))) localStorage.removeItem(old.key);
    try {
      localStorage.setItem(key, value);
    } catch {
      // Full: make room by dropping the oldest drafts, once.
      for (const old of others) localStorage.removeItem(old.key);
      localStorage.setItem(key, value);
    }
    return true;
  } catch {
    return false;
  }
}

export function keptDraft(kind: string, id: string): KeptDraft | undefined {
  try {
    return parseKept(localStorage.getItem(keptKey(kind, id)));
  } catch {
    return undefined;
  }
}

export function dropKeptDraft(kind: string, id: string): void {
  try {
    localStorage.removeItem(keptKey(kind, id));
  } catch {
    // Storage refused: nothing was kept.
  }
}

/**
 * Writes a draft DRAFT_DELAY_MS after the last `schedule`; `flush` writes a pending one at once
 * (leaving, closing the tab), `cancel` forgets it (a save).
 */
export function draftWriter(write: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        write();
      }, DRAFT_DELAY_MS);
    },
    flush() {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      write();
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
