import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const GATEWAY_DEV_URL = 'http://127.0.0.1:8080';

/**
 * Packages that @refinedev/* import at the top of their single-file bundles although this app does not use them
 * (Markdown fields, CSV import). They declare no "sideEffects", so without this hint every page would download them.
 */
const UNUSED_SIDE_EFFECT_FREE = /\/node_modules\/(react-markdown|remark-gfm|papaparse)\//;

// The gateway serves this build under /admin/ (ADMIN_UI_DIR) and falls back to index.html for client routes.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  // `npm run dev -w admin-ui`: the API and live updates come from a locally running gateway (default port 8080).
  server: {
    port: 5174,
    strictPort: true,
    proxy: {
      '/api': GATEWAY_DEV_URL,
      '/socket.io': { target: GATEWAY_DEV_URL, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id) => (UNUSED_SIDE_EFFECT_FREE.test(id) ? false : undefined),
      },
    },
  },
});
