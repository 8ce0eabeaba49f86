import type { GridDefinition } from '../../../src/generated/definitions';
import type { GridRow } from '../../../src/runtime/views/grid-data';

export const GRID_NAME = 'big';
export const GRID_ROWS = 100_000;

/** Mode 1 (all rows, sorted and searched in the browser), the grid whose figures docs/performance.md gives. */
export const definition: GridDefinition = {
  name: GRID_NAME,
  title: 'Big grid',
  paging: 1,
  hideClear: true,
  definition: [
    { name: 'name', label: 'Name', type: 'Text' },
    { name: 'email', label: 'E-mail', type: 'Text' },
    { name: 'city', label: 'City', type: 'Text' },
    { name: 'amount', label: 'Amount', type: 'Number' },
    { name: 'since', label: 'Since', type: 'Date' },
  ],
};

const FIRST = ['Anna', 'Ben', 'Carla', 'David', 'Emma', 'Felix', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Karin', 'Lukas', 'Mia', 'Noah', 'Olga', 'Paul', 'Rosa', 'Simon', 'Tara', 'Victor', 'Wanda', 'Yusuf', 'Zoe', 'Ahmed', 'Bianca', 'Chen', 'Dario', 'Elif', 'Farid', 'Hana'];
const LAST = ['Smith', 'Johnson', 'Brown', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Nelson'];
const CITY = ['Amsterdam', 'Berlin', 'Boston', 'Cairo', 'Chicago', 'Dublin', 'Hamburg', 'Helsinki', 'Lisbon', 'London', 'Lyon', 'Madrid', 'Milan', 'Munich', 'Nairobi', 'Oslo', 'Paris', 'Porto', 'Prague', 'Rome', 'Seoul', 'Sydney', 'Tokyo', 'Toronto', 'Vienna', 'Warsaw', 'Zurich'];

/** mulberry32: a tiny seeded generator, so every run sorts and searches the same data (and the kill test replays its kills). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 100,000 rows shaped as the server answers mode 1: an array of plain records with an id. */
export function generateRows(count = GRID_ROWS, seed = 42): GridRow[] {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const day0 = Date.UTC(2000, 0, 1);
  const rows: GridRow[] = new Array<GridRow>(count);
  for (let i = 0; i < count; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    rows[i] = {
      id: i + 1,
      name: `${first} ${last}`,
      email: `${first}.${last}${i}@example.com`.toLowerCase(),
      city: pick(CITY),
      amount: Math.round(next() * 1_000_000) / 100,
      since: new Date(day0 + Math.floor(next() * 9000) * 86_400_000).toISOString().slice(0, 10),
    };
  }
  return rows;
}
