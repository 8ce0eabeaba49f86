import { buildApp } from '../src/server/http/app.js';
import { loadConfig } from '../src/server/core/config.js';
import { DEFAULT_DEMO, seedDemo } from './seed/demo.js';

/** `npm run seed:demo [-- --orders N]`: demo models, definitions and data in the configured database. */
function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a whole number`);
  return value;
}

const app = await buildApp(loadConfig({ logLevel: 'warn' }));
const started = Date.now();
await seedDemo(
  app.services,
  { customers: arg('customers', DEFAULT_DEMO.customers), products: arg('products', DEFAULT_DEMO.products), orders: arg('orders', DEFAULT_DEMO.orders) },
  (line) => console.log(line),
);
console.log(`demo seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await app.close();
