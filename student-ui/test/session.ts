/**
 * Signed-in pupils for the student site's browser tests: through the real login page (phone, the code from the
 * development SMS inbox), or a new pupil straight in auth's table with a test token; and the init scripts that open
 * a page already signed in.
 */
import { ROLE } from '@olymp/proto';
import { testToken, waitFor } from '@olymp/server-kit/testing';
import { heading } from '@olymp/web-common/testing';
import type { Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import kkLogin from '../src/i18n/locales/kk/loginPage.json';
import type { Stack } from './stack';

/** What the student site keeps in localStorage for a signed-in pupil. */
export interface Session {
  token: string;
  refresh: string;
  user: string;
  device: string;
}

/** The newest code the development inbox at `base` holds for `phone`, sent after `since` (ms). */
export async function codeFor(base: string, phone: string, since: number): Promise<string> {
  return waitFor(
    async () => {
      const response = await fetch(`${base}/api/dev/sms?to=${encodeURIComponent(phone)}`, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`dev/sms: ${response.status} ${await response.text()}`);
      const inbox = (await response.json()) as { data: { code: string; sentAt: string }[] };
      return inbox.data.find((sms) => Date.parse(sms.sentAt) >= since - 1000)?.code;
    },
    { what: `an SMS to ${phone}` },
  );
}

/** Signs `phone` in on the login page at `base` (in Kazakh, the site's default) and returns the session it keeps. */
export async function signInThroughLogin(page: Page, base: string, phone: string): Promise<Session> {
  await page.goto(`${base}/login`);
  await page.getByLabel(kkLogin.fields.phone, { exact: true }).fill(phone);
  const requested = Date.now();
  await page.getByRole('button', { name: kkLogin.login.submit }).click();
  await heading(page, kkLogin.otp.title).waitFor();
  await page.getByLabel(kkLogin.code.label, { exact: true }).fill(await codeFor(base, phone, requested));
  await page.getByRole('button', { name: kkLogin.code.submit }).click();
  await page.waitForURL(`${base}/student/home`);
  return page.evaluate(() => ({
    token: localStorage.getItem('token') ?? '',
    refresh: localStorage.getItem('refresh_token') ?? '',
    user: localStorage.getItem('user_uuid') ?? '',
    device: localStorage.getItem('device_id') ?? '',
  }));
}

/**
 * Every page of this context opens signed in as `session` (another device's copy of it) in `locale`. Seeded once per
 * tab, so what the site itself does later (a refreshed token, a sign-out) sticks across reloads.
 */
export async function useSession(page: Page, session: Session, locale = 'kk'): Promise<void> {
  await page.addInitScript(
    ([s, l]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', s.token);
      localStorage.setItem('refresh_token', s.refresh);
      localStorage.setItem('user_uuid', s.user);
      localStorage.setItem('device_id', s.device);
      localStorage.setItem('currentLocale', l);
    },
    [session, locale] as const,
  );
}

/** A pupil with a bare test token (no refresh token: enough for a test shorter than a token's life). */
export interface TokenPupil {
  id: string;
  token: string;
}

/** A new pupil of `grade` ("Айгерім Сәрсен", a random phone) in auth's table, with a token for them. */
export async function newPupil(stack: Stack, grade: number): Promise<TokenPupil> {
  const rows = (await stack.services.auth.app.get(DataSource).query(
    `INSERT INTO users (id, phone, first_name, last_name, role_id, grade) VALUES (gen_random_uuid(), $1, 'Айгерім', 'Сәрсен', $2, $3) RETURNING id`,
    [`+77${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`, ROLE.student, grade],
  )) as { id: string }[];
  return { id: rows[0].id, token: await testToken({ roleId: ROLE.student, userId: rows[0].id }) };
}

/** Every page of this context opens signed in as `pupil` in `locale`. */
export async function useToken(page: Page, pupil: TokenPupil, locale: string): Promise<void> {
  await page.addInitScript(
    ([tk, uid, l]) => {
      localStorage.setItem('token', tk);
      localStorage.setItem('user_uuid', uid);
      localStorage.setItem('currentLocale', l);
    },
    [pupil.token, pupil.id, locale] as const,
  );
}
