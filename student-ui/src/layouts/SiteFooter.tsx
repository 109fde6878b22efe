/**
 * Spec section 1: a company line, an address, a placeholder phone, the programme lists, four social-media icons and
 * the links to terms and privacy; the year is the current one (from the clock, not a fixed 2024). Spec section 9: "Support contact: {email}": given the platform
 * settings (GET /api/settings/public, read by the layout), the support e-mail, and the support phone in place of the
 * placeholder when staff set one. The four icons link where staff pointed them (GET /api/social-media, learning's
 * media/), or to the networks' own pages until that answer arrives or when a network was left empty.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSocialMedia } from '../api/media';
import type { PublicSettings } from '../api/settings';
import { PRODUCT_NAME } from '../hooks/usePageTitle';

const PROGRAMMES = ['exam', 'academy', 'primary', 'platforms'] as const;

const SOCIAL = [
  { key: 'instagram', name: 'Instagram', href: 'https://www.instagram.com/', path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z' },
  { key: 'telegram', name: 'Telegram', href: 'https://t.me/', path: 'M21 4 3 11l5 2 2 6 3-4 5 4 3-15zM9 13l8-6-6 7' },
  { key: 'youtube', name: 'YouTube', href: 'https://www.youtube.com/', path: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V8zm7 1v6l5-3-5-3z' },
  { key: 'tiktok', name: 'TikTok', href: 'https://www.tiktok.com/', path: 'M14 3v11a3 3 0 1 1-3-3V8a6 6 0 1 0 6 6V8a6 6 0 0 0 4 1V6a4 4 0 0 1-4-3h-3z' },
] as const;

export function SiteFooter({ support }: { support?: PublicSettings['support'] | null } = {}) {
  const { t } = useTranslation();
  const phone = support?.phone ?? null;
  const links = useSocialMedia();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__company">
          <p className="site-footer__brand">{PRODUCT_NAME}</p>
          <p>{t('footer.company')}</p>
          <p>{t('footer.address')}</p>
          <p>{phone ? <a href={`tel:${phone}`}>{phone}</a> : <a href="tel:+77000000000">+7 (700) 000-00-00</a>}</p>
          {support ? (
            <p className="site-footer__support">
              {t('footer.supportContact')}: <a href={`mailto:${support.email}`}>{support.email}</a>
            </p>
          ) : null}
          <ul className="site-footer__social" aria-label={t('footer.social')}>
            {SOCIAL.map((s) => (
              <li key={s.name}>
                <a href={links?.[s.key] ?? s.href} aria-label={s.name} rel="noopener" target="_blank">
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                    <path d={s.path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {PROGRAMMES.map((group) => (
          <div key={group}>
            <p className="site-footer__heading">{t(`footer.programmes.${group}.title`)}</p>
            <ul className="site-footer__list">
              {(t(`footer.programmes.${group}.items`, { returnObjects: true }) as string[]).map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="container site-footer__bottom">
        <p>{t('footer.rights', { year: new Date().getFullYear(), product: PRODUCT_NAME })}</p>
        <p className="cluster">
          <Link to="/terms-and-conditions">{t('footer.terms')}</Link>
          <Link to="/privacy-and-policy">{t('footer.privacy')}</Link>
        </p>
      </div>
    </footer>
  );
}
