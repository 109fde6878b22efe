import { useGo } from '@refinedev/core';
import { Button, Layout, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../hooks/usePageTitle';

/**
 * The dashboard's not-found page (spec 2, fallbacks), shown inside the admin layout; `standalone` (for a student
 * under /admin, spec 6) shows it without the staff sidebar.
 */
export default function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const go = useGo();
  usePageTitle(t('notFound.title'));
  const result = (
    <Result
      status="404"
      title={<h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{t('notFound.title')}</h1>}
      subTitle={t('notFound.text')}
      extra={
        standalone ? (
          <Button type="primary" href="/">
            {t('notFound.backHome')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => go({ to: '/' })}>
            {t('notFound.backHome')}
          </Button>
        )
      }
    />
  );
  return standalone ? <Layout style={{ minHeight: '100vh', justifyContent: 'center' }}>{result}</Layout> : result;
}
