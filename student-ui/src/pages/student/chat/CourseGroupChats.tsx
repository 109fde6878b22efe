/**
 * The chats of the pupil's groups of one course (a flex course's group-chat tab, docs/chat.md): each group's chat is
 * made by learning's membership facts when staff (or a paid enrolment) put the pupil on the group. A pupil on no
 * group of the course is told so: a flex course has no course-wide chat.
 */
import { useTranslation } from 'react-i18next';
import { getMyGroups } from '../../../api/courses';
import { errorMessage } from '../../../auth/otp';
import { Alert, EmptyState, Skeleton } from '../../../design';
import { useApi } from '../../../lib/useApi';
import { ChatGroupsList } from './ChatGroupsList';

export function CourseGroupChats({ courseId }: { courseId: string }) {
  const { t } = useTranslation('chat');
  const groups = useApi(getMyGroups, 'my-groups');
  if (groups.error) return <Alert tone="error">{errorMessage(groups.error, t('loadFailed'))}</Alert>;
  if (!groups.data) return <Skeleton height={120} />;
  const mine = groups.data.data.filter((g) => g.course.id === courseId);
  if (!mine.length) return <EmptyState icon="💬" title={t('noCourseGroup')}>{t('noCourseGroupText')}</EmptyState>;
  return (
    <div className="stack">
      {mine.map((g) => <ChatGroupsList key={g.id} kind="course_group" refId={g.id} />)}
    </div>
  );
}
