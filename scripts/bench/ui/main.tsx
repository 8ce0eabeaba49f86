/**
 * The bench page. `?lib=tessera|rjsf&n=500|2000` mounts N text fields with one library and
 * installs window.benchType; `?grid=1` mounts the mode-1 GridView over 100,000 rows and
 * installs window.benchGrid. Each library is its own lazy chunk, so a page loads only the
 * code it measures. Both get Bootstrap's CSS, as the app has, so layout costs the same.
 */
import 'bootstrap/dist/css/bootstrap.min.css';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { forceLayout, installTyping } from './harness';

async function start(): Promise<void> {
  const host = document.getElementById('root');
  if (!host) throw new Error('index.html lacks #root');
  const root = createRoot(host);
  const params = new URLSearchParams(location.search);
  if (params.get('grid') === '1') {
    const { mountGrid } = await import('./grid-bench');
    return mountGrid(root);
  }
  const lib = params.get('lib');
  const n = Number(params.get('n'));
  if ((lib !== 'tessera' && lib !== 'rjsf') || !Number.isInteger(n) || n < 1) throw new Error('use ?lib=tessera|rjsf&n=<fields> or ?grid=1');
  const form = lib === 'tessera' ? await import('./tessera-form') : await import('./rjsf-form');
  const element = form.formElement(n);
  // Mount: the first render, committed synchronously, and the layout of the result.
  const t0 = performance.now();
  flushSync(() => root.render(element));
  forceLayout();
  const mountMs = performance.now() - t0;
  installTyping(form.inputOf);
  window.benchInfo = { lib, fields: n, inputs: document.querySelectorAll('input[type="text"]').length, mountMs };
}

start().catch((e: unknown) => {
  window.benchError = e instanceof Error ? (e.stack ?? e.message) : String(e);
});
