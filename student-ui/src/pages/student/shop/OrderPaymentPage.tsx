/**
 * orders/{uuid}/payment: pay the order's invoice in ZP or Altyn Saqa from the wallet (finance's wallet payment), or a
 * tenge order by card through the payment provider (the sandbox's page is played here by two buttons, as for ZP
 * recharges), optionally covering part of the tenge with ZP first at finance's rate (the split is shown before paying).
 * The order turns `paid` when finance's `invoice.paid` reaches the shop, a moment later: the page waits for it, then
 * shows the order.
 */
import { currentLocale } from '@olymp/web-common';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { getPayable, payWithZp } from '../../../api/finance';
import { TengePayment } from './TengePayment';
import { errorMessage } from '../../../auth/otp';
import { Alert, Button, ButtonLink, Card, Skeleton } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { cartChanged, getOrderPayment } from '../../../api/shop';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { OrderStatus, SHOP, ShopFrame, amountIn, orderNumber } from './parts';
import { useOrder } from './useOrder';

export default function OrderPaymentPage() {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  const navigate = useNavigate();
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const invoiceId = order.data?.invoiceId ?? null;
  const inZp = order.data ? order.data.currency === 'zp' : true;
  const inTenge = order.data?.currency === 'tenge';
  // ZP: finance's payable check (it knows the recharge path); Altyn Saqa: the shop's payment summary with both balances.
  const payable = useApi(invoiceId && inZp ? () => getPayable(invoiceId) : null, invoiceId ?? '');
  const summary = useApi(invoiceId && !inZp && !inTenge ? () => getOrderPayment(orderId) : null, `payment:${invoiceId ?? ''}`);
  const enough = inZp ? !!payable.data?.payable : summary.data ? summary.data.balances.altynSaqa >= summary.data.total : false;
  const [busy, setBusy] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(t('payment.title'));
  const o = order.data;
  const { reload } = order;

  // After a payment the order becomes paid once finance's event reaches the shop: ask again until it has.
  useEffect(() => {
    if (!paying) return;
    if (o && o.status !== 'awaiting_payment') {
      cartChanged();
      void navigate(`${SHOP}/orders/${o.id}`, { replace: true });
      return;
    }
    const timer = setTimeout(() => void reload(), 700);
    return () => clearTimeout(timer);
  }, [paying, o, reload, navigate]);

  const pay = async () => {
    if (!invoiceId) return;
    setBusy(true);
    setError(null);
    try {
      await payWithZp(invoiceId);
      setPaying(true);
      void reload();
    } catch (err) {
      setError(errorMessage(err, t('errors.pay')));
      void payable.reload();
      void summary.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <ShopFrame title={t('payment.title')}>
      <p>
        <Link to={`${SHOP}/orders/${orderId}`}>← {t('orders.number', { n: orderNumber(orderId) })}</Link>
      </p>
      {order.error ? (
        <LoadFailed error={order.error} onRetry={() => void order.reload()} />
      ) : !o ? (
        <Skeleton height={200} />
      ) : (
        <Card>
          <div className="cluster cluster--between">
            <OrderStatus status={o.status} />
            <strong className="price price--large" data-testid="payment-amount">
              {amountIn(o.total, o.currency, locale)}
            </strong>
          </div>
          {o.status !== 'awaiting_payment' ? (
            <Alert tone={o.status === 'cancelled' ? 'warning' : 'success'}>{o.status === 'cancelled' ? t('payment.cancelled') : t('payment.done')}</Alert>
          ) : paying ? (
            <div className="cluster" role="status">
              <span className="spinner spinner--inline" aria-hidden="true" />
              <span>{t('payment.confirming')}</span>
            </div>
          ) : inTenge ? (
            <>
              <p className="muted">{t('order.payBy', { time: formatDateTime(o.payBy, locale) })}</p>
              <TengePayment orderId={o.id} invoiceId={invoiceId} onPaid={() => {
                setPaying(true);
                void reload();
              }} />
            </>
          ) : (
            <>
              <p className="muted">{t('order.payBy', { time: formatDateTime(o.payBy, locale) })}</p>
              {!inZp ? (
                summary.error ? (
                  <LoadFailed error={summary.error} onRetry={() => void summary.reload()} />
                ) : summary.data ? (
                  <>
                    <p data-testid="payment-balance">{t('payment.balanceAltynSaqa', { balance: formatNumber(summary.data.balances.altynSaqa, locale) })}</p>
                    {!enough ? <Alert tone="warning">{t('payment.shortAltynSaqa')}</Alert> : null}
                  </>
                ) : (
                  <Skeleton height={24} width="50%" />
                )
              ) : payable.error ? (
                <LoadFailed error={payable.error} onRetry={() => void payable.reload()} />
              ) : payable.data ? (
                <>
                  <p data-testid="payment-balance">{t('payment.balance', { balance: formatNumber(payable.data.balanceZp, locale) })}</p>
                  {!payable.data.payable && payable.data.message ? <Alert tone="warning">{payable.data.message}</Alert> : null}
                </>
              ) : (
                <Skeleton height={24} width="50%" />
              )}
              {error ? <Alert tone="error">{error}</Alert> : null}
              <div className="cluster">
                <Button busy={busy} disabled={!enough} onClick={() => void pay()}>
                  {inZp ? t('payment.payZp', { amount: formatNumber(o.total, locale) }) : t('payment.payIn', { amount: amountIn(o.total, o.currency, locale) })}
                </Button>
                {inZp && payable.data && !payable.data.payable ? (
                  <ButtonLink to="/student/zpoint/checkout" variant="outline">
                    {t('wallet.recharge')}
                  </ButtonLink>
                ) : null}
              </div>
            </>
          )}
        </Card>
      )}
    </ShopFrame>
  );
}
