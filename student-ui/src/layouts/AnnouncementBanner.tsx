/**
 * The announcement staff set in Settings > General (e.g. on olympiad mornings), on the student area's pages in the
 * interface language. A pupil can close it; it stays closed for the visit until its text changes.
 */
import { isLocale } from '@olymp/web-common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicSettings } from '../api/settings';
import { readKey, writeKey } from '../lib/storage';

const DISMISS_KEY = 'announcement_dismissed';

export function AnnouncementBanner({ announcement }: { announcement: PublicSettings['announcement'] | undefined }) {
  const { t, i18n } = useTranslation();
  const [dismissed, setDismissed] = useState(() => readKey(DISMISS_KEY, 'session'));
  if (!announcement) return null;
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'kk';
  const text = announcement.text[locale];
  // Closing remembers all three texts: a new announcement shows again, a language switch does not bring it back.
  const id = JSON.stringify(announcement.text);
  if (dismissed === id) return null;
  return (
    <aside className="app-banner announcement-banner" aria-label={t('announcement.label')}>
      <span className="app-banner__icon" aria-hidden="true">
        !
      </span>
      <p className="app-banner__text">{text}</p>
      <button
        type="button"
        className="app-banner__close"
        aria-label={t('announcement.close')}
        onClick={() => {
          writeKey(DISMISS_KEY, id, 'session');
          setDismissed(id);
        }}
      >
        ×
      </button>
    </aside>
  );
}
