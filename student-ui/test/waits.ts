import { waitFor } from '@olymp/server-kit/testing';
import type { Locator } from 'playwright-core';

/** Chromium's console line for an error answer a test provokes on purpose (pageRunner's `allowConsole`). */
export const FAILED_LOADS = /^Failed to load resource/;

/**
 * Polls `probe` until `ok` holds (deadline, no sleeps), naming the last value seen when it never does. The default
 * deadline is 30 s: on a loaded 2-core CI a screen that takes a service round trip and a re-render can need 10 s+.
 */
export async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  let last: T | undefined;
  try {
    return await waitFor(
      async () => {
        last = await probe();
        return ok(last) ? last : undefined;
      },
      { what, timeoutMs },
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; last seen: ${JSON.stringify(last)}`);
  }
}

/** Waits until the locator matches exactly `n` elements. */
export const hasCount = (l: Locator, n: number) => until(() => l.count(), (c) => c === n, `${n} elements`);
