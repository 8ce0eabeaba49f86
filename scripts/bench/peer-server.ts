import { createServer } from 'node:http';
import BetterSqlite3 from 'better-sqlite3';

/**
 * The peer for `bench:api`: the plain way many admin builders page a table, on the same
 * SQLite file: `LIMIT/OFFSET` for the rows and `COUNT(*)` for the total, per request, with
 * no framework, no session and no definition look-up. It marks what the naive query costs.
 */
const file = process.env.PEER_DB ?? '';
const port = Number(process.env.PORT ?? 0);
const db = new BetterSqlite3(file, { readonly: true });
const rows = db.prepare('select id, customer, product, quantity, total, ordered, status from t_order order by id limit ? offset ?');
const count = db.prepare('select count(*) as n from t_order');

createServer((req, res) => {
  const m = /^\/page\/(\d+)\/(\d+)$/.exec(req.url ?? '');
  if (!m) {
    res.writeHead(404).end();
    return;
  }
  const size = Number(m[2]);
  const body = JSON.stringify({ rows: rows.all(size, Number(m[1]) * size), count: (count.get() as { n: number }).n });
  res.writeHead(200, { 'content-type': 'application/json' }).end(body);
}).listen(port, '127.0.0.1', () => console.log('peer ready'));
