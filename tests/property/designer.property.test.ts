import fc from 'fast-check';
import { applyPatches, type Patch } from 'immer';
import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../../src/shared/schema-registry.js';
import { getAt, reduce, type DesignAction, type DesignerKind, type ListKind, type Path } from '../../src/designer/actions.js';
import { createDesignerStore, type DispatchOptions } from '../../src/designer/store.js';
import { pathIndex } from '../../src/designer/ui/context.js';
import { arbitraries, arbModelDocument } from '../support/arbitraries.js';

/**
 * Random sequences of designer actions on random valid definitions. The actions are chosen
 * against the current document (existing lists and items, so most apply), and a share of them
 * pair places blindly so the reducer's refusals are exercised too. After each applied action the
 * definition still validates; the inverse patches, applied backwards, give back the exact start;
 * undoing everything in the store gives the start, and redoing it gives the end again.
 */

const NUM_RUNS = 150;
const kinds: DesignerKind[] = ['form', 'page', 'grid', 'menu', 'model'];

interface Place {
  path: Path;
  kind: ListKind;
}

const ROOT: Record<DesignerKind, [string, ListKind][]> = {
  form: [['definition', 'rows'], ['actions', 'actions']],
  page: [['definition', 'rows'], ['actions', 'actions']],
  grid: [['definition', 'gridfields'], ['actions', 'actions'], ['rowactions', 'rowactions'], ['filters', 'filters'], ['sorts', 'sorts']],
  menu: [['definition', 'menuitems'], ['actions', 'actions']],
  model: [['fields', 'modelfields']],
};
const CHILD_LISTS: Record<string, [string, ListKind][]> = {
  Card: [['rows', 'rows'], ['tabs', 'tabs']],
  Rows: [['rows', 'rows']],
  Tabs: [['tabs', 'tabs']],
  Tab: [['rows', 'rows'], ['tabs', 'tabs']],
};

/** Every list (existing, or a place a container may hold one) and every item of the document, with their kinds. */
function places(doc: unknown, kind: DesignerKind): { lists: Place[]; items: Place[] } {
  const lists: Place[] = [];
  const items: Place[] = [];
  const visitList = (path: Path, listKind: ListKind): void => {
    lists.push({ path, kind: listKind });
    const value = getAt(doc, path);
    if (!Array.isArray(value)) return;
    value.forEach((item: unknown, i) => {
      const itemPath = [...path, i];
      items.push({ path: itemPath, kind: listKind });
      if (listKind === 'rows') visitList([...itemPath, 'cols'], 'cols');
      const childType = (item as { childType?: string }).childType;
      if ((listKind === 'cols' || listKind === 'tabs') && childType) {
        for (const [key, k] of CHILD_LISTS[childType] ?? []) visitList([...itemPath, key], k);
      }
    });
  };
  for (const [key, k] of ROOT[kind]) visitList([key], k);
  return { lists, items };
}

/** How many columns, tabs and non-row items the document holds (rows are left out: a column dropped on a rows list gets a new one). */
function census(doc: unknown, kind: DesignerKind): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of places(doc, kind).items) if (item.kind !== 'rows') counts[item.kind] = (counts[item.kind] ?? 0) + 1;
  return counts;
}

const PALETTE = [
  { childType: 'None', width: 0 },
  { childType: 'Input', width: 4, name: 'first', fieldtype: 'email' },
  { childType: 'Card', width: 0, title: 'Card', rows: [{ cols: [{ childType: 'Text', width: 0, text: 'x' }] }] },
  { childType: 'Tabs', width: 6, tabs: [] },
];
const WORDS = ['', 'H', 'He', 'Hello', 'Kunde', 'ü ß'];
/** Per list kind, a string property every item of it may carry. */
const LABEL: Partial<Record<ListKind, string>> = {
  actions: 'label', rowactions: 'label', tabs: 'tabtitle', gridfields: 'label', menuitems: 'title', filters: 'value', modelfields: 'label',
};

type Choice = [number, number, number, number];
interface Planned {
  action: DesignAction;
  options: DispatchOptions;
}

/** A palette entry as the palette makes it: a new object each time (create()), never one shared by two places. */
const fresh = <T,>(value: T): T => structuredClone(value);

function pick<T>(list: readonly T[], seed: number): T | undefined {
  return list.length === 0 ? undefined : list[seed % list.length];
}

/** One action chosen against the current document from four random numbers. */
function choose(doc: unknown, kind: DesignerKind, [op, s1, s2, s3]: Choice): Planned | undefined {
  const { lists, items } = places(doc, kind);
  const ofKind = (k: ListKind) => (p: Place) => p.kind === k;
  const rowsLists = lists.filter(ofKind('rows'));
  const rows = items.filter(ofKind('rows'));
  const cols = items.filter(ofKind('cols'));
  const none: DispatchOptions = {};
  switch (op % 14) {
    case 0:
      return { action: { type: 'set', path: ['title'], value: pick(WORDS, s1) }, options: s2 % 2 ? { merge: 'title' } : none };
    case 1: {
      const list = pick(rowsLists, s1);
      return list && { action: { type: 'addRow', rows: list.path }, options: none };
    }
    case 2: {
      const list = pick(rowsLists, s1);
      return list && { action: { type: 'deleteLastRow', rows: list.path }, options: none };
    }
    case 3: {
      const row = pick(rows, s1);
      return row && { action: { type: 'addColumn', row: row.path, column: s2 % 2 ? fresh(pick(PALETTE, s3)) : undefined }, options: none };
    }
    case 4: {
      const row = pick(rows, s1);
      const length = row ? ((getAt(doc, [...row.path, 'cols']) as unknown[] | undefined)?.length ?? 0) : 0;
      return row && { action: { type: 'insertColumn', row: row.path, index: s2 % (length + 2), column: fresh(pick(PALETTE, s3)) }, options: none };
    }
    case 5: {
      const row = pick(rows, s1);
      return row && { action: { type: 'deleteLastColumn', row: row.path }, options: none };
    }
    case 6: {
      // Half the swaps pair items of one kind, half pair any two items (mostly refused).
      const a = pick(items, s1);
      const b = a && pick(s3 % 2 ? items : items.filter(ofKind(a.kind)), s2);
      return a && b && { action: { type: 'swap', a: a.path, b: b.path }, options: none };
    }
    case 7: {
      const from = pick(items, s1);
      if (!from) return undefined;
      const targets = s3 % 3 === 0 ? lists : lists.filter((l) => l.kind === from.kind || (from.kind === 'cols' && l.kind === 'rows'));
      const to = pick(targets, s2);
      const length = to ? ((getAt(doc, to.path) as unknown[] | undefined)?.length ?? 0) : 0;
      return to && { action: { type: 'move', from: from.path, to: to.path, index: s3 % (length + 1) }, options: none };
    }
    case 8: {
      const col = pick(cols, s1);
      return col && { action: { type: 'resize', column: col.path, width: s2 % 13 }, options: s3 % 2 ? { merge: `resize:${col.path.join('/')}` } : none };
    }
    case 9: {
      const list = pick(lists, s1);
      return list && { action: { type: 'addItem', list: list.path }, options: none };
    }
    case 10: {
      const list = pick(lists, s1);
      return list && { action: { type: 'deleteLastItem', list: list.path }, options: none };
    }
    case 12: {
      const item = pick(items, s1);
      return item && { action: { type: 'removeItem', item: item.path }, options: none };
    }
    case 11: {
      const item = pick(items.filter((p) => p.kind === 'cols' || LABEL[p.kind]), s1);
      if (!item) return undefined;
      if (item.kind === 'cols') return { action: { type: 'set', path: [...item.path, 'width'], value: s2 % 14 }, options: none };
      const key = LABEL[item.kind] as string;
      return { action: { type: 'set', path: [...item.path, key], value: pick(WORDS, s2) }, options: s3 % 2 ? { merge: key } : none };
    }
    default: {
      const copy = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
      copy.title = pick(WORDS, s1);
      return { action: { type: 'replace', document: copy }, options: none };
    }
  }
}

const choices = fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 25 });

describe.each(kinds)('%s designer', (kind) => {
  const arb = (kind === 'model' ? arbModelDocument : arbitraries[kind]) as fc.Arbitrary<object>;

  it('random action sequences keep the definition valid and are undone exactly by their inverse patches', () => {
    const applied = new Map<string, number>();
    let tried = 0;
    fc.assert(
      fc.property(arb, choices, (start, picks) => {
        let doc = start;
        const inverses: Patch[][] = [];
        for (const c of picks) {
          const planned = choose(doc, kind, c);
          if (!planned) continue;
          tried++;
          const result = reduce(doc, planned.action, kind);
          if (!result) continue;
          applied.set(planned.action.type, (applied.get(planned.action.type) ?? 0) + 1);
          if (planned.action.type === 'swap' || planned.action.type === 'move') {
            // A drag rearranges; it never loses or duplicates anything.
            expect(census(result.doc, kind), JSON.stringify(planned.action)).toEqual(census(doc, kind));
          }
          const validation = validateDefinition(kind, result.doc);
          expect(validation.ok ? [] : validation.errors, JSON.stringify(planned.action)).toEqual([]);
          inverses.push(result.inverse);
          doc = result.doc;
        }
        let back = doc;
        for (const inverse of inverses.reverse()) back = applyPatches(back, inverse);
        expect(back).toEqual(start);
      }),
      { numRuns: NUM_RUNS },
    );
    // The sequences really edit: most chosen actions apply, and every action the designer has is exercised.
    const total = [...applied.values()].reduce((a, b) => a + b, 0);
    expect(total / tried).toBeGreaterThan(0.5);
    const expected = kind === 'form' || kind === 'page'
      ? ['set', 'addRow', 'deleteLastRow', 'addColumn', 'insertColumn', 'deleteLastColumn', 'swap', 'move', 'resize', 'addItem', 'deleteLastItem', 'replace']
      : ['set', 'swap', 'move', 'addItem', 'deleteLastItem', 'replace'];
    expect([...applied.keys()].sort()).toEqual(expect.arrayContaining(expected));
  });

  it('in the store, undoing everything gives the start and redoing gives the end; redo after undo is the same document', () => {
    fc.assert(
      fc.property(arb, choices, (start, picks) => {
        const store = createDesignerStore(kind, start);
        const s = () => store.getState();
        for (const c of picks) {
          const planned = choose(s().doc, kind, c);
          if (!planned) continue;
          const before = s().doc;
          if (s().dispatch(planned.action, planned.options)) {
            s().undo();
            expect(s().doc).toEqual(before);
            s().redo();
            // Seal now and then, as blur and pointer-up do; otherwise merges run on.
            if (c[3] % 3 === 0) s().seal();
          } else {
            expect(s().doc).toBe(before);
          }
        }
        const end = s().doc;
        while (s().undo());
        expect(s().doc).toEqual(start);
        expect(s().isDirty()).toBe(false);
        while (s().redo());
        expect(s().doc).toEqual(end);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  if (kind === 'form' || kind === 'page') {
    it("the canvas's index finds every row, column and tab at its path after each edit, undo and redo, with two designers taking turns", () => {
      const misplaced = (doc: Record<string, unknown>): string[] =>
        places(doc, kind)
          .items.filter((p) => p.kind === 'rows' || p.kind === 'cols' || p.kind === 'tabs')
          .flatMap((p) => {
            const found = pathIndex(doc).get(getAt(doc, p.path) as object)?.path;
            return JSON.stringify(found) === JSON.stringify(p.path) ? [] : [`${p.path.join('/')} indexed at ${JSON.stringify(found)}`];
          });
      fc.assert(
        fc.property(arb, arb, choices, (a, b, picks) => {
          const stores = [createDesignerStore(kind, a as Record<string, unknown>), createDesignerStore(kind, b as Record<string, unknown>)];
          picks.forEach((c, i) => {
            const store = stores[c[3] % 2]!;
            const planned = choose(store.getState().doc, kind, c);
            if (planned && store.getState().dispatch(planned.action, planned.options) && c[2] % 4 === 0) {
              store.getState().undo();
              expect(misplaced(store.getState().doc), `undo at ${i}`).toEqual([]);
              store.getState().redo();
            }
            expect(misplaced(store.getState().doc), `after ${i}: ${JSON.stringify(planned?.action)}`).toEqual([]);
          });
        }),
        { numRuns: NUM_RUNS },
      );
    });
  }
});
