/**
 * /student/zpoint/recharges/:id/payment: starts the provider payment. With the sandbox provider (development) the
 * provider's page is played here by two buttons; a real provider's checkout page opens in its place.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { getRecharge, sandboxComplete, startRechargePayment, type Recharge } from '../../api/finance';
import { errorMessage } from '../../auth/otp';
import { Alert, Badge, Button, ButtonLink, Card, Skeleton } from '../../design';
import { useToast } from '../../design/toasts';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatTenge } from '../../lib/format';
import { useApi } from '../../lib/useApi';

export default function RechargePaymentPage() {
  const { t } = useTranslation('finances');
  usePageTitle(t('zp.payment'));
  const { rechargeId = '' } = useParams();
  const locale = currentLocale();
  const toast = useToast();
  const recharge = useApi(() => getRecharge(rechargeId), rechargeId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      await recharge.reload();
    } catch (err) {
      setError(errorMessage(err, t('errors.pay')));
    } finally {
      setBusy(false);
    }
  };
  const r: Recharge | undefined = recharge.data;
  if (recharge.error) return <Alert tone="error">{errorMessage(recharge.error, t('errors.load'))}</Alert>;
  if (!r) return <Skeleton height={200} />;
  const sandbox = r.checkoutUrl?.includes('/sandbox-complete');
  return (
    <Card title={t('zp.payment')}>
      <p>
        {r.amountZp} ZP · {formatTenge(r.priceTenge, locale)}
      </p>
      <Badge tone={r.status === 'completed' ? 'success' : r.status === 'failed' ? 'danger' : 'default'}>{t(`zp.status.${r.status}`)}</Badge>
      {r.status === 'created' ? (
        <Button busy={busy} onClick={() => void run(() => startRechargePayment(r.id))}>
          {t('zp.pay')}
        </Button>
      ) : null}
      {r.status === 'pending' && sandbox ? (
        <div className="stack">
          <Alert tone="info">{t('zp.sandbox')}</Alert>
          <div className="cluster">
            <Button busy={busy} onClick={() => void run(async () => toast.show({ type: 'success', text: (await sandboxComplete(r.id, 'succeeded')).message }))}>
              {t('zp.sandboxPay')}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => void run(() => sandboxComplete(r.id, 'failed'))}>
              {t('zp.sandboxFail')}
            </Button>
          </div>
        </div>
      ) : null}
      {r.status === 'pending' && !sandbox && r.checkoutUrl ? (
        <a className="button button--primary" href={r.checkoutUrl}>
          {t('zp.toProvider')}
        </a>
      ) : null}
      {r.status === 'completed' ? <ButtonLink to="/student/zpoint">{t('zp.title')}</ButtonLink> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </Card>
  );
}
