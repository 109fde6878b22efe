import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME, usePageTitle } from '../hooks/usePageTitle';

export default function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('sidebar.home'));
  return (
    <Card variant="borderless">
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        {PRODUCT_NAME}
      </Typography.Title>
      <Typography.Title level={4} type="secondary" style={{ marginTop: 0 }}>
        {t('home.subtitle')}
      </Typography.Title>
      <Typography.Paragraph style={{ maxWidth: 640, marginBottom: 0 }}>{t('home.text')}</Typography.Paragraph>
    </Card>
  );
}
