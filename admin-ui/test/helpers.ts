/** Steps the admin UI's browser tests share: signing in through the development SMS inbox, waiting on API calls. */
import type { BrowserContext, Locator, Page, Request, Response } from 'playwright-core';
import { pageRunner } from '@olymp/web-common/testing';
import kk from '../src/i18n/locales/kk/common.json';

export const PHONES = { admin: '+77000000001', manager: '+77000000003', contentMaker: '+77000000010', pupil: '+77000000105' } as const;

/** The newest code the development inbox holds for `phone` that is not `previous`. */
export async function codeFromInbox(base: string, phone: string, previous?: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const answer = (await (await fetch(`${base}/api/dev/sms?to=${encodeURIComponent(phone)}`)).json()) as { data: { code: string }[] };
    const code = answer.data[0]?.code;
    if (code && code !== previous) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS for ${phone} in the development inbox`);
}

/** On the sign-in page: phone, code from the inbox, sign in (Kazakh labels). */
export async function signInOnPage(page: Page, base: string, phone: string): Promise<void> {
  await page.getByLabel(kk.login.phone).fill(phone);
  await page.getByRole('button', { name: kk.login.sendCode }).click();
  await page.getByLabel(kk.login.code).waitFor();
  await page.getByLabel(kk.login.code).fill(await codeFromInbox(base, phone));
  await page.getByRole('button', { name: kk.login.signIn, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/** Signs `phone` in once and keeps the session's storage for later contexts (the API allows one code a minute). */
export async function storageOf(context: BrowserContext, base: string, phone: string): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const page = await context.newPage();
  await page.goto(`${base}/admin/login`);
  await signInOnPage(page, base, phone);
  const state = await context.storageState();
  await page.close();
  return state;
}

/** The next request to the API whose path starts with `path` (e.g. `/api/districts?`) and that `match`es. */
export function nextApiRequest(page: Page, path: string, match: (url: URL) => boolean = () => true): Promise<Request> {
  return page.waitForRequest((r) => {
    const url = new URL(r.url());
    return `${url.pathname}${url.search}`.startsWith(path) && match(url);
  });
}

/** The search condition (`s`, JSON) of a nestjsx-crud request as sent, or ''. */
export function searchOf(url: URL): string {
  return url.searchParams.get('s') ?? '';
}

/** A token for API checks, from the page's storage. */
export async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('authToken') ?? '');
}

/**
 * @olymp/web-common's pageRunner (fresh context, fails on page errors and console errors), allowing Chromium's own
 * "Failed to load resource" lines for API answers a test provokes on purpose (400 validation, 401, 403, 404, 409).
 */
export const pageRunnerAllowingHttpErrors = (browser: () => import('playwright-core').Browser) =>
  pageRunner(browser, { allowConsole: /Failed to load resource: the server responded with a status of (400|401|403|404|409)/ });

/** Polls `probe` until it equals `expected` (deep), then asserts it, so a failure shows the last value seen. */
export async function expectEventually<T>(probe: () => Promise<T>, expected: T, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    last = await probe();
  }
  expect(last).toEqual(expected);
}

/**
 * Puts the page on the admin's origin without starting the admin app (a static file of its build), so a test can
 * read the signed-in token or set the language in localStorage before it opens the page it is about: booting the
 * whole app only to be on its origin cost as much CPU as the page the test is about.
 */
export async function onAdminOrigin(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/admin/favicon.svg`);
}

/**
 * Opens `route` (below `/admin`) inside the running admin app, through its router as a link in the app would, instead
 * of loading the page again (a page load costs Chromium seconds of CPU: the bundle compiled, the app booted).
 */
export async function goInApp(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/admin${route}`);
}

/** Fills a field kept in three languages ("<label> (Қазақша)", ...) in the page's form, and waits until each holds its value. */
export async function fillLocalized(page: Page, label: string, values: [string, string, string]): Promise<void> {
  // Within the form: a table header of the same name is a label too.
  const form = page.locator('form');
  const langs = [kk.languages.kk, kk.languages.ru, kk.languages.en];
  for (const [i, lang] of langs.entries()) await form.getByLabel(`${label} (${lang})`, { exact: true }).fill(values[i]!);
  for (const [i, lang] of langs.entries()) await expectEventually(() => form.getByLabel(`${label} (${lang})`, { exact: true }).inputValue(), values[i]!);
}

/**
 * Chooses `option` in the antd select whose input is `combobox`, opened from the keyboard (or found by typing `search`),
 * and returns once the select shows it and its list has closed. A press on an option while the list is still opening,
 * closing or being redrawn can be lost on a loaded machine (CI's phone run saved a library without its subject, and a
 * delivery point without its city: no request left; another saw the option shown, then the list closed under the press);
 * choosing again is harmless, so a lost choice is made again (up to three times), with a line on stderr.
 */
export async function chooseOption(page: Page, combobox: Locator, option: string, { search, exact = false }: { search?: string; exact?: boolean } = {}): Promise<void> {
  // The select around the input (a `has` filter would look for the whole of `combobox`'s chain inside each select).
  const field = combobox.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  const chosen = field.locator('.ant-select-selection-item').filter({ hasText: option });
  for (let attempt = 1; ; attempt++) {
    try {
      await combobox.focus();
      // A select that searches the server lists what the typed words find; the others open from the keyboard.
      if (search) await combobox.fill(search);
      else await page.keyboard.press('ArrowDown');
      await (exact ? options.getByText(option, { exact: true }) : options.filter({ hasText: option }).first()).click({ timeout: 10_000 });
      await chosen.waitFor({ timeout: 10_000 });
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      process.stderr.write(`chooseOption: "${option}" was not chosen (${(error as Error).message.split('\n')[0]}); choosing again\n`);
    }
  }
  await expectEventually(() => page.locator('.ant-select-dropdown:visible').count(), 0);
}

/**
 * Presses `button` and answers the response of the request it sends (`sends` tells it among the page's responses),
 * failing if that request fails. CI's phone runs lost presses now and then with every wait before them satisfied (a
 * material's remove, a hand-in's download: no request left, nothing on the page said why), so a press that sent
 * nothing within 10 s is made again, as a person would, up to three times, with a line on stderr: if the line shows in
 * CI's logs, presses are still being lost.
 */
export async function pressUntilSent(page: Page, button: Locator, sends: (response: Response) => boolean, what: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const sent = page.waitForResponse(sends, { timeout: 10_000 });
    void sent.catch(() => undefined); // awaited below
    await button.click();
    const answer = await sent.catch(() => null);
    if (answer) {
      expect([what, answer.url(), answer.status() < 400]).toEqual([what, answer.url(), true]);
      return answer;
    }
    if (attempt === 3) throw new Error(`three presses (${what}) sent no request`);
    process.stderr.write(`pressUntilSent: the press (${what}) sent no request within 10 s (try ${attempt}); pressing again\n`);
  }
}

/** chooseOption for the page form's select labelled `label` (the option's text matched exactly). */
export async function chooseInForm(page: Page, label: string, option: string, { search }: { search?: string } = {}): Promise<void> {
  await chooseOption(page, page.locator('form').getByLabel(label, { exact: true }), option, { search, exact: true });
}

/**
 * Picks `day` (YYYY-MM-DD) in the calendar of the antd date picker whose input is `input`, and returns once the
 * calendar has closed and the field shows the day. The picker previews the day under the pointer in the field while
 * its calendar is open, so the pointer leaves first. A press on a day can be lost on a loaded machine (CI's runs saw
 * the calendar stay open, showing the day under the pointer); picking again is harmless, so it is made once more, with
 * a line on stderr.
 */
export async function pickDay(page: Page, input: Locator, day: string): Promise<void> {
  const open = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  for (let attempt = 1; ; attempt++) {
    if ((await open.count()) === 0) await input.click();
    await open.locator(`td[title="${day}"]`).click();
    await page.mouse.move(0, 0);
    try {
      await expectEventually(() => open.count(), 0, attempt === 1 ? 10_000 : 30_000);
      break;
    } catch (error) {
      if (attempt > 1) throw error;
      process.stderr.write(`pickDay: the calendar stayed open 10 s after ${day} was pressed; picking again\n`);
    }
  }
  await expectEventually(() => input.inputValue(), day);
}
