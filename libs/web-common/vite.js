// Plain JavaScript: Vite loads vite.config.ts by bundling it and leaves package imports to Node, which cannot run
// TypeScript; the types are in vite.d.ts.

/** `npm run dev -w <ui>`: the API and live updates come from a locally running gateway (default port 8080). */
export const GATEWAY_DEV_URL = 'http://127.0.0.1:8080';

/**
 * The Vite settings admin-ui and student-ui share: the dev server (own port, /api and /socket.io proxied to the
 * gateway) and the production build into dist/. `build` adds to or overrides the build settings.
 */
export function uiViteConfig({ devPort, build = {} }) {
  return {
    server: {
      port: devPort,
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
      ...build,
    },
  };
}
