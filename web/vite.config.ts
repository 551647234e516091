import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The portal is served by the service at BASE_PATH (assets relative to it); `npm run dev` proxies
// the API to the service at RENOVA_API (default http://127.0.0.1:3000).
const api = process.env.RENOVA_API ?? 'http://127.0.0.1:3000';
const base = `${process.env.BASE_PATH ?? ''}/`;
const proxied = ['/s', '/api', '/docs', '/openapi.json', '/healthz', '/readyz'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        manualChunks: (id) => (/node_modules\/(@mantine|@floating-ui)\//.test(id) ? 'mantine' : undefined),
      },
    },
  },
  server: {
    port: Number(process.env.PORTAL_DEV_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((p) => [`${base.slice(0, -1)}${p}`, { target: api, changeOrigin: false }])),
  },
});
