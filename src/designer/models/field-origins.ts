/**
 * Which stored field each field of a model designer's document was: fields are known by name,
 * so a rename is told apart from a field deleted and another added by following the field objects
 * as the designer edits them (immer keeps an untouched field the same object, and an edited one
 * takes the place of the one it replaced). A field the designer cannot follow (a whole document
 * replaced from the raw editor) is matched by name. The save sends the renames; the preview shows
 * them to the admin before anything is applied.
 */
interface Named {
  name: string;
}

export class FieldOrigins {
  private origin = new WeakMap<object, string>();
  private stored = new Set<string>();

  constructor(fields: readonly Named[]) {
    this.reset(fields);
  }

  /** The fields as stored now (after a load or a save): each is its own origin. */
  reset(fields: readonly Named[]): void {
    this.origin = new WeakMap();
    this.stored = new Set(fields.map((f) => f.name));
    for (const f of fields) this.origin.set(f, f.name);
  }

  /** Follows an edit from `prev` to `next`. */
  follow(prev: readonly Named[], next: readonly Named[]): void {
    if (prev === next) return;
    const live = new Set<object>(next);
    const claimed = new Set<string>();
    for (const f of next) {
      const o = this.origin.get(f);
      if (o !== undefined) claimed.add(o);
    }
    next.forEach((f, i) => {
      if (this.origin.has(f)) return;
      // A stored field's own name back (an undo, a raw edit) is that field.
      if (this.stored.has(f.name) && !claimed.has(f.name)) {
        this.origin.set(f, f.name);
        claimed.add(f.name);
        return;
      }
      // An edited field replaces the object it was, at the same place.
      const before = prev[i];
      const o = before && !live.has(before) ? this.origin.get(before) : undefined;
      if (o !== undefined && !claimed.has(o)) {
        this.origin.set(f, o);
        claimed.add(o);
      }
    });
  }

  /** `{ stored name: name now }` for every stored field that has another name now. */
  renames(fields: readonly Named[]): Record<string, string> {
    const out: Record<string, string> = {};
    for (const f of fields) {
      const o = this.origin.get(f);
      if (o !== undefined && o !== f.name) out[o] = f.name;
    }
    return out;
  }
}

/** A display (a field's name or a `{first} {last}` template) with renamed fields named anew. */
export function renamedDisplay(display: string, renames: Record<string, string>): string {
  if (!display.includes('{')) return renames[display.trim()] ?? display;
  return display.replace(/\{([^{}]*)\}/g, (whole, name: string) => (renames[name.trim()] ? `{${renames[name.trim()]}}` : whole));
}
