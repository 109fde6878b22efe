/** cart: each line at today's price with its stock state; change quantities, remove, clear; on to checkout. */
import { currentLocale } from '@olymp/web-common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { clearCart, getCart, removeFromCart, setCartQuantity, type Currency, type ShopCart } from '../../../api/shop';
import { errorMessage } from '../../../auth/otp';
import { Alert, Badge, Button, ButtonLink, EmptyState, Skeleton } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { PriceList, ProductImage, SHOP, ShopFrame, amountIn } from './parts';

type Line = ShopCart['lines'][number];

function StateBadge({ line }: { line: Line }) {
  const { t } = useTranslation('shop');
  if (line.state === 'ok') return <Badge tone="success">{t('cart.state.ok')}</Badge>;
  if (line.state === 'short') return <Badge tone="danger">{t('cart.state.short', { n: line.available })}</Badge>;
  if (line.state === 'out') return <Badge tone="danger">{t('cart.state.out')}</Badge>;
  return <Badge tone="neutral">{t('cart.state.unavailable')}</Badge>;
}

/** Ready for checkout: every line can be had, and one currency (ZP, Altyn Saqa or tenge) prices the whole cart. */
export function cartReady(cart: ShopCart): boolean {
  return cart.lines.length > 0 && cartTotal(cart) !== null && cart.lines.every((l) => l.state === 'ok');
}

/** The cart's total in the first currency that prices every line (ZP, then Altyn Saqa, then tenge). */
export function cartTotal(cart: ShopCart): { amount: number; currency: Currency } | null {
  if (cart.totals.zp !== null) return { amount: cart.totals.zp, currency: 'zp' };
  if (cart.totals.altynSaqa !== null) return { amount: cart.totals.altynSaqa, currency: 'altyn_saqa' };
  if (cart.totals.tenge !== null) return { amount: cart.totals.tenge, currency: 'tenge' };
  return null;
}

export default function CartPage() {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  usePageTitle(t('cart.title'));
  const cart = useApi(getCart, 'cart');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const change = async (key: string, call: () => Promise<ShopCart>) => {
    setBusy(key);
    setError(null);
    try {
      cart.setData(await call());
    } catch (err) {
      setError(errorMessage(err, t('errors.action')));
    } finally {
      setBusy(null);
    }
  };

  const data = cart.data;
  const total = data ? cartTotal(data) : null;
  return (
    <ShopFrame title={t('cart.title')}>
      {cart.error ? (
        <LoadFailed error={cart.error} onRetry={() => void cart.reload()} />
      ) : !data ? (
        <div className="stack" role="status" aria-busy="true" data-testid="page-skeleton">
          <Skeleton height={96} />
          <Skeleton height={96} />
        </div>
      ) : data.lines.length === 0 ? (
        <EmptyState icon="🛒" title={t('cart.empty')}>
          <ButtonLink to={`${SHOP}/products/home`}>{t('cart.browse')}</ButtonLink>
        </EmptyState>
      ) : (
        <>
          <ul className="cart-lines" aria-label={t('cart.lines')}>
            {data.lines.map((line) => {
              const name = pick(line.name, locale);
              return (
                <li key={line.productId} className="cart-line" data-testid="cart-line">
                  <ProductImage image={line.image} alt={name} className="cart-line__image" />
                  <div className="cart-line__body">
                    <Link to={`${SHOP}/products/${line.productId}`} className="cart-line__name">
                      {name}
                    </Link>
                    <PriceList prices={line.prices} quantity={line.quantity} />
                    <StateBadge line={line} />
                  </div>
                  <div className="cart-line__actions">
                    <div className="stepper" role="group" aria-label={t('cart.quantityOf', { name })}>
                      <button
                        type="button"
                        className="stepper__button"
                        aria-label={t('cart.less')}
                        disabled={busy !== null || line.quantity <= 1}
                        onClick={() => void change(line.productId, () => setCartQuantity(line.productId, line.quantity - 1))}
                      >
                        −
                      </button>
                      <output className="stepper__value" data-testid="cart-quantity">
                        {line.quantity}
                      </output>
                      <button
                        type="button"
                        className="stepper__button"
                        aria-label={t('cart.more')}
                        disabled={busy !== null || line.quantity >= 99 || line.quantity >= line.available}
                        onClick={() => void change(line.productId, () => setCartQuantity(line.productId, line.quantity + 1))}
                      >
                        +
                      </button>
                    </div>
                    {line.state === 'short' && line.available > 0 ? (
                      <Button variant="ghost" small disabled={busy !== null} onClick={() => void change(line.productId, () => setCartQuantity(line.productId, line.available))}>
                        {t('cart.takeAvailable', { n: line.available })}
                      </Button>
                    ) : null}
                    <Button variant="ghost" small busy={busy === `rm:${line.productId}`} disabled={busy !== null} onClick={() => void change(`rm:${line.productId}`, () => removeFromCart(line.productId))}>
                      {t('cart.remove')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="cart-total card">
            <p className="cart-total__sum">
              <span>{t('cart.total')}</span>
              <strong data-testid="cart-total">{total ? amountIn(total.amount, total.currency, locale) : '—'}</strong>
            </p>
            {!total ? <Alert tone="warning">{t('cart.noCommonCurrency')}</Alert> : null}
            {data.lines.some((l) => l.state !== 'ok') ? <Alert tone="warning">{t('cart.fixLines')}</Alert> : null}
            <div className="cluster cluster--between">
              <Button variant="outline" busy={busy === 'clear'} disabled={busy !== null} onClick={() => void change('clear', clearCart)}>
                {t('cart.clear')}
              </Button>
              {cartReady(data) ? (
                <ButtonLink to={`${SHOP}/cart/delivery`}>{t('cart.checkout')}</ButtonLink>
              ) : (
                <Button disabled>{t('cart.checkout')}</Button>
              )}
            </div>
          </div>
        </>
      )}
    </ShopFrame>
  );
}
