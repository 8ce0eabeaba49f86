import { loadavg } from 'node:os';
import { startTestApp, TEST_DB } from '../../tests/support/test-app.js';
import { arg, ms, percentile, runBench, verdict } from './common.js';

/**
 * bench:history (docs/performance.md, "Record history"): --updates updates (10,000 by default)
 * of one field through the form API (POST /api/form/{name}/update/{id}, in-process), on two
 * models alike but for their history setting: recorded, and `history.off`. They alternate in
 * blocks of 100 in the same run, on the database TESSERA_TEST_DB names (`npm run bench:history`
 * runs SQLite, then PostgreSQL), so drift falls on both alike. Prints the medians and their
 * ratio; the target is at most 1.25x. Exit code 0 when measured, 1 when something failed.
 */
const UPDATES = arg('updates', 10_000);
const TARGET_RATIO = 1.25;
const BLOCK = 100;
const RECORDS = 100;

async function main(): Promise<number> {
  const t = await startTestApp();
  const token = await t.setup();
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await t.call<Record<string, unknown>>(method, url, { token, body });
    if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
    return res.body;
  };
  try {
    const fields = [
      { name: 'name', type: 'text' },
      { name: 'qty', type: 'number' },
      { name: 'note', type: 'text' },
    ];
    const kinds = { on: { name: 'HistOn', history: undefined }, off: { name: 'HistOff', history: { off: true } } };
    const state: Record<'on' | 'off', { form: string; ids: number[]; versions: number[]; times: number[] }> = {
      on: { form: 'hist_on', ids: [], versions: [], times: [] },
      off: { form: 'hist_off', ids: [], versions: [], times: [] },
    };
    for (const kind of ['on', 'off'] as const) {
      const { name, history } = kinds[kind];
      await call('POST', '/api/definitions/model', { name, fields, ...(history ? { history } : {}) });
      const inputs = fields.map((f) => ({ childType: 'Input', width: 4, name: f.name, label: f.name, fieldtype: f.type === 'number' ? 'number' : 'text' }));
      await call('POST', '/api/definitions/form', { name: state[kind].form, title: name, model: name, definition: [{ cols: inputs }] });
      for (let i = 0; i < RECORDS; i++) {
        const added = await call('POST', `/api/form/${state[kind].form}/add`, { name: `item ${i}`, qty: i, note: 'n' });
        state[kind].ids.push(Number(added.id));
        state[kind].versions.push(1);
      }
    }
    let n = 0;
    for (let done = 0; done < UPDATES; done += BLOCK) {
      for (const kind of ['on', 'off'] as const) {
        const s = state[kind];
        for (let i = 0; i < BLOCK; i++) {
          const r = (n + i) % RECORDS;
          const t0 = performance.now();
          await call('POST', `/api/form/${s.form}/update/${s.ids[r]}`, { qty: n + i, _version: s.versions[r] });
          s.times.push(performance.now() - t0);
          s.versions[r] = (s.versions[r] ?? 0) + 1;
        }
      }
      n += BLOCK;
    }
    const entries = await t.app.services.database.db.selectFrom('sys_record_history').select((eb) => eb.fn.countAll().as('n')).where('model', '=', 'HistOn').executeTakeFirst();
    const on = percentile(state.on.times, 50);
    const off = percentile(state.off.times, 50);
    const ratio = on / off;
    console.log(`\nRecord history on ${TEST_DB}: ${UPDATES.toLocaleString('en')} updates each through the form API; load average ${loadavg()[0]?.toFixed(2)}`);
    console.log('  history     median (ms)   p90 (ms)');
    for (const kind of ['on', 'off'] as const) console.log(`  ${kind.padEnd(10)} ${ms(percentile(state[kind].times, 50), 3)}   ${ms(percentile(state[kind].times, 90), 3)}`);
    console.log(`  ratio on/off: ${ratio.toFixed(2)}x (target at most ${TARGET_RATIO}x) ${verdict(ratio <= TARGET_RATIO)}; ${Number(entries?.n)} entries written for HistOn`);
    return 0;
  } finally {
    await t.close();
  }
}

runBench('bench:history', 30 * 60_000, main);
