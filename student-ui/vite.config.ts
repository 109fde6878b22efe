import { uiViteConfig } from '@olymp/web-common/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The gateway serves this build at the site root (STUDENT_UI_DIR) and falls back to index.html for client routes.
export default defineConfig({
  base: '/',
  plugins: [react()],
  ...uiViteConfig({ devPort: 5173 }),
});
