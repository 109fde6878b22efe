import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const GATEWAY_DEV_URL = 'http://127.0.0.1:8080';

// The gateway serves this build at the site root (STUDENT_UI_DIR) and falls back to index.html for client routes.
export default defineConfig({
  base: '/',
  plugins: [react()],
  // `npm run dev -w student-ui`: the API and live updates come from a locally running gateway (default port 8080).
  server: {
    port: 5173,
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
  },
});
