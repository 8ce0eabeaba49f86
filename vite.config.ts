import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The client lives in src/client; the server (src/server) serves dist/client with an SPA
// fallback. In `npm run dev:client` the API calls go to a server started on port 3333.
export default defineConfig({
  root: here('./src/client'),
  plugins: [react()],
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
