/**
 * The bench page of `npm run bench:designer`. `?lib=tessera|puck&kind=page|form&n=N` mounts a
 * designer holding N blocks (page: Text blocks; form: Input fields) with the middle one
 * selected, and installs window.benchDesigner. Each designer is its own lazy chunk, and both
 * get Bootstrap's CSS, as the app has.
 */
import 'bootstrap/dist/css/bootstrap.min.css';
import { createRoot } from 'react-dom/client';
import { install, type Kind, type Lib } from './harness';

async function start(): Promise<void> {
  const host = document.getElementById('root');
  if (!host) throw new Error('index.html lacks #root');
  const params = new URLSearchParams(location.search);
  const lib = params.get('lib') as Lib;
  const kind = params.get('kind') as Kind;
  const n = Number(params.get('n'));
  if ((lib !== 'tessera' && lib !== 'puck') || (kind !== 'page' && kind !== 'form') || !Number.isInteger(n) || n < 4) {
    throw new Error('use ?lib=tessera|puck&kind=page|form&n=<blocks, at least 4>');
  }
  const target = Math.floor(n / 2);
  const root = createRoot(host);
  const mounted = lib === 'tessera' ? (await import('./tessera')).mountTessera(root, kind, n, target) : (await import('./puck')).mountPuck(root, kind, n, target);
  // Let effects and the first data loads (the field picker's list) settle before measuring.
  for (let i = 0; i < 20 && !mounted.under.input(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!mounted.under.input()) throw new Error(`${lib}: the selected block's property editor did not appear`);
  install(mounted.under, target);
  window.designerInfo = { lib, kind, blocks: n, drawn: mounted.drawn(), mountMs: mounted.mountMs };
}

start().catch((e: unknown) => {
  window.designerError = e instanceof Error ? (e.stack ?? e.message) : String(e);
});
