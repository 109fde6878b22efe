/** orders/{uuid}/return-methods: ask for a return of a received order, with the reason staff will read. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { requestReturn } from '../../../api/shop';
import { errorMessage, fieldErrors } from '../../../auth/otp';
import { Alert, Button, Card, Skeleton } from '../../../design';
import { useToast } from '../../../design/toasts';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { OrderStatus, SHOP, ShopFrame, orderNumber } from './parts';
import { useOrder } from './useOrder';

export default function ReturnPage() {
  const { t } = useTranslation('shop');
  const toast = useToast();
  const navigate = useNavigate();
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(t('return.title'));
  const o = order.data;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(t('return.reasonRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestReturn(orderId, reason.trim());
      toast.show({ type: 'success', text: t('return.sent') });
      void navigate(`${SHOP}/orders/${orderId}`);
    } catch (err) {
      setError(fieldErrors(err).reason ?? errorMessage(err, t('errors.action')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ShopFrame title={t('return.title')}>
      <p>
        <Link to={`${SHOP}/orders/${orderId}`}>← {t('orders.number', { n: orderNumber(orderId) })}</Link>
      </p>
      {order.error ? (
        <LoadFailed error={order.error} onRetry={() => void order.reload()} />
      ) : !o ? (
        <Skeleton height={200} />
      ) : (
        <Card>
          <OrderStatus status={o.status} />
          {o.status === 'delivered' || o.status === 'picked_up' ? (
            <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
              <p className="muted">{t('return.how')}</p>
              <div className="field">
                <label className="field__label" htmlFor="return-reason">
                  {t('return.reason')}
                </label>
                <textarea id="return-reason" className="input textarea" rows={4} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
              </div>
              {error ? <Alert tone="error">{error}</Alert> : null}
              <Button type="submit" busy={busy}>
                {t('return.send')}
              </Button>
            </form>
          ) : (
            <Alert tone="info">{t('return.notNow')}</Alert>
          )}
        </Card>
      )}
    </ShopFrame>
  );
}
