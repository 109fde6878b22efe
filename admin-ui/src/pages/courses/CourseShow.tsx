/**
 * A course's page (spec 2, admin `courses/{uuid}`): the generated details, then what the course is made of, each tab
 * the generated list of that resource narrowed to the course: a live course's programme (modules), its groups (each
 * opening the group's page: pupils, teachers, timetable, attendance, homework) and its tariffs; a flex course's
 * chapters and tariffs, and its own chat (kind `course`: the enrolled pupils, docs/chat.md; with `chat:group_index`);
 * every kind its students (CourseStudents.tsx: pupils across its groups and enrolments).
 * A tab shows only with the key that reads its resource. The active tab is in the URL (`?tab=`).
 */
import { useTranslation } from 'react-i18next';
import { UrlTabs } from '../../components/UrlTabs';
import { GeneratedList } from '../../crud/GeneratedList';
import { GeneratedShow } from '../../crud/GeneratedShow';
import { useAccess } from '../../hooks/useAccess';
import { ChatGroupsTab } from '../chat/ChatGroupsTab';
import type { PageProps } from '../registry';
import { CourseStudents } from './CourseStudents';

export default function CourseShow({ id }: PageProps) {
  const { t } = useTranslation(['courses', 'common']);
  const { has } = useAccess();
  const narrowed = [{ field: 'courseId', operator: 'eq' as const, value: id }];
  const list = (resource: string) => <GeneratedList embedded resource={resource} permanentFilters={narrowed} />;
  return (
    <GeneratedShow
      key={id}
      resource="courses"
      id={id}
      wrap={(details, record) => {
        const flex = record.kind === 'flex';
        const tabs = [
          { key: 'information', label: t('common:chat.tabInformation'), children: details, shown: true },
          { key: 'modules', label: t('tabs.modules'), children: list('modules'), shown: !flex && has('sidebar:course_index') },
          { key: 'groups', label: t('tabs.groups'), children: list('groups'), shown: !flex && has('sidebar:group_index') },
          { key: 'chapters', label: t('tabs.chapters'), children: list('flex-chapters'), shown: flex && has('sidebar:course_index') },
          { key: 'tariffs', label: t('tabs.tariffs'), children: list('tariffs'), shown: has('sidebar:course_index') },
          // Its pupils across groups and enrolments (any kind of course): the route takes both read keys.
          { key: 'students', label: t('tabs.students'), children: <CourseStudents courseId={id} />, shown: has('sidebar:course_index', 'sidebar:group_index') },
          { key: 'chat-groups', label: t('common:chat.tabChatGroups'), children: <ChatGroupsTab kind="course" refId={id} />, shown: flex && has('chat:group_index') },
        ].filter((tab) => tab.shown);
        return <UrlTabs destroyOnHidden tabs={tabs.map(({ shown: _, ...tab }) => tab)} />;
      }}
    />
  );
}
