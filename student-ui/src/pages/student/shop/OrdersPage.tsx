/** orders: the pupil's orders, newest first, paged; a notice about one of them refreshes the list. */
import { currentLocale } from '@olymp/web-common';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORDER_NOTICE, getMyOrders } from '../../../api/shop';
import { Button, ButtonLink, EmptyState, Skeleton } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { formatDateTime, formatNumber, pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { OrderStatus, SHOP, ShopFrame, orderNumber } from './parts';

const PAGE_SIZE = 10;

export default function OrdersPage() {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  usePageTitle(t('orders.title'));
  const [page, setPage] = useState(1);
  const orders = useApi(() => getMyOrders(page, PAGE_SIZE), String(page));
  const { reload } = orders;
  useEffect(() => {
    const refresh = () => void reload();
    window.addEventListener(ORDER_NOTICE, refresh);
    return () => window.removeEventListener(ORDER_NOTICE, refresh);
  }, [reload]);
  const pages = Math.max(1, Math.ceil((orders.data?.total ?? 0) / PAGE_SIZE));
  return (
    <ShopFrame title={t('orders.title')}>
      {orders.error ? (
        <LoadFailed error={orders.error} onRetry={() => void orders.reload()} />
      ) : !orders.data ? (
        <div className="stack" role="status" aria-busy="true" data-testid="page-skeleton">
          <Skeleton height={88} />
          <Skeleton height={88} />
        </div>
      ) : orders.data.data.length === 0 ? (
        <EmptyState icon="📦" title={t('orders.empty')}>
          <ButtonLink to={`${SHOP}/products/home`}>{t('cart.browse')}</ButtonLink>
        </EmptyState>
      ) : (
        <ul className="order-list">
          {orders.data.data.map((o) => (
            <li key={o.id}>
              <Link to={`${SHOP}/orders/${o.id}`} className="order-row" data-testid="order-row">
                <span className="order-row__head">
                  <strong>{t('orders.number', { n: orderNumber(o.id) })}</strong>
                  <OrderStatus status={o.status} />
                </span>
                <span className="muted">
                  {o.lines.map((l) => `${pick(l.name, locale)} × ${l.quantity}`).join(', ')}
                </span>
                <span className="order-row__foot">
                  <span className="muted">{formatDateTime(o.createdAt, locale)}</span>
                  <strong>{formatNumber(o.total, locale)} ZP</strong>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label={t('pager.label')}>
          <Button variant="outline" small disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            ← {t('pager.prev')}
          </Button>
          <span>{t('pager.of', { page, pages })}</span>
          <Button variant="outline" small disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('pager.next')} →
          </Button>
        </nav>
      ) : null}
    </ShopFrame>
  );
}
