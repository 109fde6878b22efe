/**
 * A pupil on an order or a prize as staff read them: full name, then grade and school; "pupil not found" when auth no
 * longer knows the id (the staff views' `customer` / `winner`).
 */
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShopOrder } from '@olymp/proto';
import { useLocale } from '../../hooks/useLocale';

export type StaffPupil = NonNullable<ShopOrder['customer']>;

export function PupilCell({ pupil }: { pupil: StaffPupil | null | undefined }) {
  const { t } = useTranslation('shop');
  const locale = useLocale();
  if (!pupil) return <Typography.Text type="secondary">{t('claimed.unknownPupil')}</Typography.Text>;
  const about = [pupil.grade !== null ? t('claimed.grade', { grade: pupil.grade }) : null, pupil.school?.[locale] || pupil.school?.kk].filter(Boolean).join(' · ');
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>{`${pupil.firstName} ${pupil.lastName}`.trim()}</Typography.Text>
      {about ? <Typography.Text type="secondary">{about}</Typography.Text> : null}
    </Space>
  );
}
