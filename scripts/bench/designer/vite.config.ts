import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The bench page of `npm run bench:designer`: a production build (minified, React's production
// build) of Tessera's designer and of Puck, the peer, each its own lazy chunk.
export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: here('../../../bench-results/designer-dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
    // BENCH_MINIFY=0 keeps names readable in a CPU profile.
    minify: process.env.BENCH_MINIFY !== '0',
  },
});
