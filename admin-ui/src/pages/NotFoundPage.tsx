import { useGo } from '@refinedev/core';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../hooks/usePageTitle';

/** The dashboard's not-found page (spec 2, fallbacks), shown inside the admin layout. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const go = useGo();
  usePageTitle(t('notFound.title'));
  return (
    <Result
      status="404"
      title={<h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{t('notFound.title')}</h1>}
      subTitle={t('notFound.text')}
      extra={
        <Button type="primary" onClick={() => go({ to: '/' })}>
          {t('notFound.backHome')}
        </Button>
      }
    />
  );
}
