/**
 * orders/{uuid}: what was ordered, how it travels, where it stands (refreshed live when staff move it), the pickup
 * code while it waits at the point; pay or cancel while awaiting payment; ask for a return once received.
 */
import { currentLocale } from '@olymp/web-common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { cancelOrder, getPickupPoints, type ShopOrder, type ShopOrderStatus } from '../../../api/shop';
import { errorMessage } from '../../../auth/otp';
import { Alert, Button, ButtonLink, Card, Skeleton } from '../../../design';
import { useToast } from '../../../design/toasts';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { formatDateTime, formatNumber, pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { OrderStatus, SHOP, ShopFrame, amountIn, orderNumber } from './parts';
import { useOrder } from './useOrder';

const PATHS: Record<ShopOrder['method'], ShopOrderStatus[]> = {
  pickup: ['awaiting_payment', 'paid', 'ready_for_pickup', 'picked_up'],
  delivery: ['awaiting_payment', 'paid', 'processing', 'shipped', 'delivered'],
};

/** The steps of the order's way with the ones behind it marked (a cancelled or returned order shows its end). */
function Steps({ order }: { order: ShopOrder }) {
  const { t } = useTranslation('shop');
  const path = PATHS[order.method];
  const at = path.indexOf(order.status);
  const reached = at >= 0 ? at : order.status.startsWith('return') ? path.length - 1 : -1;
  return (
    <ol className="order-steps" aria-label={t('order.steps')}>
      {path.map((s, i) => (
        <li key={s} className={i < reached ? 'order-steps__step order-steps__step--done' : i === reached ? 'order-steps__step order-steps__step--current' : 'order-steps__step'} aria-current={i === reached ? 'step' : undefined}>
          {t(`status.${s}`)}
        </li>
      ))}
      {at < 0 ? <li className="order-steps__step order-steps__step--current" aria-current="step">{t(`status.${order.status}`)}</li> : null}
    </ol>
  );
}

export default function OrderPage() {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  const toast = useToast();
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const points = useApi(getPickupPoints, 'points');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title = t('orders.number', { n: orderNumber(orderId) });
  usePageTitle(title);
  const o = order.data;

  const cancel = async () => {
    if (!o) return;
    setBusy(true);
    setError(null);
    try {
      order.setData(await cancelOrder(o.id));
      toast.show({ type: 'success', text: t('order.cancelled') });
    } catch (err) {
      setError(errorMessage(err, t('errors.action')));
    } finally {
      setBusy(false);
    }
  };

  const point = o?.pickupPointId ? points.data?.find((p) => p.id === o.pickupPointId) : undefined;
  return (
    <ShopFrame title={title}>
      <p>
        <Link to={`${SHOP}/orders`}>← {t('orders.title')}</Link>
      </p>
      {order.error ? (
        <LoadFailed error={order.error} onRetry={() => void order.reload()} />
      ) : !o ? (
        <div className="stack" role="status" aria-busy="true" data-testid="page-skeleton">
          <Skeleton height={64} />
          <Skeleton height={160} />
        </div>
      ) : (
        <>
          <Card>
            <div className="cluster cluster--between">
              <OrderStatus status={o.status} />
              <span className="muted">{formatDateTime(o.createdAt, locale)}</span>
            </div>
            <Steps order={o} />
            {o.status === 'ready_for_pickup' && o.pickupCode ? (
              <div className="pickup-code" data-testid="pickup-code">
                <span>{t('order.pickupCode')}</span>
                <strong>{o.pickupCode}</strong>
                <span className="muted">{t('order.pickupCodeHint')}</span>
              </div>
            ) : null}
            {o.status === 'awaiting_payment' ? (
              <>
                <Alert tone="info">{t('order.payBy', { time: formatDateTime(o.payBy, locale) })}</Alert>
                <div className="cluster">
                  <ButtonLink to={`${SHOP}/orders/${o.id}/payment`}>{o.currency === 'zp' ? t('order.pay', { amount: formatNumber(o.total, locale) }) : t('order.payIn', { amount: amountIn(o.total, o.currency, locale) })}</ButtonLink>
                  <Button variant="outline" busy={busy} onClick={() => void cancel()}>
                    {t('order.cancel')}
                  </Button>
                </div>
              </>
            ) : null}
            {o.status === 'delivered' || o.status === 'picked_up' ? (
              <div className="cluster">
                <ButtonLink to={`${SHOP}/orders/${o.id}/feedback`}>{t('order.review')}</ButtonLink>
                <ButtonLink to={`${SHOP}/orders/${o.id}/return-methods`} variant="outline">
                  {t('order.return')}
                </ButtonLink>
              </div>
            ) : null}
            {error ? <Alert tone="error">{error}</Alert> : null}
          </Card>
          <Card title={t('order.items')}>
            <ul className="order-lines">
              {o.lines.map((l) => (
                <li key={l.productId}>
                  <Link to={`${SHOP}/products/${l.productId}`}>{pick(l.name, locale)}</Link>
                  <span className="muted">
                    {l.quantity} × {amountIn(l.unitPrice, o.currency, locale)}
                  </span>
                </li>
              ))}
            </ul>
            <p className="cart-total__sum">
              <span>{t('cart.total')}</span>
              <strong data-testid="order-total">{amountIn(o.total, o.currency, locale)}</strong>
            </p>
          </Card>
          <Card title={o.method === 'pickup' ? t('checkout.pickup') : t('checkout.delivery')}>
            {o.method === 'pickup' ? (
              point ? (
                <p>
                  <strong>{pick(point.name, locale)}</strong>
                  <br />
                  {pick(point.address, locale)}
                  <br />
                  <span className="muted">{t('checkout.hours', { hours: point.hours })}</span>
                </p>
              ) : (
                <Skeleton height={48} />
              )
            ) : o.address ? (
              <p>
                {o.address.recipient}, {o.address.phone}
                <br />
                {pick(o.address.city.name, locale)}, {o.address.line}
                {o.address.note ? (
                  <>
                    <br />
                    <span className="muted">{o.address.note}</span>
                  </>
                ) : null}
              </p>
            ) : null}
          </Card>
        </>
      )}
    </ShopFrame>
  );
}
