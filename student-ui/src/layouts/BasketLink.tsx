/**
 * The header's basket: a link to the cart with the number of items in it for a signed-in pupil. The count is read
 * once per page load and again whenever the cart changes (any shop page that changes it says so).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CART_CHANGED, getCart } from '../api/shop';

export function BasketLink({ counted }: { counted: boolean }) {
  const { t } = useTranslation();
  const [items, setItems] = useState(0);
  useEffect(() => {
    if (!counted) return;
    let alive = true;
    const count = () => {
      getCart().then(
        (cart) => alive && setItems(cart.lines.reduce((n, l) => n + l.quantity, 0)),
        () => undefined, // the badge is a hint: a failed count leaves it as it was
      );
    };
    count();
    window.addEventListener(CART_CHANGED, count);
    return () => {
      alive = false;
      window.removeEventListener(CART_CHANGED, count);
    };
  }, [counted]);
  const shown = counted ? items : 0;
  return (
    <Link to="/student/shop/cart" className="site-header__basket" aria-label={shown > 0 ? t('header.basketCount', { n: shown }) : undefined} data-testid="basket-link">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="10" cy="20" r="1.5" fill="currentColor" />
        <circle cx="17" cy="20" r="1.5" fill="currentColor" />
      </svg>
      <span>{t('header.basket')}</span>
      {shown > 0 ? (
        <strong className="site-header__basket-count" aria-hidden="true" data-testid="basket-count">
          {shown > 99 ? '99+' : shown}
        </strong>
      ) : null}
    </Link>
  );
}
