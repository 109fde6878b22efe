/**
 * The sidebar's "Mini Course" (spec 2 names it and nothing more): the short courses a pupil takes alone, at their own
 * pace and without a group or a teacher, which the catalogue calls `self-study` (the store's self-study tab). The
 * generated courses list narrowed to that kind: each opens the course's page (details, tariffs); a new one is made
 * with the courses' form, kind "self-study". docs/learning.md, "Courses".
 */
import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GeneratedList } from '../../crud/GeneratedList';
import { usePageTitle } from '../../hooks/usePageTitle';

const SELF_STUDY = [{ field: 'kind', operator: 'eq' as const, value: 'self-study' }];

export default function MiniCourses() {
  const { t } = useTranslation(['common', 'courses']);
  usePageTitle(t('common:sidebar.miniCourses'));
  return (
    <Card title={<Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>{t('common:sidebar.miniCourses')}</Typography.Title>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t('courses:miniCoursesHint')}</Typography.Paragraph>
        <GeneratedList embedded resource="courses" permanentFilters={SELF_STUDY} />
      </Space>
    </Card>
  );
}
