/**
 * /student/store/courses/:courseId/checkout/:invoiceId: pays a course invoice's tenge through the payment provider.
 * With the sandbox provider (development) its page is played here by two buttons; a real provider's page opens in
 * its place. Once finance's `invoice.paid` reached learning, the pupil's standing turns active and the page says so.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import type { InvoiceProviderPaymentReply } from '@olymp/proto';
import { getInvoice } from '../../../api/finance';
import { getStanding, sandboxInvoicePayment, startInvoicePayment } from '../../../api/store';
import { useUser } from '../../../auth/AuthProvider';
import { errorMessage } from '../../../auth/otp';
import { Alert, Badge, Button, ButtonLink, Card, Skeleton, Spinner } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { formatTenge, pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';

type Payment = InvoiceProviderPaymentReply['data'];

export default function CourseCheckoutPage() {
  const { t } = useTranslation('store');
  usePageTitle(t('checkout.title'));
  const { courseId = '', invoiceId = '' } = useParams();
  const user = useUser();
  const locale = currentLocale();
  const invoice = useApi(() => getInvoice(invoiceId), invoiceId);
  const [payment, setPayment] = useState<Payment | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const paid = invoice.data?.status === 'paid';
  const standing = useApi(paid ? () => getStanding(user.uuid, courseId) : null, `${courseId}:${paid}`);
  const enrolled = standing.data?.enrolment?.status === 'active' && standing.data.enrolment.pendingInvoiceId !== invoiceId;

  // invoice.paid travels finance -> NATS -> learning: ask again until the enrolment shows (at most a minute).
  useEffect(() => {
    if (!paid || enrolled) return;
    const timer = setInterval(() => void standing.reload(), 700);
    const stop = setTimeout(() => clearInterval(timer), 60_000);
    return () => {
      clearInterval(timer);
      clearTimeout(stop);
    };
  }, [paid, enrolled, standing]);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
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
  const sandbox = payment?.checkoutUrl?.includes('/sandbox-complete');
  return (
    <>
      <h1 className="page-title">{t('checkout.title')}</h1>
      <Card title={pick(inv.title, locale)}>
        {paid ? <Badge tone="success">{t('checkout.paidStatus')}</Badge> : null}
        <dl className="facts-list">
          <dt>{t('checkout.amount')}</dt>
          <dd data-testid="checkout-amount">{formatTenge(inv.tengeDue || inv.amountTenge, locale)}</dd>
        </dl>
        {inv.status === 'pending' && !payment ? (
          <Button busy={busy} block onClick={() => void run(async () => setPayment(await startInvoicePayment(inv.id)))}>
            {t('checkout.pay', { price: formatTenge(inv.tengeDue || inv.amountTenge, locale) })}
          </Button>
        ) : null}
        {inv.status === 'pending' && payment?.status === 'pending' && sandbox ? (
          <div className="stack">
            <Alert tone="info">{t('checkout.sandbox')}</Alert>
            <div className="cluster">
              <Button busy={busy} onClick={() => void run(async () => setPayment((await sandboxInvoicePayment(inv.id, 'succeeded')).data))}>{t('checkout.sandboxPay')}</Button>
              <Button variant="outline" disabled={busy} onClick={() => void run(async () => setPayment((await sandboxInvoicePayment(inv.id, 'failed')).data))}>{t('checkout.sandboxFail')}</Button>
            </div>
          </div>
        ) : null}
        {inv.status === 'pending' && payment?.status === 'pending' && !sandbox && payment.checkoutUrl ? (
          <a className="button button--primary" href={payment.checkoutUrl}>{t('checkout.toProvider')}</a>
        ) : null}
        {payment?.status === 'failed' && inv.status === 'pending' ? <Alert tone="error">{t('errors.pay')}</Alert> : null}
        {paid && !enrolled ? <Spinner label={t('checkout.waiting')} /> : null}
        {paid && enrolled ? (
          <div className="stack">
            <Alert tone="success">
              <span data-testid="checkout-done">
                {standing.data?.enrolment?.group ? t('checkout.done', { group: standing.data.enrolment.group.name }) : t('checkout.noGroup')}
              </span>
            </Alert>
            <ButtonLink to="/student/courses" block>{t('course.toCourses')}</ButtonLink>
          </div>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </Card>
    </>
  );
}
