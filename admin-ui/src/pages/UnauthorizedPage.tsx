import { useGo } from '@refinedev/core';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../hooks/usePageTitle';

/** Spec 2 fallbacks: a signed-in user lacking a page's permission key lands here. */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const go = useGo();
  usePageTitle(t('unauthorized.title'));
  return (
    <Result
      status="403"
      title={<h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{t('unauthorized.title')}</h1>}
      subTitle={t('unauthorized.text')}
      extra={
        <Button type="primary" onClick={() => go({ to: '/' })}>
          {t('notFound.backHome')}
        </Button>
      }
    />
  );
}
