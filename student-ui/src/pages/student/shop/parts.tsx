/** What the shop's pages share: its tabs, the wallet strip, prices in each currency, product cards, statuses. */
import { currentLocale } from '@olymp/web-common';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CART_CHANGED, getWallet, type Currency, imageUrl, type ShopOrderStatus, type ShopProductCard, type Wallet } from '../../../api/shop';
import { Badge, Skeleton, Tabs, type Tone } from '../../../design';
import { formatNumber, formatTenge, pick } from '../../../lib/format';
import './shop.css';

export const SHOP = '/student/shop';

export function ShopTabs() {
  const { t } = useTranslation('shop');
  return (
    <Tabs
      label={t('nav.label')}
      tabs={[
        { to: `${SHOP}/products/home`, label: t('nav.home') },
        { to: `${SHOP}/products`, label: t('nav.products'), end: true },
        { to: `${SHOP}/catalog`, label: t('nav.catalog') },
        { to: `${SHOP}/wishlist`, label: t('nav.wishlist') },
        { to: `${SHOP}/cart`, label: t('nav.cart'), end: true },
        { to: `${SHOP}/orders`, label: t('nav.orders') },
      ]}
    />
  );
}

/** The pupil's ZP and Altyn Saqa, read again whenever the cart or an order changes. */
export function useWallet(): Wallet | undefined {
  const [wallet, setWallet] = useState<Wallet>();
  useEffect(() => {
    let alive = true;
    const load = () => {
      getWallet().then(
        (w) => alive && setWallet(w),
        () => undefined, // the strip is a hint: a failed read leaves it as it was
      );
    };
    load();
    window.addEventListener(CART_CHANGED, load);
    return () => {
      alive = false;
      window.removeEventListener(CART_CHANGED, load);
    };
  }, []);
  return wallet;
}

export function WalletStrip({ wallet }: { wallet: Wallet | undefined }) {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  return (
    <div className="shop-wallet" data-testid="shop-wallet" aria-label={t('wallet.label')}>
      <span className="shop-wallet__item">
        <span className="shop-wallet__label">{t('wallet.zp')}</span>
        <strong data-testid="wallet-zp">{wallet ? `${formatNumber(wallet.zp, locale)} ZP` : '…'}</strong>
      </span>
      <span className="shop-wallet__item">
        <span className="shop-wallet__label">{t('wallet.altynSaqa')}</span>
        <strong data-testid="wallet-altyn-saqa">{wallet ? formatNumber(wallet.altynSaqa, locale) : '…'}</strong>
      </span>
      <Link to="/student/zpoint/checkout" className="shop-wallet__link">
        {t('wallet.recharge')}
      </Link>
    </div>
  );
}

/** The shop's frame: title, wallet, tabs, then the page. */
export function ShopFrame({ title, children, actions }: { title: string; children: React.ReactNode; actions?: React.ReactNode }) {
  const wallet = useWallet();
  return (
    <div className="shop stack">
      <div className="shop__head">
        <h1 className="page-title">{title}</h1>
        {actions}
      </div>
      <WalletStrip wallet={wallet} />
      <ShopTabs />
      {children}
    </div>
  );
}

type Prices = ShopProductCard['prices'];

/** Every price a product has, ZP first (what a pupil pays with today). */
export function PriceList({ prices, quantity = 1, large }: { prices: Prices; quantity?: number; large?: boolean }) {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  const parts: { key: string; text: string }[] = [];
  if (prices.zp != null) parts.push({ key: 'zp', text: `${formatNumber(prices.zp * quantity, locale)} ZP` });
  if (prices.altynSaqa != null) parts.push({ key: 'as', text: t('price.altynSaqa', { amount: formatNumber(prices.altynSaqa * quantity, locale) }) });
  if (prices.tenge != null) parts.push({ key: 'kzt', text: formatTenge(prices.tenge * quantity, locale) });
  return (
    <span className={large ? 'price price--large' : 'price'}>
      {parts.map((p, i) => (
        <span key={p.key} className={i === 0 ? 'price__main' : 'price__other'} data-currency={p.key}>
          {p.text}
        </span>
      ))}
    </span>
  );
}

export function ProductImage({ image, alt, className }: { image: string | null | undefined; alt: string; className?: string }) {
  return image ? (
    <img className={['product-image', className].filter(Boolean).join(' ')} src={imageUrl(image)} alt={alt} loading="lazy" />
  ) : (
    <span className={['product-image product-image--empty', className].filter(Boolean).join(' ')} role="img" aria-label={alt}>
      <svg viewBox="0 0 24 24" width="40%" height="40%" aria-hidden="true" focusable="false">
        <path d="M4 9h16v11H4zM3 6h18v3H3zM12 6v14M12 6c-1.5-3-5-3-5-1s3 1 5 1c2 0 5 1 5-1s-3.5-2-5 1" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

export function ProductCard({ product }: { product: ShopProductCard }) {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  const name = pick(product.name, locale);
  return (
    <Link to={`${SHOP}/products/${product.id}`} className="product-card" data-testid="product-card">
      <ProductImage image={product.images[0]} alt={name} className="product-card__image" />
      <span className="product-card__name">{name}</span>
      <PriceList prices={product.prices} />
      {product.inStock ? <span className="product-card__stock">{t('stock.left', { n: product.stock })}</span> : <Badge tone="neutral">{t('stock.out')}</Badge>}
    </Link>
  );
}

export function ProductGrid({ products }: { products: ShopProductCard[] }) {
  return (
    <ul className="product-grid">
      {products.map((p) => (
        <li key={p.id}>
          <ProductCard product={p} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useTranslation('shop');
  return (
    <div className="product-grid" role="status" aria-busy="true" data-testid="products-loading">
      <span className="visually-hidden">{t('loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="product-card product-card--skeleton">
          <Skeleton height={140} />
          <Skeleton height={18} width="80%" />
          <Skeleton height={18} width="40%" />
        </div>
      ))}
    </div>
  );
}

const STATUS_TONE: Record<ShopOrderStatus, Tone> = {
  awaiting_payment: 'info',
  paid: 'success',
  processing: 'info',
  shipped: 'info',
  delivered: 'success',
  ready_for_pickup: 'success',
  picked_up: 'success',
  cancelled: 'neutral',
  return_requested: 'info',
  returned: 'neutral',
  return_refused: 'danger',
};

export function OrderStatus({ status }: { status: ShopOrderStatus }) {
  const { t } = useTranslation('shop');
  return (
    <span data-testid="order-status" data-status={status}>
      <Badge tone={STATUS_TONE[status]}>{t(`status.${status}`)}</Badge>
    </span>
  );
}

/** A short order number for people (the first block of its uuid), never the whole id. */
export function orderNumber(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** A rating of 1-5 as stars, read out as words ("4 of 5"). */
export function Stars({ value }: { value: number }) {
  const { t } = useTranslation('shop');
  const full = Math.round(value);
  return (
    <span className="stars" role="img" aria-label={t('reviews.outOf', { value })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= full ? 'stars__star stars__star--on' : 'stars__star'}>
          ★
        </span>
      ))}
    </span>
  );
}

/** An amount in the order's currency: "300 ZP", "14 Altyn Saqa", "900 ₸". */
export function amountIn(amount: number, currency: Currency, locale: ReturnType<typeof currentLocale>): string {
  if (currency === 'tenge') return formatTenge(amount, locale);
  return `${formatNumber(amount, locale)} ${currency === 'zp' ? 'ZP' : 'Altyn Saqa'}`;
}
