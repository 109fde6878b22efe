/**
 * A flex course's group-chat tab (docs/chat.md): the course's own chat (kind `course`: its enrolled pupils, from
 * learning's membership facts on payment and on the end of access) and the chats of the pupil's groups of this
 * course, if staff put them on one. A pupil in none (not enrolled) is told so.
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
  const mine = new Set(groups.data.data.filter((g) => g.course.id === courseId).map((g) => g.id));
  return (
    <ChatGroupsList
      only={(g) => (g.kind === 'course' && g.refId === courseId) || (g.kind === 'course_group' && mine.has(g.refId))}
      empty={<EmptyState icon="💬" title={t('noCourseGroup')}>{t('noCourseGroupText')}</EmptyState>}
    />
  );
}
