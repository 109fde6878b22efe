import { uiViteConfig } from '@olymp/web-common/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * Packages that @refinedev/* import at the top of their single-file bundles although this app does not use them
 * (Markdown fields, CSV import). They declare no "sideEffects", so without this hint every page would download them.
 */
const UNUSED_SIDE_EFFECT_FREE = /\/node_modules\/(react-markdown|remark-gfm|papaparse)\//;

// The gateway serves this build under /admin/ (ADMIN_UI_DIR) and falls back to index.html for client routes.
export default defineConfig({
  base: '/admin/',
  // A brotli (.br) and a gzip (.gz) copy beside each text file of the build (html, js, css, json, svg; not when it
  // would not be smaller), which the gateway sends by the request's Accept-Encoding (services/gateway/src/ui.ts).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  ...uiViteConfig({
    devPort: 5174,
    build: {
      chunkSizeWarningLimit: 1200,
      rolldownOptions: {
        treeshake: {
          moduleSideEffects: (id) => (UNUSED_SIDE_EFFECT_FREE.test(id) ? false : undefined),
        },
      },
    },
  }),
});
