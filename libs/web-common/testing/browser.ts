/**
 * Harness of the UIs' browser tests: the production build of a UI, served by a real server (the gateway), opened in
 * Chromium (`describeWithBrowser` from @olymp/server-kit/testing provides the browser).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

const BUILD_AND_START_TIMEOUT_MS = 120_000;

/** Builds the app in `uiDir` exactly as `npm run build -w <ui>` does, into `outDir` (its dist stays untouched). */
export async function buildUiInto(uiDir: string, outDir: string): Promise<void> {
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  await promisify(execFile)(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: uiDir,
    // jest runs with NODE_ENV=test; the build must be the production one the gateway serves.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

export interface UiServer {
  /** Base URL, e.g. http://127.0.0.1:41234. */
  url: string;
  close(): Promise<void>;
}

/**
 * In the enclosing describe: before all tests, builds the UI into a temporary directory and starts `serve(outDir)`;
 * after them, stops it and removes the directory. `url` is readable once the tests run.
 */
export function serveUiBuild(uiDir: string, serve: (outDir: string) => Promise<UiServer>): Pick<UiServer, 'url'> {
  let outDir: string | undefined;
  let server: UiServer | undefined;

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), `${path.basename(uiDir)}-`));
    await buildUiInto(uiDir, outDir);
    server = await serve(outDir);
  }, BUILD_AND_START_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  return {
    get url(): string {
      if (!server) throw new Error(`The build of ${uiDir} is not being served`);
      return server.url;
    },
  };
}

export type WithPage = (run: (page: Page) => Promise<void>, options?: BrowserContextOptions) => Promise<void>;

/** A fresh context (own localStorage) per call; fails the test on any page error or console error. */
export function pageRunner(browser: () => Browser): WithPage {
  return async (run, options = {}) => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 }, ...options });
    const problems: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      await run(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  };
}

/** The page's h1 with exactly this accessible name. */
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Waits until document.title is exactly `title`. */
export const waitForTitle = (page: Page, title: string) => page.waitForFunction((expected) => document.title === expected, title);
