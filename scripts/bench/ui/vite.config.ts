import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The bench page of `npm run bench:ui`: a production build (minified, React's production
// build) like the app's, so the figures are those users get. It imports the runtime straight
// from src/ and plugins/, and @rjsf/core as the peer.
export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: here('../../../bench-results/ui-dist'),
    emptyOutDir: true,
    // The page is never shipped; a size warning about the rjsf chunk would only be noise.
    chunkSizeWarningLimit: 5000,
  },
});
