/**
 * A lesson's recording and the footer's social-media links for a pupil in Chromium, at 390x844 (kk) and 1440x900
 * (en), through the gateway serving the production build on the whole platform: the player's own request for the
 * video is a range request answered 206 (so a phone seeks without downloading the file), the footer's Instagram icon
 * leads where staff pointed it, and after 60 days the page says, in the pupil's language, the recording is closed.
 * The lesson's other materials follow the player: a file with its name, type and size, downloaded through
 * `materials/{id}/file` with the pupil's token (the bytes saved are the upload's), a link opening in a new tab, and
 * a video in the player.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { ERRORS, ROLE } from '@olymp/proto';
import { Clock } from '@olymp/server-kit';
import { describeWithBrowser, testToken } from '@olymp/server-kit/testing';
import { pageRunner, serveUiBuild } from '@olymp/web-common/testing';
import { DataSource } from 'typeorm';
import { mp4, pdf } from '../../services/learning/test/media-fixtures';
import en from '../src/i18n/locales/en/media.json';
import kk from '../src/i18n/locales/kk/media.json';
import { startStack, type Stack } from './stack';
import { useToken } from './session';

const UI_DIR = path.resolve(__dirname, '..');
const SIZES: [string, 'kk' | 'en', BrowserContextOptions][] = [
  ['390x844', 'kk', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, acceptDownloads: true }],
  ['1440x900', 'en', { viewport: { width: 1440, height: 900 }, acceptDownloads: true }],
];
const TEXT = { kk, en } as const;
const NOTES = { titleKk: 'Бөлшектер конспектісі', titleRu: 'Конспект: дроби', titleEn: 'Fraction notes' };
const NOTES_PDF = pdf(20_000);
const DAY = 86_400_000;

describeWithBrowser('a lesson recording and the footer links in Chromium', (browser) => {
  let stack: Stack | undefined;
  const site = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack!.close() };
  });
  const withPage = pageRunner(browser, { allowConsole: /^Failed to load resource/ });
  const lesson = { id: '', startsAt: 0 };
  let pupilId = '';
  /** One staff member for every call: a chunked upload is continued only by whoever started it. */
  const adminId = randomUUID();

  async function staff<R = { id: string }>(route: string, body: unknown, method = 'POST'): Promise<R> {
    const token = await testToken({ roleId: ROLE.admin, userId: adminId });
    const isForm = body instanceof FormData;
    const res = await fetch(`${site.url}/api/${route}`, {
      method, headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(isForm ? {} : { 'content-type': 'application/json' }) },
      body: isForm ? body : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as R;
  }

  /** A stored chunked upload of the staff member's (one chunk). */
  async function upload(bytes: Buffer, name: string): Promise<string> {
    const started = await staff<{ data: { id: string } }>('upload', { name, size: bytes.length });
    const form = new FormData();
    form.append('id', started.data.id);
    form.append('offset', '0');
    form.append('chunk', new Blob([new Uint8Array(bytes)]), name);
    await staff('upload', form);
    return started.data.id;
  }

  beforeAll(async () => {
    const auth = stack!.services.auth.app.get(DataSource);
    pupilId = ((await auth.query('SELECT id FROM users WHERE phone = $1', ['+77000000105'])) as { id: string }[])[0].id;
    const course = await staff('courses', { kind: 'live', titleKk: 'Курс', titleRu: 'Курс', titleEn: 'Course' });
    const group = await staff('groups', { courseId: course.id, name: 'Recording group' });
    lesson.startsAt = Date.now() - 3600_000;
    lesson.id = (await staff('lessons', { groupId: group.id, titleKk: 'Бөлшектер', titleRu: 'Дроби', titleEn: 'Fractions', startsAt: new Date(lesson.startsAt).toISOString() })).id;
    await staff(`groups/${group.id}/members`, { userId: pupilId, role: 'pupil' });
    await staff(`lessons/${lesson.id}/recording`, { uploadId: await upload(mp4(1800, 200_000), 'lesson.mp4') });
    const owner = { ownerKind: 'lesson', ownerId: lesson.id };
    await staff('materials', { ...owner, kind: 'file', ...NOTES, uploadId: await upload(NOTES_PDF, 'notes.pdf') });
    await staff('materials', { ...owner, kind: 'link', titleKk: 'Тапсырмалар', titleRu: 'Задачи', titleEn: 'Exercises', linkUrl: 'https://example.kz/fractions' });
    await staff('materials', { ...owner, kind: 'video', titleKk: 'Шешу жолы', titleRu: 'Разбор', titleEn: 'Walkthrough', uploadId: await upload(mp4(60, 50_000), 'walkthrough.mp4') });
    await staff('social-media', { instagram: 'https://www.instagram.com/altynsaqa_media' }, 'PUT');
  }, 60_000);

  const signIn = async (page: Page, locale: string) => useToken(page, { id: pupilId, token: await testToken({ roleId: ROLE.student, userId: pupilId }) }, locale);

  it.each(SIZES)('%s in %s: the player streams the recording by ranges; the footer links where staff set', async (_size, locale, options) => {
    await withPage(async (page) => {
      page.setDefaultTimeout(20_000);
      await signIn(page, locale);
      const played = page.waitForResponse((r) => r.url().includes(`/api/videos/`) && r.url().includes('/play?ticket='));
      await page.goto(`${site.url}/student/lessons/${lesson.id}/recording`);
      await page.getByRole('heading', { level: 1, name: locale === 'kk' ? 'Бөлшектер' : 'Fractions' }).waitFor();
      const response = await played;
      expect(response.status()).toBe(206);
      expect(response.headers()['content-range']).toMatch(/^bytes 0-\d+\/\d+$/);
      expect(await page.getByTestId('recording-player').getAttribute('src')).toMatch(/^\/api\/videos\/[0-9a-f-]{36}\/play\?ticket=/);
      await page.getByText(locale === 'kk' ? 'Ұзақтығы: 30 мин' : 'Length: 30 min').waitFor();
      expect(await page.locator('.site-footer__social a[aria-label="Instagram"]').getAttribute('href')).toBe('https://www.instagram.com/altynsaqa_media');
      expect(await page.evaluate((w) => document.documentElement.scrollWidth <= w, options.viewport!.width)).toBe(true);
    }, options);
  }, 120_000);

  it.each(SIZES)('%s in %s: the lesson\'s materials: a file downloaded with the token, a link in a new tab, a video in the player', async (_size, locale, options) => {
    await withPage(async (page) => {
      page.setDefaultTimeout(20_000);
      await signIn(page, locale);
      await page.goto(`${site.url}/student/lessons/${lesson.id}/recording`);
      const list = page.getByTestId('materials-lesson');
      await list.getByRole('heading', { name: TEXT[locale].materials.title }).waitFor();
      // The recording plays above; the list holds the three other materials, in staff's order.
      await expect(list.getByTestId('material').count()).resolves.toBe(3);
      const notes = locale === 'kk' ? NOTES.titleKk : NOTES.titleEn;
      const file = list.getByTestId('material').nth(0);
      await file.getByText(notes).waitFor();
      expect(await file.getByTestId('material-meta').textContent()).toBe(locale === 'kk' ? 'PDF · 19,5 КБ' : 'PDF · 19.5 KB');

      const sent = page.waitForRequest((r) => /\/api\/materials\/[0-9a-f-]{36}\/file$/.test(r.url()));
      const downloaded = page.waitForEvent('download');
      await file.getByRole('button', { name: TEXT[locale].materials.downloadNamed.replace('{{title}}', notes) }).click();
      expect((await sent).headers().authorization).toMatch(/^Bearer /);
      const download = await downloaded;
      expect(download.suggestedFilename()).toBe(`${notes}.pdf`);
      expect((await readFile(await download.path())).equals(NOTES_PDF)).toBe(true);

      const link = list.getByRole('link', { name: locale === 'kk' ? 'Тапсырмалар' : 'Exercises' });
      expect(await link.getAttribute('href')).toBe('https://example.kz/fractions');
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
      expect(await list.getByTestId('material').nth(1).textContent()).toContain(`${TEXT[locale].materials.link} · example.kz`);

      expect(await list.getByTestId('material-video').getAttribute('src')).toMatch(/^\/api\/videos\/[0-9a-f-]{36}\/play\?ticket=/);
      await list.getByText(locale === 'kk' ? 'Шешу жолы' : 'Walkthrough').waitFor();
      expect(await page.evaluate((w) => document.documentElement.scrollWidth <= w, options.viewport!.width)).toBe(true);
    }, options);
  }, 120_000);

  it('on day 61 the page says the recording is closed, in the pupil\'s language', async () => {
    const clock = stack!.services.learning.app.get(Clock);
    clock.set(lesson.startsAt + 61 * DAY);
    try {
      for (const [, locale, options] of SIZES) {
        await withPage(async (page) => {
          page.setDefaultTimeout(20_000);
          await signIn(page, locale);
          await page.goto(`${site.url}/student/lessons/${lesson.id}/recording`);
          await page.getByText(ERRORS.RECORDING_EXPIRED.message[locale].replace('{days}', '60')).waitFor();
          expect(await page.getByTestId('recording-player').count()).toBe(0);
        }, options);
      }
    } finally {
      clock.resume();
    }
  }, 120_000);
});
