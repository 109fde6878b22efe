import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

/**
 * A fresh context per run that fails on page errors and console errors, except Chromium's own "Failed to load
 * resource" line for the 404 an unknown certificate code answers on purpose.
 */
export function pageRunnerAllowing404(browser: () => Browser) {
  return async (run: (page: Page) => Promise<void>, options: BrowserContextOptions = {}) => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 }, ...options });
    const problems: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 404/.test(message.text())) problems.push(`console: ${message.text()}`);
      });
      await run(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  };
}
