/**
 * The catalogue with search, filters, sort and pages (products, and catalog/{id} with its category fixed). Every
 * choice lives in the address, so a filtered list can be shared and the back button undoes a change; the search box
 * waits for a pause in typing before it asks the server.
 */
import { currentLocale } from '@olymp/web-common';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getCategories, getProducts, type Category, type Currency, type ProductQuery, type Sort } from '../../../api/shop';
import { Button, Checkbox, EmptyState, SelectField, TextField } from '../../../design';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { ProductGrid, ProductGridSkeleton } from './parts';

const CURRENCIES: Currency[] = ['zp', 'altyn_saqa', 'tenge'];
const SORTS: Sort[] = ['newest', 'popular', 'price_asc', 'price_desc'];
const PAGE_SIZE = 12;
export const SEARCH_DELAY_MS = 350;

/** Categories in tree order with their depth, for an indented picker. */
export function flattenTree(categories: Category[]): { category: Category; depth: number }[] {
  const out: { category: Category; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const c of categories.filter((x) => x.parentId === parent).sort((a, b) => a.position - b.position)) {
      out.push({ category: c, depth });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

function int(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function ProductBrowser({ categoryId }: { categoryId?: string }) {
  const { t } = useTranslation('shop');
  const locale = currentLocale();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  // On a phone the filters fold away under the search box (open when the address already sets some); wider screens show them.
  const [filtersOpen, setFiltersOpen] = useState(
    () => ['category', 'currency', 'min', 'max', 'inStock', 'sort'].some((k) => params.has(k)) || window.matchMedia('(min-width: 900px)').matches,
  );
  const currency = (CURRENCIES as string[]).includes(params.get('currency') ?? '') ? (params.get('currency') as Currency) : undefined;
  const sortParam = (SORTS as string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as Sort) : 'newest';
  const sort: Sort = !currency && sortParam.startsWith('price') ? 'newest' : sortParam;
  const query: ProductQuery = {
    q: q || undefined,
    categoryId: categoryId ?? params.get('category') ?? undefined,
    currency,
    minPrice: currency ? int(params.get('min')) : undefined,
    maxPrice: currency ? int(params.get('max')) : undefined,
    inStock: params.get('inStock') === '1' || undefined,
    sort,
    page: Math.max(1, int(params.get('page')) ?? 1),
    limit: PAGE_SIZE,
  };
  const key = JSON.stringify(query);
  const products = useApi(() => getProducts(query), key);
  const categories = useApi(categoryId ? null : getCategories, 'categories');
  const tree = useMemo(() => flattenTree(categories.data ?? []), [categories.data]);

  const update = (changes: Record<string, string | undefined>, keepPage = false) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, v);
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: !keepPage },
    );
  };

  // The search asks once typing pauses, not at every key.
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => update({ q: typed.trim() || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, q]);

  const total = products.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = query.page ?? 1;
  const filtered = Boolean(q || currency || query.inStock || (!categoryId && params.get('category')));

  return (
    <div className="stack">
      <form className="shop-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="shop-filters__search">
          <TextField label={t('filters.search')} type="search" value={typed} placeholder={t('filters.searchPlaceholder')} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <details className="shop-filters__more" open={filtersOpen} onToggle={(e) => setFiltersOpen(e.currentTarget.open)}>
          <summary className="shop-filters__toggle">{t('filters.toggle')}</summary>
          <div className="shop-filters__grid">
        {categoryId ? null : (
          <SelectField label={t('filters.category')} value={params.get('category') ?? ''} onChange={(e) => update({ category: e.target.value || undefined })}>
            <option value="">{t('filters.allCategories')}</option>
            {tree.map(({ category, depth }) => (
              <option key={category.id} value={category.id}>
                {`${'\u00a0\u00a0'.repeat(depth)}${pick(category.name, locale)}`}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          label={t('filters.currency')}
          value={currency ?? ''}
          onChange={(e) => update({ currency: e.target.value || undefined, ...(e.target.value ? {} : { min: undefined, max: undefined, sort: sort.startsWith('price') ? undefined : params.get('sort') ?? undefined }) })}
        >
          <option value="">{t('filters.anyCurrency')}</option>
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {t(`currency.${c}`)}
            </option>
          ))}
        </SelectField>
        <div className="shop-filters__range">
          <TextField
            label={t('filters.min')}
            type="number"
            inputMode="numeric"
            min={0}
            disabled={!currency}
            value={params.get('min') ?? ''}
            onChange={(e) => update({ min: e.target.value || undefined })}
          />
          <TextField
            label={t('filters.max')}
            type="number"
            inputMode="numeric"
            min={0}
            disabled={!currency}
            value={params.get('max') ?? ''}
            onChange={(e) => update({ max: e.target.value || undefined })}
          />
        </div>
        <SelectField label={t('filters.sort')} value={sort} onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value })}>
          {SORTS.map((s) => (
            <option key={s} value={s} disabled={!currency && s.startsWith('price')}>
              {t(`sort.${s}`)}
            </option>
          ))}
        </SelectField>
        <Checkbox label={t('filters.inStock')} checked={Boolean(query.inStock)} onChange={(e) => update({ inStock: e.target.checked ? '1' : undefined })} />
        {!currency ? <p className="field__hint shop-filters__hint">{t('filters.currencyHint')}</p> : null}
          </div>
        </details>
      </form>
      <p className="muted" aria-live="polite" data-testid="products-total">
        {products.data ? t('products.found', { count: total }) : '\u00a0'}
      </p>
      {products.error ? (
        <LoadFailed error={products.error} onRetry={() => void products.reload()} />
      ) : !products.data ? (
        <ProductGridSkeleton />
      ) : products.data.data.length === 0 ? (
        <EmptyState icon="🔍" title={filtered ? t('products.nothing') : t('products.empty')}>
          {filtered ? (
            <Button variant="outline" onClick={() => { setTyped(''); setParams(new URLSearchParams()); }}>
              {t('filters.reset')}
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <div className={products.loading ? 'shop-results shop-results--busy' : 'shop-results'} aria-busy={products.loading}>
          <ProductGrid products={products.data.data} />
        </div>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label={t('pager.label')}>
          <Button variant="outline" small disabled={page <= 1} onClick={() => update({ page: String(page - 1) }, true)}>
            ← {t('pager.prev')}
          </Button>
          <span>{t('pager.of', { page, pages })}</span>
          <Button variant="outline" small disabled={page >= pages} onClick={() => update({ page: String(page + 1) }, true)}>
            {t('pager.next')} →
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
