import { loadDemoFixtures } from '../../fixtures/index.js';
import type { Row } from '../../src/server/db/connect.js';
import type { Services } from '../../src/server/ops/services.js';
import { tableOf } from '../../src/server/records/model-store.js';
import type { DefinitionKind } from '../../src/server/definitions/definitions.js';

export interface DemoSize {
  customers: number;
  products: number;
  orders: number;
}

export const DEFAULT_DEMO: DemoSize = { customers: 1_000, products: 200, orders: 10_000 };

const CITIES = ['Amsterdam', 'Berlin', 'Cork', 'Dublin', 'Lisbon', 'Madrid', 'Oslo', 'Prague', 'Riga', 'Vienna'];
const STATUSES = ['new', 'paid', 'shipped', 'delivered', 'cancelled'];
const BATCH = 500;

/** A small deterministic generator, so every run seeds the same data. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

async function insertBatches(services: Services, model: string, count: number, make: (i: number) => Row, progress?: (done: number) => void) {
  const table = tableOf(model);
  const { db } = services.database;
  for (let start = 0; start < count; start += BATCH * 20) {
    await db.transaction().execute(async (trx) => {
      for (let b = start; b < Math.min(start + BATCH * 20, count); b += BATCH) {
        const rows: Row[] = [];
        for (let i = b; i < Math.min(b + BATCH, count); i++) rows.push(make(i));
        await trx.insertInto(table).values(rows).execute();
      }
    });
    progress?.(Math.min(start + BATCH * 20, count));
  }
}

/**
 * Loads the demo models and definitions (Customer, Product, Order and their forms, grids,
 * selects and menu) and fills them with generated rows, unless they already hold data.
 */
export async function seedDemo(services: Services, size: DemoSize = DEFAULT_DEMO, log: (line: string) => void = () => {}): Promise<void> {
  const { defs, store } = services;
  const demo = loadDemoFixtures();
  for (const model of demo.models) await defs.seed('model', model as unknown as Row);
  for (const model of demo.models) await defs.model(String((model as { name: string }).name));
  const kinds: [DefinitionKind, unknown[]][] = [
    ['form', demo.forms],
    ['grid', demo.grids],
    ['page', demo.pages],
    ['menu', demo.menus],
    ['select', demo.selects],
  ];
  for (const [kind, docs] of kinds) for (const doc of docs) await defs.seed(kind, doc as Row);

  if ((await store.count('Order')) > 0) {
    log('demo data already present; nothing to add');
    return;
  }
  const r = rng(42);
  log(`customers: ${size.customers}`);
  await insertBatches(services, 'Customer', size.customers, (i) => ({
    name: `Customer ${i + 1}`,
    email: `customer${i + 1}@example.com`,
    city: CITIES[i % CITIES.length],
    since: new Date(Date.UTC(2015, 0, 1) + Math.floor(r() * 3650) * 86_400_000).toISOString().slice(0, 10),
  }));
  log(`products: ${size.products}`);
  await insertBatches(services, 'Product', size.products, (i) => ({
    name: `Product ${i + 1}`,
    sku: `SKU-${String(i + 1).padStart(6, '0')}`,
    price: Math.round((1 + r() * 499) * 100) / 100,
    rating: ((i * 7) % 5) + 1,
  }));
  const firstCustomer = Number((await store.list('Customer', { fields: [], limit: 1 }))[0]?.id ?? 1);
  const firstProduct = Number((await store.list('Product', { fields: [], limit: 1 }))[0]?.id ?? 1);
  let last = 0;
  await insertBatches(
    services,
    'Order',
    size.orders,
    (i) => {
      const quantity = 1 + Math.floor(r() * 9);
      return {
        customer: firstCustomer + Math.floor(r() * size.customers),
        product: firstProduct + Math.floor(r() * size.products),
        quantity,
        total: Math.round(quantity * (1 + r() * 499) * 100) / 100,
        ordered: new Date(Date.UTC(2020, 0, 1) + Math.floor(r() * 2500) * 86_400_000).toISOString().slice(0, 10),
        status: STATUSES[i % STATUSES.length],
      };
    },
    (done) => {
      if (done - last >= 100_000 || done === size.orders) {
        log(`orders: ${done} / ${size.orders}`);
        last = done;
      }
    },
  );
}
