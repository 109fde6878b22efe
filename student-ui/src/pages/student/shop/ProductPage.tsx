/** products/{uuid}: the gallery, every price, what is left, the description and specs; into the cart or the wishlist. */
import { currentLocale } from '@olymp/web-common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { addToCart, addToWishlist, getProduct, getProductReviews, imageUrl } from '../../../api/shop';
import { errorMessage } from '../../../auth/otp';
import { Alert, Badge, Button, ButtonLink, Skeleton } from '../../../design';
import { useToast } from '../../../design/toasts';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { formatDateTime, formatNumber, formatTenge, pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { ProductImage, SHOP, ShopFrame, Stars } from './parts';

/** The product's visible reviews with their average and count (authors as "Aigerim S."). */
function Reviews({ productId }: { productId: string }) {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  const reviews = useApi(() => getProductReviews(productId), `reviews:${productId}`);
  const r = reviews.data;
  return (
    <section aria-label={t('reviews.title')} data-testid="product-reviews">
      <h2 className="section-title">{t('reviews.title')}</h2>
      {reviews.error ? (
        <LoadFailed error={reviews.error} onRetry={() => void reviews.reload()} />
      ) : !r ? (
        <Skeleton height={60} />
      ) : r.count === 0 || r.average == null ? (
        <p className="muted" data-testid="reviews-summary">{t('reviews.none')}</p>
      ) : (
        <div className="stack">
          <p className="review-summary" data-testid="reviews-summary">
            <Stars value={r.average} />
            <strong data-testid="reviews-average">{formatNumber(r.average, locale)}</strong>
            <span className="muted" data-testid="reviews-count">{t('reviews.count', { count: r.count })}</span>
          </p>
          <ul className="review-list">
            {r.data.map((review) => (
              <li key={review.id} data-testid="review">
                <div className="cluster cluster--between">
                  <strong>{review.author}</strong>
                  <span className="muted">{formatDateTime(review.createdAt, locale)}</span>
                </div>
                <Stars value={review.rating} />
                {review.text ? <p>{review.text}</p> : null}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export default function ProductPage() {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  const toast = useToast();
  const { productId = '' } = useParams();
  const product = useApi(() => getProduct(productId), productId);
  const [shown, setShown] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState<'cart' | 'wish' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const p = product.data;
  const name = p ? pick(p.name, locale) : '';
  usePageTitle(name || t('product.title'));

  const act = async (kind: 'cart' | 'wish') => {
    if (!p) return;
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'cart') {
        await addToCart(p.id, quantity);
        setAdded(true);
        toast.show({ type: 'success', text: t('product.added', { name }) });
      } else {
        await addToWishlist(p.id);
        toast.show({ type: 'success', text: t('product.wished', { name }) });
      }
    } catch (err) {
      setError(errorMessage(err, t('errors.action')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <ShopFrame title={name || t('product.title')}>
      <p>
        <Link to={`${SHOP}/products`}>← {t('nav.products')}</Link>
      </p>
      {product.error ? (
        <LoadFailed error={product.error} onRetry={() => void product.reload()} />
      ) : !p ? (
        <div className="product-detail" role="status" aria-busy="true" data-testid="page-skeleton">
          <Skeleton height={300} />
          <div className="stack">
            <Skeleton height={28} width="70%" />
            <Skeleton height={24} width="40%" />
            <Skeleton height={120} />
          </div>
        </div>
      ) : (
        <div className="product-detail">
          <div className="gallery">
            <ProductImage image={p.images[shown] ?? p.images[0]} alt={name} className="gallery__main" />
            {p.images.length > 1 ? (
              <ul className="gallery__thumbs" aria-label={t('product.gallery')}>
                {p.images.map((img, i) => (
                  <li key={img}>
                    <button type="button" className="gallery__thumb" aria-pressed={i === shown} aria-label={t('product.photo', { n: i + 1 })} onClick={() => setShown(i)}>
                      <img src={imageUrl(img)} alt="" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <div className="stack">
            <dl className="product-prices" data-testid="product-prices">
              {p.prices.zp != null ? (
                <div>
                  <dt>{t('currency.zp')}</dt>
                  <dd>{formatNumber(p.prices.zp, locale)} ZP</dd>
                </div>
              ) : null}
              {p.prices.altynSaqa != null ? (
                <div>
                  <dt>{t('currency.altyn_saqa')}</dt>
                  <dd>{formatNumber(p.prices.altynSaqa, locale)}</dd>
                </div>
              ) : null}
              {p.prices.tenge != null ? (
                <div>
                  <dt>{t('currency.tenge')}</dt>
                  <dd>{formatTenge(p.prices.tenge, locale)}</dd>
                </div>
              ) : null}
            </dl>
            <p data-testid="product-stock">{p.inStock ? <Badge tone="success">{t('stock.left', { n: p.stock })}</Badge> : <Badge tone="neutral">{t('stock.out')}</Badge>}</p>
            {p.inStock ? (
              <div className="cluster">
                <div className="stepper" role="group" aria-label={t('cart.quantity')}>
                  <button type="button" className="stepper__button" aria-label={t('cart.less')} disabled={quantity <= 1} onClick={() => setQuantity((q) => q - 1)}>
                    −
                  </button>
                  <output className="stepper__value" aria-live="polite">
                    {quantity}
                  </output>
                  <button type="button" className="stepper__button" aria-label={t('cart.more')} disabled={quantity >= Math.min(99, p.stock)} onClick={() => setQuantity((q) => q + 1)}>
                    +
                  </button>
                </div>
                <Button busy={busy === 'cart'} disabled={busy !== null} onClick={() => void act('cart')}>
                  {t('product.addToCart')}
                </Button>
              </div>
            ) : null}
            <div className="cluster">
              <Button variant="outline" busy={busy === 'wish'} disabled={busy !== null} onClick={() => void act('wish')}>
                ♡ {t('product.addToWishlist')}
              </Button>
              {added ? (
                <ButtonLink to={`${SHOP}/cart`} variant="secondary">
                  {t('product.goToCart')}
                </ButtonLink>
              ) : null}
            </div>
            {error ? <Alert tone="error">{error}</Alert> : null}
            {pick(p.description, locale) ? <p className="product-description">{pick(p.description, locale)}</p> : null}
            {p.specs.length ? (
              <section aria-label={t('product.specs')}>
                <h2 className="section-title">{t('product.specs')}</h2>
                <dl className="facts-list" data-testid="product-specs">
                  {p.specs.map((s) => (
                    <div key={s.id} className="spec-row">
                      <dt>{pick(s.key, locale)}</dt>
                      <dd>{pick(s.value, locale)}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ) : null}
            <Reviews productId={p.id} />
          </div>
        </div>
      )}
    </ShopFrame>
  );
}
