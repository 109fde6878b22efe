/**
 * Paying a tenge order: first, if the pupil wishes, part of the price in ZP at the rate finance states (`use-zp`, once
 * per order; the split is shown before anything is paid), then the rest by card through the payment provider. With
 * the sandbox provider (development) the provider's page is played by two buttons, as for ZP recharges.
 */
import { currentLocale } from '@olymp/web-common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sandboxCardComplete, startCardPayment, type CardPayment } from '../../../api/finance';
import { applyZpToOrder, getOrderPayment } from '../../../api/shop';
import { errorMessage } from '../../../auth/otp';
import { Alert, Button, Skeleton, TextField } from '../../../design';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { formatNumber, formatTenge } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { zpSplit } from './payment-split';

export function TengePayment({ orderId, invoiceId, onPaid }: { orderId: string; invoiceId: string | null; onPaid: () => void }) {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  const summary = useApi(() => getOrderPayment(orderId), `tenge-payment:${orderId}`);
  const [zpText, setZpText] = useState('0');
  const [card, setCard] = useState<CardPayment | null>(null);
  const [busy, setBusy] = useState<'pay' | 'sandbox' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const s = summary.data;

  if (summary.error) return <LoadFailed error={summary.error} onRetry={() => void summary.reload()} />;
  if (!s) return <Skeleton height={160} />;
  const offersZp = s.methods.includes('use_zp') && s.maxZp > 0;
  const wanted = offersZp ? Number(zpText || '0') : 0;
  const split = zpSplit(s.tengeDue ?? 0, s.zpRateTenge, wanted);
  const tooMuch = wanted > s.maxZp;

  const pay = async () => {
    if (!invoiceId || tooMuch) return;
    setBusy('pay');
    setError(null);
    try {
      let due = s.tengeDue ?? 0;
      if (split.zp > 0) {
        const after = await applyZpToOrder(orderId, split.zp);
        due = after.tengeDue ?? 0;
        if (due === 0) {
          onPaid();
          return;
        }
      }
      if (due > 0) setCard(await startCardPayment(invoiceId));
    } catch (err) {
      setError(errorMessage(err, t('errors.pay')));
    } finally {
      setBusy(null);
      void summary.reload();
    }
  };

  const sandbox = async (outcome: 'succeeded' | 'failed') => {
    if (!invoiceId) return;
    setBusy('sandbox');
    setError(null);
    try {
      const answer = await sandboxCardComplete(invoiceId, outcome);
      if (answer.data.status === 'succeeded') onPaid();
      else {
        setCard(null);
        setError(t('payment.cardFailed'));
        void summary.reload();
      }
    } catch (err) {
      setError(errorMessage(err, t('errors.pay')));
    } finally {
      setBusy(null);
    }
  };

  const onSandbox = card?.status === 'pending' && card.checkoutUrl?.includes('/sandbox-complete');
  return (
    <div className="stack" data-testid="tenge-payment">
      <p className="muted" data-testid="payment-rate">
        {t('payment.rate', { rate: formatTenge(s.zpRateTenge, locale) })}
      </p>
      {s.zpApplied > 0 ? <p data-testid="payment-zp-applied">{t('payment.zpApplied', { zp: formatNumber(s.zpApplied, locale) })}</p> : null}
      {offersZp && !card ? (
        <TextField
          label={t('payment.useZp', { max: formatNumber(s.maxZp, locale) })}
          hint={t('payment.balance', { balance: formatNumber(s.balances.zp, locale) })}
          inputMode="numeric"
          value={zpText}
          onChange={(e) => setZpText(e.target.value.replace(/\D/g, '').slice(0, 9))}
          error={tooMuch ? t('payment.zpTooMuch', { max: formatNumber(s.maxZp, locale) }) : undefined}
        />
      ) : null}
      <dl className="facts-list payment-split" data-testid="payment-split">
        {split.zp > 0 ? (
          <div className="spec-row">
            <dt>{t('payment.splitZp', { zp: formatNumber(split.zp, locale) })}</dt>
            <dd data-testid="split-zp">−{formatTenge(split.coveredTenge, locale)}</dd>
          </div>
        ) : null}
        <div className="spec-row">
          <dt>{t('payment.splitCard')}</dt>
          <dd data-testid="split-card">{formatTenge(split.cardTenge, locale)}</dd>
        </div>
      </dl>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {!card ? (
        <Button busy={busy === 'pay'} disabled={busy !== null || tooMuch || !invoiceId} onClick={() => void pay()}>
          {split.cardTenge > 0 ? t('payment.payCard', { amount: formatTenge(split.cardTenge, locale) }) : t('payment.payZp', { amount: formatNumber(split.zp, locale) })}
        </Button>
      ) : onSandbox ? (
        <div className="stack" data-testid="card-sandbox">
          <Alert tone="info">{t('payment.sandbox')}</Alert>
          <div className="cluster">
            <Button busy={busy === 'sandbox'} disabled={busy !== null} onClick={() => void sandbox('succeeded')}>
              {t('payment.sandboxPay')}
            </Button>
            <Button variant="outline" disabled={busy !== null} onClick={() => void sandbox('failed')}>
              {t('payment.sandboxFail')}
            </Button>
          </div>
        </div>
      ) : card.checkoutUrl ? (
        <a className="button button--primary" href={card.checkoutUrl}>
          {t('payment.toProvider')}
        </a>
      ) : null}
    </div>
  );
}
