/**
 * Harness of the UIs' browser tests: the production build of a UI, served by a real server (the gateway), opened in
 * Chromium (`describeWithBrowser` from @olymp/server-kit/testing provides the browser).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, BrowserContextOptions, Disposable, Locator, Page } from 'playwright-core';

const BUILD_AND_START_TIMEOUT_MS = 120_000;

/** Builds the app in `uiDir` exactly as `npm run build -w <ui>` does, into `outDir` (its dist stays untouched). */
export async function buildUiInto(uiDir: string, outDir: string): Promise<void> {
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  await promisify(execFile)(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error', ...(process.env.PROFILE_DIR ? ['--sourcemap'] : [])], {
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

/** What a UI's build is made of: its own sources, the workspace packages it bundles, and the locked versions. */
function buildInputs(uiDir: string): string[] {
  const root = path.resolve(uiDir, '..');
  const dirs = [uiDir, path.join(root, 'libs', 'web-common', 'src'), path.join(root, 'proto', 'src')];
  const skip = new Set(['node_modules', 'dist', 'test', '.vite']);
  const files: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  dirs.forEach(walk);
  // The versions of what it bundles (vite, react, antd...).
  files.push(path.join(root, 'package-lock.json'));
  return files.sort();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The production build of the UI in `uiDir`, built once per content: jest's workers run several browser test files
 * of one UI, and each used to build it again (20-30 s of CPU each). Builds are kept under the temp directory by a
 * hash of every input file; a worker that finds another one building waits for it (a lock directory, given up
 * after 3 minutes as stale). Returns the directory to serve; it is shared, so nobody may write into it.
 */
export async function cachedUiBuild(uiDir: string): Promise<string> {
  const hash = createHash('sha256');
  hash.update(process.env.PROFILE_DIR ? 'with source maps\0' : '');
  for (const file of buildInputs(uiDir)) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  const cacheRoot = path.join(tmpdir(), 'olymp-ui-builds');
  await mkdir(cacheRoot, { recursive: true });
  const name = path.basename(uiDir);
  const dir = path.join(cacheRoot, `${name}-${hash.digest('hex').slice(0, 16)}`);
  const done = path.join(dir, '.complete');
  const lock = `${dir}.lock`;
  const deadline = Date.now() + BUILD_AND_START_TIMEOUT_MS;
  while (!existsSync(done)) {
    try {
      await mkdir(lock);
    } catch {
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > 180_000) await rm(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited too long for another build of ${name} (${lock})`);
      await sleep(250);
      continue;
    }
    try {
      if (!existsSync(done)) {
        const work = await mkdtemp(path.join(cacheRoot, `${name}-build-`));
        await buildUiInto(uiDir, work);
        await writeFile(path.join(work, '.complete'), new Date().toISOString());
        await rm(dir, { recursive: true, force: true });
        await rename(work, dir);
        await pruneOldBuilds(cacheRoot, name, dir);
      }
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
  return dir;
}

/** Builds of the same UI from other sources, older than a day, are removed. */
async function pruneOldBuilds(cacheRoot: string, name: string, keep: string): Promise<void> {
  for (const entry of readdirSync(cacheRoot)) {
    const full = path.join(cacheRoot, entry);
    if (full === keep || !entry.startsWith(`${name}-`) || entry.endsWith('.lock')) continue;
    const { mtimeMs } = await stat(full).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > 86_400_000) await rm(full, { recursive: true, force: true });
  }
}

/**
 * In the enclosing describe: before all tests, gets the UI's production build (built once per content, see
 * cachedUiBuild) and starts `serve(outDir)`; after them, stops it. `url` is readable once the tests run.
 */
export function serveUiBuild(uiDir: string, serve: (outDir: string) => Promise<UiServer>): Pick<UiServer, 'url'> {
  let server: UiServer | undefined;

  beforeAll(async () => {
    server = await serve(await cachedUiBuild(uiDir));
  }, BUILD_AND_START_TIMEOUT_MS * 2);

  afterAll(async () => {
    await server?.close();
  });

  return {
    get url(): string {
      if (!server) throw new Error(`The build of ${uiDir} is not being served`);
      return server.url;
    },
  };
}

export type WithPage = (run: (page: Page) => Promise<void>, options?: BrowserContextOptions) => Promise<void>;

/** A tab kept open between pageRunner calls with the same context options (see pageRunner). */
interface PooledTab {
  context: BrowserContext;
  page: Page;
  busy: boolean;
  /** The test touched what cannot be undone (the clock): the tab is closed after the call instead of kept. */
  tainted: boolean;
  /** Init scripts the call added (its sign-in, its locale): removed before the next call. */
  scripts: Disposable[];
}

const DEFAULT_VIEWPORT = { width: 1280, height: 800 };
const NO_STORAGE = { cookies: [], origins: [] };
const tabPools = new WeakMap<Browser, Map<string, PooledTab[]>>();

/**
 * Opens a tab for `options` (less its storage) or returns an idle one: a new context and a new tab cost the browser
 * about as much CPU as the page they show (a renderer process to start, the UI's bundle to compile again), so a file's
 * tests reuse them. Each call still starts from empty storage (`setStorageState`: cookies, localStorage, IndexedDB),
 * an empty sessionStorage, no routes, no listeners and no init scripts of an earlier call.
 */
async function acquireTab(browser: Browser, options: BrowserContextOptions): Promise<PooledTab> {
  const { storageState, ...contextOptions } = options;
  const key = JSON.stringify({ viewport: DEFAULT_VIEWPORT, ...contextOptions });
  let pools = tabPools.get(browser);
  if (!pools) tabPools.set(browser, (pools = new Map()));
  const pool = pools.get(key) ?? [];
  pools.set(key, pool);
  for (const dead of pool.filter((t) => t.page.isClosed())) pool.splice(pool.indexOf(dead), 1);
  let tab = pool.find((t) => !t.busy);
  if (!tab) {
    const context = await browser.newContext({ viewport: DEFAULT_VIEWPORT, ...contextOptions });
    const page = await context.newPage();
    const created: PooledTab = { context, page, busy: false, tainted: false, scripts: [] };
    watchTab(created);
    pool.push(created);
    tab = created;
  }
  tab.busy = true;
  tab.tainted = false;
  await tab.context.setStorageState(storageState ?? NO_STORAGE);
  return tab;
}

/** Records what a call leaves on its tab that must not reach the next call. */
function watchTab(tab: PooledTab): void {
  for (const target of [tab.page, tab.context]) {
    const add = target.addInitScript.bind(target) as (...args: unknown[]) => Promise<Disposable>;
    (target as { addInitScript: unknown }).addInitScript = async (...args: unknown[]) => {
      const disposable = await add(...args);
      tab.scripts.push(disposable);
      return disposable;
    };
  }
  const clock = tab.page.clock as unknown as Record<string, unknown>;
  for (const name of ['install', 'pauseAt', 'setFixedTime', 'setSystemTime', 'fastForward', 'runFor', 'resume']) {
    const original = clock[name] as (...args: unknown[]) => Promise<void>;
    clock[name] = (...args: unknown[]) => {
      tab.tainted = true;
      return original.apply(tab.page.clock, args);
    };
  }
}

/** Makes the tab as a new one would be (see acquireTab), or closes its context when that cannot be done. */
async function releaseTab(tab: PooledTab, failed: boolean, viewport: BrowserContextOptions['viewport']): Promise<void> {
  const { page, context } = tab;
  const discard = () => context.close().catch(() => undefined);
  if (failed || tab.tainted || page.isClosed() || process.env.FRESH_TABS) return discard();
  try {
    await page.removeAllListeners();
    for (const other of context.pages()) if (other !== page) await other.close();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await context.clearPermissions();
    for (const script of tab.scripts.splice(0)) await script.dispose();
    // sessionStorage belongs to the tab and outlives a navigation: the student site keeps its sign-in seed there.
    await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
    await page.goto('about:blank');
    if (viewport) await page.setViewportSize(viewport);
    tab.busy = false;
  } catch {
    await discard();
  }
}

/**
 * Runs `run` on a tab with empty storage, or `options.storageState`; fails the test on any page error or console
 * error, except console errors matching `allowConsole` (e.g. Chromium's "Failed to load resource" line for an error
 * answer a test provokes). Tabs are reused between calls with the same options (see acquireTab), which halves what
 * a page load costs the machine; a call that fails, or moves the clock, gets its context closed instead (and every
 * call does with FRESH_TABS=1, to tell a leak between tests from a real failure).
 */
export function pageRunner(browser: () => Browser, { allowConsole }: { allowConsole?: RegExp } = {}): WithPage {
  return async (run, options = {}) => {
    const tab = await acquireTab(browser(), options);
    const { page } = tab;
    const problems: string[] = [];
    let failed = true;
    try {
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !allowConsole?.test(message.text())) problems.push(`console: ${message.text()}`);
      });
      const profiling = await startPageProfile(page);
      await run(page);
      await profiling?.save();
      expect(problems).toEqual([]);
      failed = false;
    } finally {
      await releaseTab(tab, failed, options.viewport === undefined ? DEFAULT_VIEWPORT : options.viewport);
    }
  };
}

/**
 * With PROFILE_DIR set, a CPU profile of the page's main thread (Chrome DevTools format, 0.5 ms samples) for each
 * pageRunner call, and the UI builds carry source maps (a build of their own, see cachedUiBuild) so the profile's
 * frames can be mapped back to sources. How to read them: docs/architecture.md, "What a test file costs".
 */
async function startPageProfile(page: Page): Promise<{ save(): Promise<void> } | undefined> {
  const dir = process.env.PROFILE_DIR;
  if (!dir) return undefined;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return {
    async save() {
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.detach();
      await writeFile(path.join(dir, `${Date.now()}-${process.pid}.cpuprofile`), JSON.stringify(profile));
    },
  };
}

/** The page's h1 with exactly this accessible name. */
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Waits until document.title is exactly `title`. */
export const waitForTitle = (page: Page, title: string) => page.waitForFunction((expected) => document.title === expected, title);

/**
 * Types `text` into `field` while the page's clock stands still, then lets `debounceMs` pass on it: a debounced
 * search must send nothing before the pause ends and exactly one request for the whole word after it, however slowly
 * a loaded machine delivers the key presses. Needs `page.clock.install()` before the page loads; the clock runs on
 * normally afterwards. `sent()` reads what the test has recorded so far.
 */
export async function typeThenPause(page: Page, field: Locator, text: string, debounceMs: number, sent: () => readonly unknown[]): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
  await field.pressSequentially(text);
  await page.clock.runFor(debounceMs - 1);
  if (sent().length !== 0) throw new Error(`a request went out before the ${debounceMs} ms pause ended: ${JSON.stringify(sent())}`);
  await page.clock.runFor(1);
  await page.clock.resume();
}

/** A part of a test stack; `busy` (a kit service's) names the requests and shutdown hooks it is still waiting on. */
export interface StackPart {
  close(): Promise<void>;
  busy?(): string[];
}

/** How long closing a test stack may take before it names what is still closing (on stderr, every this often). */
const SLOW_CLOSE_MS = Number(process.env.SLOW_CLOSE_MS) || 15_000;

/**
 * Closes a test stack: the gateway first (no new requests reach the services), then the services at once, then
 * `cleanup`. A close that takes longer than SLOW_CLOSE_MS prints the parts still closing, so a hang names itself in
 * CI's output instead of ending as jest's anonymous hook timeout.
 */
export async function closeStack(
  gateway: StackPart,
  services: Record<string, StackPart>,
  cleanup: () => Promise<void>,
): Promise<void> {
  const pending = new Set<string>(['gateway']);
  const parts: Record<string, StackPart> = { gateway, ...services };
  const started = Date.now();
  const watchdog = setInterval(() => {
    const named = [...pending].map((name) => {
      const busy = parts[name]?.busy?.() ?? [];
      return busy.length ? `${name} (${busy.join('; ')})` : name;
    });
    process.stderr.write(`test stack still closing after ${Date.now() - started} ms: ${named.join(', ')}\n`);
  }, SLOW_CLOSE_MS);
  watchdog.unref();
  const closing = async (name: string, part: StackPart) => {
    pending.add(name);
    try {
      await part.close();
    } finally {
      pending.delete(name);
    }
  };
  try {
    await closing('gateway', gateway);
    await Promise.all(Object.entries(services).map(([name, part]) => closing(name, part)));
    await closing('cleanup', { close: cleanup });
  } finally {
    clearInterval(watchdog);
  }
}
