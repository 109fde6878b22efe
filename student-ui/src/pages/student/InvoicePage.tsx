/** An invoice: what it is for, its status, and paying it with ZP from the wallet (or recharging first). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { cancelInvoice, getInvoice, getPayable, payWithZp } from '../../api/finance';
import { errorMessage } from '../../auth/otp';
import { Alert, Button, ButtonLink, Card, Skeleton } from '../../design';
import { useToast } from '../../design/toasts';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime, formatTenge, pick } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { InvoiceStatus } from './parts/InvoiceStatus';

export default function InvoicePage() {
  const { t } = useTranslation('finances');
  const { invoiceId = '' } = useParams();
  const locale = currentLocale();
  const toast = useToast();
  const invoice = useApi(() => getInvoice(invoiceId), invoiceId);
  const payable = useApi(() => getPayable(invoiceId), `${invoiceId}:${invoice.data?.status ?? ''}`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(t('invoice.title'));
  const act = async (action: () => Promise<{ message: string }>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await action();
      toast.show({ type: 'success', text: answer.message });
      await invoice.reload();
    } catch (err) {
      setError(errorMessage(err, t('errors.pay')));
    } finally {
      setBusy(false);
    }
  };
  if (invoice.error) return <Alert tone="error">{errorMessage(invoice.error, t('errors.load'))}</Alert>;
  const inv = invoice.data;
  if (!inv) return <Skeleton height={200} />;
  return (
    <>
      <p>
        <Link to="/student/my-invoices">← {t('invoices.title')}</Link>
      </p>
      <Card title={pick(inv.title, locale)}>
        <InvoiceStatus status={inv.status} />
        <dl className="facts-list">
          <dt>{t('invoices.amount')}</dt>
          <dd>
            {formatTenge(inv.amountTenge, locale)} / {inv.amountZp} ZP
          </dd>
          <dt>{t('invoices.date')}</dt>
          <dd>{formatDateTime(inv.createdAt, locale)}</dd>
          {inv.paidAt ? (
            <>
              <dt>{t('invoice.paidAt')}</dt>
              <dd>{formatDateTime(inv.paidAt, locale)}</dd>
            </>
          ) : null}
        </dl>
        {inv.status === 'pending' ? (
          <>
            {payable.data ? (
              <p className="muted">{t('invoice.balance', { balance: payable.data.balanceZp, amount: payable.data.amountZp })}</p>
            ) : null}
            {payable.data && !payable.data.payable && payable.data.message ? <Alert tone="warning">{payable.data.message}</Alert> : null}
            <div className="cluster">
              <Button busy={busy} disabled={!payable.data?.payable} onClick={() => void act(() => payWithZp(inv.id))}>
                {t('invoice.payZp', { amount: inv.amountZp })}
              </Button>
              {payable.data && !payable.data.payable ? (
                <ButtonLink to="/student/zpoint/checkout" variant="outline">
                  {t('zp.recharge')}
                </ButtonLink>
              ) : null}
              <Button variant="outline" disabled={busy} onClick={() => void act(() => cancelInvoice(inv.id))}>
                {t('invoice.cancel')}
              </Button>
            </div>
          </>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </Card>
    </>
  );
}
