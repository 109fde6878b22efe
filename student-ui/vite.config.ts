import { uiViteConfig } from '@olymp/web-common/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The gateway serves this build at the site root (STUDENT_UI_DIR) and falls back to index.html for client routes.
export default defineConfig({
  base: '/',
  // A brotli (.br) and a gzip (.gz) copy beside each text file of the build (html, js, css, json, svg; not when it
  // would not be smaller), which the gateway sends by the request's Accept-Encoding (services/gateway/src/ui.ts).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  ...uiViteConfig({ devPort: 5173 }),
});
