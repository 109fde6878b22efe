/**
 * orders/{uuid}/feedback: a star rating and a few words for each product of a received order, once per product
 * (the shop refuses a second review and one before the handover); a product already reviewed shows the review.
 */
import { currentLocale } from '@olymp/web-common';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { getOrderFeedback, sendFeedback, type FeedbackLine } from '../../../api/shop';
import { errorMessage } from '../../../auth/otp';
import { Alert, Button, Card, Skeleton } from '../../../design';
import { useToast } from '../../../design/toasts';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { SHOP, ShopFrame, Stars, orderNumber } from './parts';

function ReviewForm({ orderId, line, onSent }: { orderId: string; line: FeedbackLine; onSent: () => void }) {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  const toast = useToast();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = pick(line.name, locale);
  const id = `review-${line.productId}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1) {
      setError(t('feedback.ratingRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await sendFeedback(orderId, { productId: line.productId, rating, text: text.trim() });
      toast.show({ type: 'success', text: t('feedback.sent', { name }) });
      onSent();
    } catch (err) {
      setError(errorMessage(err, t('errors.action')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="stack" onSubmit={(e) => void submit(e)} noValidate aria-label={t('feedback.formFor', { name })}>
      <fieldset className="rating-input">
        <legend className="field__label">{t('feedback.rating')}</legend>
        <div className="cluster">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={n <= rating ? 'rating-input__star rating-input__star--on' : 'rating-input__star'}>
              <input type="radio" name={`${id}-rating`} value={n} checked={rating === n} onChange={() => setRating(n)} aria-label={t('feedback.stars', { count: n })} />
              <span aria-hidden="true">★</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-text`}>
          {t('feedback.text')}
        </label>
        <textarea id={`${id}-text`} className="input textarea" rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" busy={busy}>
        {t('feedback.send')}
      </Button>
    </form>
  );
}

export default function FeedbackPage() {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  const { orderId = '' } = useParams();
  const lines = useApi(() => getOrderFeedback(orderId), orderId);
  usePageTitle(t('feedback.title'));

  return (
    <ShopFrame title={t('feedback.title')}>
      <p>
        <Link to={`${SHOP}/orders/${orderId}`}>← {t('orders.number', { n: orderNumber(orderId) })}</Link>
      </p>
      {lines.error ? (
        <LoadFailed error={lines.error} onRetry={() => void lines.reload()} />
      ) : !lines.data ? (
        <div className="stack" role="status" aria-busy="true" data-testid="page-skeleton">
          <Skeleton height={160} />
        </div>
      ) : (
        <div className="stack">
          {lines.data.map((line) => (
            <Card key={line.productId} title={pick(line.name, locale)}>
              <div className="stack" data-testid="feedback-line">
                {line.review ? (
                  <div className="stack" data-testid="my-review">
                    <Stars value={line.review.rating} />
                    {line.review.text ? <p>{line.review.text}</p> : null}
                    <p className="muted">{t('feedback.done')}</p>
                  </div>
                ) : line.canReview ? (
                  <ReviewForm orderId={orderId} line={line} onSent={() => void lines.reload()} />
                ) : (
                  <Alert tone="info">{t('feedback.notNow')}</Alert>
                )}
                <Link to={`${SHOP}/products/${line.productId}`}>{t('feedback.toProduct')}</Link>
              </div>
            </Card>
          ))}
        </div>
      )}
    </ShopFrame>
  );
}
