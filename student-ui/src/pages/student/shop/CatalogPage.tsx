/** catalog (the category tree) and catalog/{id} (a category: its subcategories and its products). */
import { currentLocale } from '@olymp/web-common';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { getCategories, type Category } from '../../../api/shop';
import { EmptyState, Skeleton } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { SHOP, ShopFrame } from './parts';
import { ProductBrowser } from './ProductBrowser';

function Tree({ categories, parent }: { categories: Category[]; parent: string | null }) {
  const locale = currentLocale();
  const children = categories.filter((c) => c.parentId === parent).sort((a, b) => a.position - b.position);
  if (!children.length) return null;
  return (
    <ul className={parent ? 'category-tree category-tree--nested' : 'category-tree'}>
      {children.map((c) => (
        <li key={c.id}>
          <Link to={`${SHOP}/catalog/${c.id}`} className="category-tree__link">
            {pick(c.name, locale)}
          </Link>
          <Tree categories={categories} parent={c.id} />
        </li>
      ))}
    </ul>
  );
}

export default function CatalogPage() {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  const { categoryId } = useParams();
  const categories = useApi(getCategories, 'categories');
  const current = categoryId ? categories.data?.find((c) => c.id === categoryId) : undefined;
  const title = current ? pick(current.name, locale) : t('catalog.title');
  usePageTitle(title);
  const trail: Category[] = [];
  for (let c = current; c; c = categories.data?.find((x) => x.id === c?.parentId)) trail.unshift(c);

  return (
    <ShopFrame title={title}>
      {categories.error ? (
        <LoadFailed error={categories.error} onRetry={() => void categories.reload()} />
      ) : !categories.data ? (
        <Skeleton height={160} />
      ) : categoryId && !current ? (
        <EmptyState icon="🗂" title={t('catalog.missing')}>
          <Link to={`${SHOP}/catalog`}>{t('catalog.title')}</Link>
        </EmptyState>
      ) : categoryId && current ? (
        <>
          <nav aria-label={t('catalog.trail')} className="breadcrumbs">
            <Link to={`${SHOP}/catalog`}>{t('catalog.title')}</Link>
            {trail.map((c) => (
              <span key={c.id}>
                {' / '}
                {c.id === current.id ? <span aria-current="page">{pick(c.name, locale)}</span> : <Link to={`${SHOP}/catalog/${c.id}`}>{pick(c.name, locale)}</Link>}
              </span>
            ))}
          </nav>
          <Tree categories={categories.data} parent={current.id} />
          <ProductBrowser key={current.id} categoryId={current.id} />
        </>
      ) : categories.data.length === 0 ? (
        <EmptyState icon="🗂" title={t('catalog.empty')} />
      ) : (
        <Tree categories={categories.data} parent={null} />
      )}
    </ShopFrame>
  );
}
