/**
 * Events for a pupil in Chromium, at 390x844 and 1440x900, through the gateway serving the production build: the
 * home's upcoming events, an event page (image, title, Almaty time, the online link or the centre, description) and
 * "add to calendar" downloading an .ics in the page's language, in Kazakh, Russian and English.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { BrowserContextOptions } from 'playwright-core';
import { DateTime } from 'luxon';
import { ROLE } from '@olymp/proto';
import { describeWithBrowser, testToken } from '@olymp/server-kit/testing';
import { heading, pageRunner, serveUiBuild } from '@olymp/web-common/testing';
import { DataSource } from 'typeorm';
import en from '../src/i18n/locales/en/events.json';
import kk from '../src/i18n/locales/kk/events.json';
import ru from '../src/i18n/locales/ru/events.json';
import { startStack, type Stack } from './stack';
import { newPupil, useToken } from './session';

const UI_DIR = path.resolve(__dirname, '..');
const SIZES: [string, 'kk' | 'ru' | 'en', BrowserContextOptions][] = [
  ['390x844', 'kk', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, acceptDownloads: true }],
  ['1440x900', 'ru', { viewport: { width: 1440, height: 900 }, acceptDownloads: true }],
  ['1440x900', 'en', { viewport: { width: 1440, height: 900 }, acceptDownloads: true }],
];
const TEXT = { kk, ru, en } as const;
const TITLE = { kk: 'Олимпиадаға дайындық вебинары', ru: 'Вебинар подготовки к олимпиаде', en: 'Olympiad preparation webinar' } as const;
const MEETING = { kk: 'Ата-аналар жиналысы', ru: 'Родительское собрание', en: 'Parents meeting' } as const;

describeWithBrowser('events for a pupil in Chromium', (browser) => {
  let stack: Stack | undefined;
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack!.close() };
  });
  const withPage = pageRunner(browser);
  // Three days from now at 19:00 Almaty (the stack runs on the wall clock).
  const starts = DateTime.now().setZone('Asia/Almaty').plus({ days: 3 }).set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
  const ids = { webinar: '', meeting: '' };
  let centre = { nameKk: '', nameRu: '', nameEn: '', address: '' };

  async function staff(route: string, init: { body?: unknown; form?: FormData } = {}): Promise<{ id: string }> {
    const token = await testToken({ roleId: ROLE.admin });
    const res = await fetch(`${site.url}/api/${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
    });
    if (res.status >= 300) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  }

  beforeAll(async () => {
    const [c] = (await stack!.services.auth.app.get(DataSource).query(
      'SELECT id, name_kk AS "nameKk", name_ru AS "nameRu", name_en AS "nameEn", address FROM centers ORDER BY id LIMIT 1',
    )) as (typeof centre & { id: number })[];
    centre = c;
    const at = (d: DateTime) => d.toISO() as string;
    ids.webinar = (await staff('events', { body: {
      titleKk: TITLE.kk, titleRu: TITLE.ru, titleEn: TITLE.en,
      descriptionKk: 'Есептер талдауы', descriptionRu: 'Разбор задач', descriptionEn: 'Problem review',
      startsAt: at(starts), endsAt: at(starts.plus({ minutes: 90 })), onlineUrl: 'https://meet.example.kz/webinar', audience: 'grade', grade: 6,
    } })).id;
    ids.meeting = (await staff('events', { body: {
      titleKk: MEETING.kk, titleRu: MEETING.ru, titleEn: MEETING.en,
      startsAt: at(starts.plus({ days: 1, hours: -9 })), endsAt: at(starts.plus({ days: 1, hours: -7 })), centerId: c.id,
    } })).id;
    const form = new FormData();
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#2a7' } }).png().toBuffer();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
    await staff(`events/${ids.webinar}/images`, { form });
    for (const id of Object.values(ids)) await staff(`events/${id}/publish`);
  }, 300_000);

  it.each(SIZES)('a pupil sees upcoming events on home, opens one and adds it to the calendar at %s in %s', async (_size, locale, options) => {
    const pupil = await newPupil(stack!, 6);
    const L = TEXT[locale];
    const width = options.viewport!.width;
    await withPage(async (page) => {
      await useToken(page, pupil, locale);
      await page.goto(`${site.url}/student/home`);
      await page.getByRole('heading', { level: 2, name: L.upcoming.title }).waitFor();
      const cards = page.getByTestId('event-card');
      await cards.filter({ hasText: MEETING[locale] }).waitFor();
      expect(await cards.allTextContents()).toEqual([expect.stringContaining(TITLE[locale]), expect.stringContaining(MEETING[locale])]);
      await cards.filter({ hasText: TITLE[locale] }).getByText(L.online).waitFor();
      await cards.filter({ hasText: MEETING[locale] }).getByText(L.inPerson).waitFor();

      // The webinar's page: image, Almaty time, the link, the description; nothing wider than the screen.
      await cards.filter({ hasText: TITLE[locale] }).click();
      await heading(page, TITLE[locale]).waitFor();
      expect(await page.getByTestId('event-time').textContent()).toMatch(/19:00 – 20:30/);
      expect(await page.getByTestId('event-place').getByRole('link', { name: L.page.join }).getAttribute('href')).toBe('https://meet.example.kz/webinar');
      await page.getByText({ kk: 'Есептер талдауы', ru: 'Разбор задач', en: 'Problem review' }[locale]).waitFor();
      await page.locator('img.event-page__image').waitFor();
      expect(await page.locator('img.event-page__image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('add-to-calendar').click()]);
      expect(download.suggestedFilename()).toBe(`event-${ids.webinar}.ics`);
      const ics = await readFile((await download.path()) as string, 'utf8');
      expect(ics).toContain(`DTSTART;TZID=Asia/Almaty:${starts.toFormat("yyyyLLdd'T'HHmmss")}`);
      expect(ics).toContain(`SUMMARY:${TITLE[locale]}`);

      // The meeting at a centre shows the centre's name and address.
      await page.goto(`${site.url}/student/events/${ids.meeting}`);
      await heading(page, MEETING[locale]).waitFor();
      const name = { kk: centre.nameKk, ru: centre.nameRu, en: centre.nameEn }[locale];
      await page.getByTestId('event-place').getByText(`${name}, ${centre.address}`).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }, options);
  });
});
