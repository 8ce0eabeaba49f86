import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The client's entry is src/app (index.html, main.tsx); the server (src/server) serves dist/client with an SPA
// fallback. In `npm run dev:client` the API calls go to a server started on port 3333.
export default defineConfig({
  root: here('./src/app'),
  // Brotli (best quality) and gzip copies of every text asset, made once at build time: the
  // server sends them as they are (@fastify/static's preCompressed), never compressing per request.
  plugins: [
    react(),
    compression({ algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })], threshold: 1024, logLevel: 'silent' }),
  ],
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3333',
    },
  },
});
