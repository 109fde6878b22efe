/**
 * A course page's "students" tab (GET courses/{course}/students): the course's pupils across its groups and its
 * enrolments, by name (each opening the pupil's page for staff who read pupils), their groups, the enrolment's status,
 * tariff and period, and progress (a live course: lessons attended and homework handed in; a flex course: lessons
 * done). Searched on the server by name, a page at a time. Statuses are translated; ids are never shown.
 */
import type { CourseStudent, CourseStudentsReply } from '@olymp/proto';
import { Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../../hooks/useAccess';
import { useApi } from '../../hooks/useApi';
import { useDebouncedCallback } from '../../hooks/useDebounced';
import { useLocale } from '../../hooks/useLocale';
import { formatInstant } from '../../lib/time';

const PER_PAGE = 20;
const STATUS_COLOR = { active: 'green', pending: 'gold', lapsed: 'default' } as const;

export function CourseStudents({ courseId }: { courseId: string }) {
  const { t } = useTranslation(['courses', 'common']);
  const locale = useLocale();
  const { has } = useAccess();
  const [search, setSearch] = useState('');
  const [needle, setNeedle] = useState('');
  const [page, setPage] = useState(1);
  const applySearch = useDebouncedCallback((text: string) => {
    setNeedle(text.trim());
    setPage(1);
  });
  const list = useApi<CourseStudentsReply>(`courses/${courseId}/students`, { page, perPage: PER_PAGE, ...(needle ? { search: needle } : {}) });
  const name = (r: CourseStudent) => `${r.lastName} ${r.firstName}`.trim();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.Search
        aria-label={t('students.search')}
        placeholder={t('students.search')}
        allowClear
        value={search}
        style={{ maxWidth: 320 }}
        onChange={(e) => {
          setSearch(e.target.value);
          applySearch(e.target.value);
        }}
      />
      <Table<CourseStudent>
        data-testid="course-students"
        rowKey="userId"
        size="small"
        scroll={{ x: true }}
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        locale={{ emptyText: t('students.empty') }}
        pagination={{ current: page, pageSize: PER_PAGE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        columns={[
          { title: t('name'), key: 'name', render: (_: unknown, r) => (has('sidebar:student_index') ? <Link to={`/students/${r.userId}`}>{name(r)}</Link> : name(r)) },
          { title: t('students.group'), key: 'groups', render: (_: unknown, r) => (r.groups.length ? r.groups.map((g) => g.name).join(', ') : <Typography.Text type="secondary">{t('students.noGroup')}</Typography.Text>) },
          {
            title: t('students.enrolment'), key: 'enrolment',
            render: (_: unknown, r) => (r.enrolment
              ? <Space size={4} wrap><Tag color={STATUS_COLOR[r.enrolment.status]}>{t(`students.statuses.${r.enrolment.status}`)}</Tag>{r.enrolment.tariff[locale]}</Space>
              : <Typography.Text type="secondary">{t('students.byStaff')}</Typography.Text>),
          },
          {
            title: t('students.period'), key: 'period',
            render: (_: unknown, r) => (r.enrolment?.accessUntil ? `${formatInstant(r.enrolment.periodStart)} – ${formatInstant(r.enrolment.accessUntil)}` : ''),
          },
          {
            title: t('students.progress'), key: 'progress',
            render: (_: unknown, r) => {
              const p = r.progress;
              if (!p) return '';
              return p.kind === 'flex'
                ? t('students.flexProgress', { done: p.lessonsDone, total: p.lessonsTotal, points: p.points })
                : t('students.liveProgress', { attended: p.attended, held: p.lessonsHeld, done: p.homeworkDone, set: p.homeworkSet });
            },
          },
        ]}
      />
    </Space>
  );
}
