/** Spec section 1: on Android and iOS phones a banner invites to the store app; never on desktop. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readKey, writeKey } from '../lib/storage';

export type MobilePlatform = 'android' | 'ios';

export function mobilePlatform(userAgent: string, maxTouchPoints = 0): MobilePlatform | null {
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  // iPadOS presents itself as a Mac; only touch tells it apart.
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return null;
}

const STORE_URL: Record<MobilePlatform, string> = {
  android: 'https://play.google.com/store/apps/details?id=kz.altynsaqa.app',
  ios: 'https://apps.apple.com/kz/app/altyn-saqa/id0000000000',
};

const DISMISS_KEY = 'app_banner_dismissed';

export function AppBanner() {
  const { t } = useTranslation();
  // Decided at first render from the user agent, so the page never shifts when the banner appears.
  const [platform] = useState(() => mobilePlatform(navigator.userAgent, navigator.maxTouchPoints));
  const [dismissed, setDismissed] = useState(() => readKey(DISMISS_KEY, 'session') === '1');
  if (!platform || dismissed) return null;
  return (
    <aside className="app-banner" aria-label={t('appBanner.label')}>
      <span className="app-banner__icon" aria-hidden="true">
        ★
      </span>
      <p className="app-banner__text">
        <strong>{t('appBanner.title')}</strong>
        <span>{t(platform === 'android' ? 'appBanner.android' : 'appBanner.ios')}</span>
      </p>
      <a className="button button--primary button--small" href={STORE_URL[platform]} rel="noopener">
        {t('appBanner.open')}
      </a>
      <button
        type="button"
        className="app-banner__close"
        aria-label={t('appBanner.close')}
        onClick={() => {
          writeKey(DISMISS_KEY, '1', 'session');
          setDismissed(true);
        }}
      >
        ×
      </button>
    </aside>
  );
}
