/**
 * The header of every page but the display board (spec section 1): logo, lesson search, the basket link (with the
 * number of items in a pupil's cart), the language switcher, and the signed-in pupil's first name and phone. Every
 * label is in the interface language (the
 * spec's Kazakh-only basket and menu labels were left for one language throughout). On a phone it is one row: the
 * search opens from a button, the menu toggle is an icon with its label for screen readers.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { BasketLink } from './BasketLink';
import { HeaderSearch } from './HeaderSearch';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NoticesLink } from './NoticesLink';
import { Logo } from './Logo';

export interface MenuLink {
  to: string;
  label: string;
}

export function SiteHeader({ menu }: { menu: MenuLink[] }) {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__home" aria-label={t('nav.home')}>
          <Logo />
        </Link>
        <HeaderSearch />
        <div className="site-header__end">
          <BasketLink counted={status === 'signedIn' && Boolean(user?.student)} />
          <LanguageSwitcher />
          {status === 'signedIn' && user?.student ? <NoticesLink /> : null}
          {status === 'signedIn' && user ? (
            <Link to="/student/profile" className="site-header__user" aria-label={t('header.profile')}>
              {user.avatar ? (
                <img className="site-header__avatar" src={user.avatar} alt="" width={36} height={36} />
              ) : (
                <span className="site-header__avatar" aria-hidden="true">
                  {user.firstName.slice(0, 1)}
                </span>
              )}
              <span className="site-header__who">
                <span className="site-header__name">{user.firstName}</span>
                <span className="site-header__phone">{user.phone}</span>
              </span>
            </Link>
          ) : status === 'guest' ? (
            <Link to="/login" className="button button--secondary button--small">
              {t('header.signIn')}
            </Link>
          ) : null}
          <button
            type="button"
            className="site-header__menu-toggle"
            aria-expanded={open}
            aria-controls="site-menu"
            onClick={() => setOpen((v) => !v)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="site-header__menu-label">{open ? t('header.menuClose') : t('header.menuOpen')}</span>
          </button>
        </div>
      </div>
      <nav id="site-menu" className={open ? 'site-menu site-menu--open' : 'site-menu'} aria-label={t('nav.menu')}>
        <ul className="container site-menu__list">
          {menu.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="site-menu__link" onClick={() => setOpen(false)}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
