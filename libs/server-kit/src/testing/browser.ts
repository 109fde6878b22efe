/// <reference types="jest" />
/**
 * Real-browser tests: Debian's Chromium driven by playwright-core (never `playwright install`).
 *
 * `launchChromium()` starts a headless Chromium with the flags that work on this kind of machine; Playwright gives
 * every launch a fresh temporary user-data-dir and deletes it on close, so runs never share a profile. It returns
 * null when Chromium is not installed. `describeWithBrowser()` wraps a jest `describe` around one shared browser and
 * turns the whole block into one loudly skipped test when Chromium is missing, instead of failing the run.
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The UIs honour the reader's "reduce motion" setting (no antd animations in the admin, no CSS transitions in the
  // student site): every dialog, menu and toast is there at once instead of after a 200-300 ms animation that each
  // click and wait would otherwise sit through. Animations themselves are not what these tests check.
  '--force-prefers-reduced-motion',
];

const LAUNCH_TIMEOUT_MS = 30_000;
/** Jest's limit for each browser test and hook (the file's default; a test may still set its own). */
const BROWSER_TEST_TIMEOUT_MS = 180_000;

export function hasChromium(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** Starts headless Chromium, or resolves to null when /usr/bin/chromium is missing. The caller closes it. */
export async function launchChromium(): Promise<Browser | null> {
  if (!hasChromium()) return null;
  // Loaded here, not with the module: every service test imports this kit, and playwright-core is ~7 MB of code.
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
    timeout: LAUNCH_TIMEOUT_MS,
  });
}

/**
 * `describe(name)` with one Chromium for the whole block: `fn` receives a getter that returns the running browser
 * (valid inside hooks and tests). Give each test its own `browser.newContext()` so storage never leaks between tests.
 * Without Chromium it warns and registers a single skipped test, so the gap shows up in every report; under CI
 * (`CI` set, as `.ci/run` does after installing Chromium) a missing browser is a failure, never a quiet skip.
 */
export function describeWithBrowser(name: string, fn: (browser: () => Browser) => void): void {
  if (!hasChromium() && process.env.CI) {
    describe(name, () => {
      it(`needs Chromium at ${CHROMIUM_PATH}`, () => {
        throw new Error(`Chromium is missing at ${CHROMIUM_PATH} under CI: apt-get install -y chromium`);
      });
    });
    return;
  }
  if (!hasChromium()) {
    console.warn(`SKIPPED: install chromium (apt-get install -y chromium) to run browser tests: ${name}`);
    describe(name, () => {
      it.skip(`needs Chromium at ${CHROMIUM_PATH}`, () => undefined);
    });
    return;
  }
  describe(name, () => {
    // A browser test drives a whole stack and Chromium on a machine that runs another such file beside it: its steps
    // wait on deadlines, and the test and its hooks (a stack's close) get this long before jest calls it stuck.
    jest.setTimeout(BROWSER_TEST_TIMEOUT_MS);
    let browser: Browser | null = null;
    beforeAll(async () => {
      browser = await launchChromium();
    }, LAUNCH_TIMEOUT_MS + 5_000);
    afterAll(async () => {
      await browser?.close();
    });
    fn(() => {
      if (!browser) throw new Error(`Chromium did not start (${CHROMIUM_PATH})`);
      return browser;
    });
  });
}
