/**
 * /student/store/:tab: the course store (spec section 2) with the tabs live, flex, self-study, offline and training;
 * each card shows the lowest tariff price and leads to the course's details (a training to its own page).
 */
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { STORE_TABS, type StoreTab, getStore } from '../../../api/store';
import { errorMessage } from '../../../auth/otp';
import { Alert, Button, ButtonLink, Card, EmptyState, Skeleton, Tabs } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { formatTenge, pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import './store.css';

export default function StorePage() {
  const { t } = useTranslation('store');
  usePageTitle(t('title'));
  const { tab = 'live' } = useParams();
  const known = (STORE_TABS as readonly string[]).includes(tab);
  const list = useApi(known ? () => getStore(tab as StoreTab) : null, tab);
  const locale = currentLocale();
  if (!known) return <Navigate to="/student/store/live" replace />;
  return (
    <>
      <h1 className="page-title">{t('title')}</h1>
      <Tabs label={t('title')} tabs={STORE_TABS.map((k) => ({ to: `/student/store/${k}`, label: t(`tabs.${k}`) }))} />
      {list.error ? (
        <Alert tone="error">
          {errorMessage(list.error, t('errors.load'))} <Button small variant="outline" onClick={() => void list.reload()}>{t('retry')}</Button>
        </Alert>
      ) : !list.data ? (
        <Skeleton height={160} />
      ) : !list.data.data.length ? (
        <EmptyState icon="🛒" title={t('empty')} />
      ) : (
        <div className="store-grid">
          {list.data.data.map((c) => (
            <Card key={c.id} title={pick(c.title, locale)} headingLevel={2}>
              <div data-testid="store-card" className="stack">
                {c.imageUrl ? <img className="store-card__image" src={c.imageUrl} alt="" loading="lazy" /> : null}
                <p className="store-card__text">{pick(c.description, locale)}</p>
                {c.teachers.length ? <p className="muted">{t('card.teachers', { names: c.teachers.join(', ') })}</p> : null}
                <p className="store-card__price" data-testid="store-price">
                  {c.priceTenge > 0 ? t('card.from', { price: formatTenge(c.priceTenge, locale) }) : `${c.priceZp} ZP`}
                  {c.periodMonths ? ` · ${t('card.per', { count: c.periodMonths })}` : ''}
                </p>
                <ButtonLink to={c.kind === 'training' ? `/student/training/${c.id}` : `/student/store/courses/${c.id}`} block>
                  {t('card.more')}
                </ButtonLink>
              </div>
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
