/**
 * The production build of admin-ui (Refine + antd), served by the real gateway under /admin, in real Chromium.
 */
import path from 'node:path';
import { startGateway } from '@olymp/gateway';
import { describeWithBrowser } from '@olymp/server-kit/testing';
import { heading, pageRunner, serveUiBuild, waitForTitle } from '@olymp/web-common/testing';
import type { Page } from 'playwright-core';
import en from '../src/i18n/locales/en/common.json';
import kk from '../src/i18n/locales/kk/common.json';

const UI_DIR = path.resolve(__dirname, '..');

describeWithBrowser('admin-ui in Chromium through the gateway', (browser) => {
  const gateway = serveUiBuild(UI_DIR, (outDir) =>
    startGateway({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', ADMIN_UI_DIR: outDir }),
  );
  const withPage = pageRunner(browser);
  const sidebar = (page: Page) => page.locator('aside.ant-layout-sider');

  it('renders the Refine layout at /admin: product name, sidebar with Home only, Kazakh by default', async () => {
    await withPage(async (page) => {
      const response = await page.goto(`${gateway.url}/admin`);
      expect(response?.status()).toBe(200);
      await heading(page, 'Altyn Saqa').waitFor();
      await page.getByText(kk.home.subtitle, { exact: true }).waitFor();
      await sidebar(page).getByText('Altyn Saqa', { exact: true }).waitFor();
      const items = sidebar(page).locator('.ant-menu-item');
      await items.first().waitFor();
      expect(await items.allInnerTexts()).toEqual([kk.sidebar.home]);
      expect(await sidebar(page).getByRole('link', { name: kk.sidebar.home }).getAttribute('href')).toBe('/admin');
      await waitForTitle(page, `${kk.sidebar.home} - Altyn Saqa`);
      expect(await page.locator('html').getAttribute('lang')).toBe('kk');
      const labels = await page.getByRole('radiogroup', { name: kk.language }).getByRole('radio').evaluateAll((radios) =>
        radios.map((radio) => radio.closest('label')?.textContent ?? ''),
      );
      expect(labels).toEqual(['Eng', 'Pyc', 'Қаз']);
    });
  });

  it('switches to English, stores currentLocale=en and keeps English after a reload', async () => {
    await withPage(async (page) => {
      await page.goto(`${gateway.url}/admin/`);
      await heading(page, 'Altyn Saqa').waitFor();
      await page.getByText('Eng', { exact: true }).click();
      await sidebar(page).getByRole('link', { name: en.sidebar.home, exact: true }).waitFor();
      await page.getByText(en.home.subtitle, { exact: true }).waitFor();
      await waitForTitle(page, `${en.sidebar.home} - Altyn Saqa`);
      expect(await page.evaluate(() => localStorage.getItem('currentLocale'))).toBe('en');
      expect(await page.getByRole('radio', { name: 'Eng' }).isChecked()).toBe(true);

      await page.reload();
      await page.getByText(en.home.subtitle, { exact: true }).waitFor();
      await sidebar(page).getByRole('link', { name: en.sidebar.home, exact: true }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
    });
  });

  it('shows the dashboard not-found page inside the layout for an unknown path', async () => {
    await withPage(async (page) => {
      const response = await page.goto(`${gateway.url}/admin/nope`);
      expect(response?.status()).toBe(200);
      await heading(page, kk.notFound.title).waitFor();
      await page.getByText(kk.notFound.text, { exact: true }).waitFor();
      await sidebar(page).getByRole('link', { name: kk.sidebar.home }).waitFor();
      await waitForTitle(page, `${kk.notFound.title} - Altyn Saqa`);

      await page.getByRole('button', { name: kk.notFound.backHome }).click();
      await heading(page, 'Altyn Saqa').waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin');
    });
  });
});
