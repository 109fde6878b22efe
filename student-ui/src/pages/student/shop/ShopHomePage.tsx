/** products/home: the slides staff set, the categories, and what is new and popular. */
import { currentLocale } from '@olymp/web-common';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getCategories, getProducts, getSliders, imageUrl } from '../../../api/shop';
import { EmptyState, Skeleton } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { ProductGrid, ProductGridSkeleton, SHOP, ShopFrame } from './parts';

function Shelf({ title, sort, more }: { title: string; sort: 'newest' | 'popular'; more: string }) {
  const { t } = useTranslation('shop');
  const products = useApi(() => getProducts({ sort, limit: 8 }), sort);
  return (
    <section className="shop-shelf" aria-label={title}>
      <div className="shop-shelf__head">
        <h2 className="section-title">{title}</h2>
        <Link to={more}>{t('home.all')}</Link>
      </div>
      {products.error ? (
        <LoadFailed error={products.error} onRetry={() => void products.reload()} />
      ) : !products.data ? (
        <ProductGridSkeleton count={4} />
      ) : products.data.data.length === 0 ? (
        <EmptyState icon="🛍" title={t('products.empty')} />
      ) : (
        <ProductGrid products={products.data.data} />
      )}
    </section>
  );
}

export default function ShopHomePage() {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  usePageTitle(t('home.title'));
  const slides = useApi(getSliders, 'slides');
  const categories = useApi(getCategories, 'categories');
  const roots = (categories.data ?? []).filter((c) => c.parentId === null);
  return (
    <ShopFrame title={t('home.title')}>
      {slides.error ? null : !slides.data ? (
        <Skeleton height={160} />
      ) : slides.data.length ? (
        <div className="shop-slider" role="region" aria-roledescription="carousel" aria-label={t('home.slides')} tabIndex={0}>
          {slides.data.map((s) => {
            const title = pick(s.title, locale);
            const body = (
              <>
                <img src={imageUrl(s.image)} alt="" />
                <span className="shop-slide__title">{title}</span>
              </>
            );
            return s.link ? (
              <Link key={s.id} to={s.link} className="shop-slide">
                {body}
              </Link>
            ) : (
              <div key={s.id} className="shop-slide">
                {body}
              </div>
            );
          })}
        </div>
      ) : null}
      <section aria-label={t('home.categories')}>
        <h2 className="section-title">{t('home.categories')}</h2>
        {categories.error ? (
          <LoadFailed error={categories.error} onRetry={() => void categories.reload()} />
        ) : !categories.data ? (
          <Skeleton height={44} />
        ) : (
          <ul className="chip-list">
            {roots.map((c) => (
              <li key={c.id}>
                <Link className="chip" to={`${SHOP}/catalog/${c.id}`}>
                  {pick(c.name, locale)}
                </Link>
              </li>
            ))}
            <li>
              <Link className="chip chip--outline" to={`${SHOP}/catalog`}>
                {t('home.allCategories')}
              </Link>
            </li>
          </ul>
        )}
      </section>
      <Shelf title={t('home.new')} sort="newest" more={`${SHOP}/products?sort=newest`} />
      <Shelf title={t('home.popular')} sort="popular" more={`${SHOP}/products?sort=popular`} />
    </ShopFrame>
  );
}
