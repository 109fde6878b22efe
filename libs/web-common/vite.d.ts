import type { BuildOptions, ServerOptions } from 'vite';

/** `npm run dev -w <ui>`: the API and live updates come from a locally running gateway (default port 8080). */
export declare const GATEWAY_DEV_URL: string;

export interface UiViteOptions {
  /** Port of `npm run dev`; it fails rather than move to another one. */
  devPort: number;
  /** Build settings added to (or overriding) the shared ones: dist/, emptied first, es2022. */
  build?: BuildOptions;
}

/** The Vite settings admin-ui and student-ui share; spread into `defineConfig` next to `base` and `plugins`. */
export declare function uiViteConfig(options: UiViteOptions): { server: ServerOptions; build: BuildOptions };
