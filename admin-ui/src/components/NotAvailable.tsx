import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** A tab or page whose API the backend does not have yet (named in the admin UI's report). */
export function NotAvailable() {
  const { t } = useTranslation();
  return <Empty description={`${t('common.notAvailable')}. ${t('common.notAvailableText')}`} />;
}
