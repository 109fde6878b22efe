/** wishlist: what the pupil saved for later; into the cart or out of the list. */
import { currentLocale } from '@olymp/web-common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getWishlist, moveToCart, removeFromWishlist } from '../../../api/shop';
import { errorMessage } from '../../../auth/otp';
import { Alert, Badge, Button, ButtonLink, EmptyState, Skeleton } from '../../../design';
import { useToast } from '../../../design/toasts';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { PriceList, ProductImage, SHOP, ShopFrame } from './parts';

export default function WishlistPage() {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  const toast = useToast();
  usePageTitle(t('wishlist.title'));
  const list = useApi(getWishlist, 'wishlist');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (key: string, call: () => Promise<unknown>, done?: string) => {
    setBusy(key);
    setError(null);
    try {
      await call();
      if (done) toast.show({ type: 'success', text: done });
      await list.reload();
    } catch (err) {
      setError(errorMessage(err, t('errors.action')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <ShopFrame title={t('wishlist.title')}>
      {list.error ? (
        <LoadFailed error={list.error} onRetry={() => void list.reload()} />
      ) : !list.data ? (
        <div className="stack" role="status" aria-busy="true" data-testid="page-skeleton">
          <Skeleton height={96} />
          <Skeleton height={96} />
        </div>
      ) : list.data.length === 0 ? (
        <EmptyState icon="♡" title={t('wishlist.empty')}>
          <ButtonLink to={`${SHOP}/products`}>{t('cart.browse')}</ButtonLink>
        </EmptyState>
      ) : (
        <ul className="cart-lines">
          {list.data.map((item) => {
            const name = pick(item.name, locale);
            return (
              <li key={item.productId} className="cart-line" data-testid="wishlist-item">
                <ProductImage image={item.image} alt={name} className="cart-line__image" />
                <div className="cart-line__body">
                  <Link to={`${SHOP}/products/${item.productId}`} className="cart-line__name">
                    {name}
                  </Link>
                  <PriceList prices={item.prices} />
                  {item.available ? null : <Badge tone="neutral">{t('stock.out')}</Badge>}
                </div>
                <div className="cart-line__actions">
                  <Button small busy={busy === `mv:${item.productId}`} disabled={busy !== null || !item.available} onClick={() => void run(`mv:${item.productId}`, () => moveToCart(item.productId), t('wishlist.moved', { name }))}>
                    {t('wishlist.toCart')}
                  </Button>
                  <Button variant="ghost" small busy={busy === `rm:${item.productId}`} disabled={busy !== null} onClick={() => void run(`rm:${item.productId}`, () => removeFromWishlist(item.productId))}>
                    {t('wishlist.remove')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </ShopFrame>
  );
}
