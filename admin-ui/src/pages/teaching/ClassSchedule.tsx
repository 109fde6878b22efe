/**
 * The class schedule (spec 2, sidebar "Class Schedule"): every group's lessons of an Almaty week as a week calendar,
 * Monday to Sunday, filtered by teacher and by group (`GET class-schedule`, `sidebar:group_index`). Teachers by
 * name; cancelled and held lessons tagged. On a phone the days stack; on a desktop they stand side by side.
 */
import type { ClassScheduleReply, ScheduleLesson } from '@olymp/proto';
import { Button, Card, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';

const NS = ['teaching', 'common'] as const;
const DAY_MS = 86_400_000;
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Almaty' });
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export default function ClassSchedule() {
  const { t } = useTranslation(NS);
  const locale = useLocale();
  usePageTitle(t('common:sidebar.classSchedule'));
  const [week, setWeek] = useState(today);
  const [teacherId, setTeacherId] = useState<string>();
  const [groupId, setGroupId] = useState<string>();
  const schedule = useApi<ClassScheduleReply>('class-schedule', { week, ...(teacherId ? { teacherId } : {}), ...(groupId ? { groupId } : {}) });
  const data = schedule.data;
  const days = data ? Array.from({ length: 7 }, (_, i) => shift(data.from, i)) : [];
  return (
    <Card title={<Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>{t('common:sidebar.classSchedule')}</Typography.Title>}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <Button onClick={() => setWeek(shift(data?.from ?? week, -7))}>{t('previousWeek')}</Button>
          <Button onClick={() => setWeek(today())}>{t('thisWeek')}</Button>
          <Button onClick={() => setWeek(shift(data?.from ?? week, 7))}>{t('nextWeek')}</Button>
          {data ? <Typography.Text data-testid="schedule-range">{`${data.from} — ${data.to}`}</Typography.Text> : null}
        </Space>
        <Space wrap>
          <Select
            allowClear
            aria-label={t('teacher')}
            placeholder={t('allTeachers')}
            style={{ width: 260, maxWidth: '100%' }}
            value={teacherId}
            onChange={setTeacherId}
            options={(data?.teachers ?? []).map((x) => ({ value: x.userId, label: x.name }))}
          />
          <Select
            allowClear
            aria-label={t('group')}
            placeholder={t('allGroups')}
            style={{ width: 260, maxWidth: '100%' }}
            value={groupId}
            onChange={setGroupId}
            options={(data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        </Space>
        <div className="week-calendar" data-testid="week-calendar" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 8 }}>
          {days.map((day, i) => {
            const lessons = (data?.data ?? []).filter((l) => l.day === day);
            return (
              <section key={day} data-testid="schedule-day" aria-label={`${t(`weekdays.${i + 1}`)} ${day}`} style={{ minWidth: 0, border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
                <Typography.Text strong>{t(`weekdays.${i + 1}`)}</Typography.Text> <Typography.Text type="secondary">{day.slice(5)}</Typography.Text>
                {lessons.length === 0 ? <div><Typography.Text type="secondary">{t('noLessons')}</Typography.Text></div> : null}
                {lessons.map((l) => <LessonCard key={l.id} lesson={l} locale={locale} />)}
              </section>
            );
          })}
        </div>
      </Space>
    </Card>
  );
}

function LessonCard({ lesson: l, locale }: { lesson: ScheduleLesson; locale: 'kk' | 'ru' | 'en' }) {
  const { t } = useTranslation(NS);
  return (
    <div data-testid="schedule-lesson" style={{ marginTop: 8, padding: 6, background: l.cancelled ? '#fff1f0' : '#f6ffed', borderRadius: 4, overflowWrap: 'anywhere' }}>
      <div><Typography.Text strong>{l.startsAtAlmaty.slice(11)}</Typography.Text> {l.title[locale]}</div>
      <div><Typography.Text type="secondary">{l.groupName} · {l.course[locale]}</Typography.Text></div>
      <div>{l.teachers.map((x) => x.name).join(', ') || t('noTeacher')}</div>
      {l.cancelled ? <Tag color="red">{t('states.cancelled')}</Tag> : l.held ? <Tag color="green">{t('states.held')}</Tag> : null}
    </div>
  );
}
