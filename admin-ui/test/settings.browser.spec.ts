/**
 * Settings > general (`/admin/settings/general`) on the whole platform in Chromium: the admin sets the support e-mail
 * and a three-language announcement; the server's field messages (Kazakh, the default language) appear under the
 * fields of a rejected save, which changes nothing; a saved change is what anyone reads from GET /api/settings/public.
 * A manager given only the read keys sees the values with no save button. The olympiad dates (stages with names
 * in three languages and days from date pickers, "Last updated" days) are edited on a phone and a desktop.
 */
import path from 'node:path';
import { type PublicSettings, ROLE, SETTING_FIELD_MESSAGES } from '@olymp/proto';
import { describeWithBrowser } from '@olymp/server-kit/testing';
import { heading, serveUiBuild, waitForTitle } from '@olymp/web-common/testing';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import kk from '../src/i18n/locales/kk/common.json';
import kkS from '../src/i18n/locales/kk/settings.json';
import { expectEventually, onAdminOrigin, pageRunnerAllowingHttpErrors, PHONES, pickDay, storageOf, tokenOf } from './helpers';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

describeWithBrowser('admin-ui settings: general in Chromium', (browser) => {
  let stack: Stack;
  const gateway = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack.close() };
  });
  const withPage = pageRunnerAllowingHttpErrors(browser);
  const sessions = new Map<string, Storage>();
  const publicView = async () => (await (await fetch(`${gateway.url}/api/settings/public`)).json()) as { data: PublicSettings };
  /** The public view without the landing dates (the last test's). */
  const publicSettings = async () => {
    const { landing, ...rest } = (await publicView()).data;
    void landing;
    return { data: rest };
  };

  /** Runs `run` signed in as `who` (one sign-in per phone and file: the API sends one code a minute per phone). */
  async function as(who: keyof typeof PHONES, run: (page: Page) => Promise<void>, viewport = { width: 1280, height: 800 }) {
    if (!sessions.has(who)) {
      const context = await browser().newContext();
      sessions.set(who, await storageOf(context, gateway.url, PHONES[who]));
      await context.close();
    }
    await withPage(run, { storageState: sessions.get(who), viewport });
  }

  const openPage = async (page: Page) => {
    await page.goto(`${gateway.url}/admin/settings/general`);
    await heading(page, kk.sidebar.settingsGeneral).waitFor();
    await waitForTitle(page, `${kk.sidebar.settingsGeneral} - Altyn Saqa`);
  };
  const form = (page: Page, id: 'supportEmail' | 'supportPhone' | 'announcement' | 'landing') => page.locator(`form#${id}`);
  const stageLabel = (l: 'kk' | 'ru' | 'en') => kkS.keys.landing.name.replace('{{language}}', kk.languages[l]);
  const languageLabel = (l: 'kk' | 'ru' | 'en') => kkS.keys.announcement.text.replace('{{language}}', kk.languages[l]);
  /** The error text shown under the form item of `field`. */
  const errorUnder = (field: Locator) => field.locator('xpath=ancestor::div[contains(@class,"ant-form-item ")][1]').locator('.ant-form-item-explain-error');
  const saveAnswer = (page: Page, key: string) =>
    page.waitForResponse((r) => new URL(r.url()).pathname === `/api/settings/${key}` && r.request().method() === 'PUT');
  const toast = (page: Page, text: string) => page.locator('.ant-notification-notice', { hasText: text });

  it('admin sets the support e-mail and an announcement; the server\'s Kazakh field messages show under the fields; the public view follows', async () => {
    expect(await publicSettings()).toEqual({ data: { support: { email: 'support@altynsaqa.kz', phone: null }, announcement: null } });
    await as('admin', async (page) => {
      await openPage(page);
      const email = form(page, 'supportEmail').getByLabel(kkS.keys.support.email.label, { exact: true });
      await expectEventually(() => email.inputValue(), 'support@altynsaqa.kz');

      // A bad e-mail: the server's message, in Kazakh, under the field; nothing saved.
      await email.fill('support-at-altynsaqa');
      const rejected = saveAnswer(page, 'support.email');
      await form(page, 'supportEmail').getByRole('button', { name: kk.buttons.save }).click();
      expect((await rejected).status()).toBe(400);
      await expectEventually(() => errorUnder(email).innerText(), SETTING_FIELD_MESSAGES.email.kk);
      expect(await publicSettings()).toEqual({ data: { support: { email: 'support@altynsaqa.kz', phone: null }, announcement: null } });

      // A good one is saved, with a toast.
      await email.fill('help@altynsaqa.kz');
      const saved = saveAnswer(page, 'support.email');
      await form(page, 'supportEmail').getByRole('button', { name: kk.buttons.save }).click();
      expect((await saved).status()).toBe(200);
      await toast(page, kkS.saved.replace('{{setting}}', kkS.keys.support.email.title)).waitFor();
      await expectEventually(async () => errorUnder(email).count(), 0);

      // The announcement: turned on with the Russian text missing, the server says so under that field.
      const announcement = form(page, 'announcement');
      const text = { kk: 'Олимпиада ертең сағат 10:00-де басталады.', ru: 'Олимпиада начнётся завтра в 10:00.', en: 'The olympiad starts tomorrow at 10:00.' };
      await announcement.getByRole('switch', { name: kkS.keys.announcement.enabled }).click();
      await announcement.getByLabel(languageLabel('kk'), { exact: true }).fill(text.kk);
      await announcement.getByLabel(languageLabel('en'), { exact: true }).fill(text.en);
      const incomplete = saveAnswer(page, 'announcement');
      await announcement.getByRole('button', { name: kk.buttons.save }).click();
      expect((await incomplete).status()).toBe(400);
      const ru = announcement.getByLabel(languageLabel('ru'), { exact: true });
      await expectEventually(() => errorUnder(ru).innerText(), SETTING_FIELD_MESSAGES.announcementText.kk);
      expect(await publicSettings()).toEqual({ data: { support: { email: 'help@altynsaqa.kz', phone: null }, announcement: null } });

      await ru.fill(text.ru);
      const complete = saveAnswer(page, 'announcement');
      await announcement.getByRole('button', { name: kk.buttons.save }).click();
      expect((await complete).status()).toBe(200);
      await toast(page, kkS.saved.replace('{{setting}}', kkS.keys.announcement.title)).waitFor();
      expect(await publicSettings()).toEqual({ data: { support: { email: 'help@altynsaqa.kz', phone: null }, announcement: { text } } });

      // A reload shows what the server holds.
      await openPage(page);
      await expectEventually(() => email.inputValue(), 'help@altynsaqa.kz');
      await expectEventually(() => form(page, 'announcement').getByLabel(languageLabel('ru'), { exact: true }).inputValue(), text.ru);
      expect(await form(page, 'announcement').getByRole('switch').getAttribute('aria-checked')).toBe('true');
    });
  }, 180_000);

  it('a manager with the read keys only sees the values and no save button', async () => {
    await as('admin', async (page) => {
      await onAdminOrigin(page, gateway.url);
      const headers = { authorization: `Bearer ${await tokenOf(page)}`, 'content-type': 'application/json' };
      const current = (await (await fetch(`${gateway.url}/api/roles/${ROLE.manager}/permissions`, { headers })).json()) as { data: string[] };
      const grant = await fetch(`${gateway.url}/api/roles/${ROLE.manager}/permissions`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ permissions: [...current.data, 'sidebar:settings_general', 'setting:index'] }),
      });
      expect(grant.status).toBe(200);
    });
    const { data } = (await publicSettings()) as { data: { support: { email: string } } };
    await as('manager', async (page) => {
      await openPage(page);
      const email = form(page, 'supportEmail').getByLabel(kkS.keys.support.email.label, { exact: true });
      await expectEventually(() => email.inputValue(), data.support.email);
      await page.getByText(kkS.readOnly).waitFor();
      expect(await email.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: kk.buttons.save }).count()).toBe(0);
    });
  }, 120_000);
  for (const size of SIZES) {
    it(`${size.name}: admin edits the olympiad dates with date pickers and adds a stage; a nameless stage is refused under its field; the public view follows`, async () => {
      const { landing: before } = (await publicView()).data;
      // The demo seed holds the 2026-2027 stages.
      expect(before.stages.primary.length).toBeGreaterThan(2);
      const day = size.name === 'phone' ? '2026-10-05' : '2026-10-06';
      const stageName = { kk: `Қосымша кезең ${size.name}`, ru: `Дополнительный этап ${size.name}`, en: `Extra stage ${size.name}` };
      await as(
        'admin',
        async (page) => {
          await openPage(page);
          const primary = form(page, 'landing').getByTestId('stages-primary');
          const first = primary.getByTestId('stage').first();
          // The form shows what the server holds.
          await expectEventually(() => primary.getByTestId('stage').count(), before.stages.primary.length);
          await expectEventually(() => first.getByLabel(stageLabel('ru'), { exact: true }).inputValue(), before.stages.primary[0].name.ru);
          const date = first.getByLabel(kkS.keys.landing.date, { exact: true });
          expect(await date.inputValue()).toBe(before.stages.primary[0].date);

          // A day picked in the calendar.
          await pickDay(page, date, day);

          // A new stage of the teachers' olympiad, its Russian name missing: refused under that field, in Kazakh.
          const teachers = form(page, 'landing').getByTestId('stages-teachers');
          await teachers.getByRole('button', { name: kkS.keys.landing.addStage }).click();
          const added = teachers.getByTestId('stage').last();
          await added.getByLabel(stageLabel('kk'), { exact: true }).fill(stageName.kk);
          await added.getByLabel(stageLabel('en'), { exact: true }).fill(stageName.en);
          const updated = form(page, 'landing').getByLabel(kkS.keys.landing.updatedOn, { exact: true });
          await updated.click();
          await updated.fill('2026-10-20');
          await updated.press('Enter');
          const rejected = saveAnswer(page, 'landing');
          await form(page, 'landing').getByRole('button', { name: kk.buttons.save }).click();
          expect((await rejected).status()).toBe(400);
          const ru = added.getByLabel(stageLabel('ru'), { exact: true });
          await expectEventually(() => errorUnder(ru).innerText(), SETTING_FIELD_MESSAGES.stageName.kk);
          expect((await publicView()).data.landing).toEqual(before);

          await ru.fill(stageName.ru);
          const saved = saveAnswer(page, 'landing');
          await form(page, 'landing').getByRole('button', { name: kk.buttons.save }).click();
          expect((await saved).status()).toBe(200);
          await toast(page, kkS.saved.replace('{{setting}}', kkS.keys.landing.title)).waitFor();
          expect((await publicView()).data.landing).toEqual({
            ...before,
            stages: {
              ...before.stages,
              primary: [{ ...before.stages.primary[0], date: day }, ...before.stages.primary.slice(1)],
              teachers: [...before.stages.teachers, { name: stageName, date: null }],
            },
            updatedOn: '2026-10-20',
          });
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);
        },
        size.viewport,
      );
    }, 180_000);
  }
});
