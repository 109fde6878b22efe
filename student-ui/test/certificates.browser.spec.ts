/**
 * The public certificate check page a certificate's QR code opens (`/achievements/{code}`), in Chromium on a phone
 * (390x844) and a desktop (1440x900): a real code is confirmed (no name shown) with the PDF to download; an
 * unknown code says so.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { describeWithBrowser } from '@olymp/server-kit/testing';
import { heading, pageRunner, serveUiBuild } from '@olymp/web-common/testing';
import kk from '../src/i18n/locales/kk/profile.json';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
const CODE = 'QRCHECK234';

describeWithBrowser('student-ui certificate check page in Chromium', (browser) => {
  let stack: Stack;
  const gateway = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    const list = (await (await fetch(`${stack.gateway.url}/api/challenges-all`)).json()) as { data: { id: string }[] };
    const ds = stack.services.learning.app.get(DataSource);
    const userId = randomUUID();
    await ds.query(
      `INSERT INTO participations (id, board_kind, board_id, user_id, via, first_name, last_name, points, time_spent_ms, finished_quizzes)
       VALUES ($1, 'challenge', $2, $3, 'free', 'Әйгерім', 'Құрманғазықызы', 42, 1000, 1)`,
      [randomUUID(), list.data[0].id, userId],
    );
    await ds.query(
      `INSERT INTO achievements (id, user_id, challenge_id, code, certificate_code, title_kk, title_ru, title_en, points, earned_at)
       VALUES ($1, $2, $3, 'challenge-finisher', $4, 'Челленджді аяқтады', 'Прошёл челлендж', 'Finished the challenge', 42, now())`,
      [randomUUID(), userId, list.data[0].id, CODE],
    );
    return { url: stack.gateway.url, close: () => stack.close() };
  });
  // The unknown code's 404 is on purpose: Chromium's console line for it is allowed, nothing else.
  const withPage = pageRunner(browser, { allowConsole: /Failed to load resource: the server responded with a status of 404/ });

  for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    it(`confirms a certificate code and offers its PDF; an unknown code is refused (${viewport.width}x${viewport.height})`, async () => {
      await withPage(async (page) => {
        await page.goto(`${gateway.url}/achievements/${CODE}`);
        await heading(page, kk.check.title).waitFor();
        const card = page.getByTestId('certificate-valid');
        await card.getByText(kk.check.valid).waitFor();
        await card.getByText('Челленджді аяқтады').waitFor();
        expect(await page.getByText('Әйгерім').count()).toBe(0);
        const href = await card.getByRole('link', { name: kk.achievements.download }).getAttribute('href');
        expect(href).toBe(`/api/achievements/${CODE}/download`);
        const pdf = await fetch(`${gateway.url}${href}`);
        expect(pdf.headers.get('content-type')).toBe('application/pdf');
        expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await page.goto(`${gateway.url}/achievements/ZZZZZZZZZZ`);
        await page.getByText(kk.check.unknown.replace('{{code}}', 'ZZZZZZZZZZ')).waitFor();
      }, { viewport });
    });
  }
});
