/** /student/chat: every chat group the pupil is in (challenges, trainings, events, course groups). */
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ChatGroupsList } from './chat/ChatGroupsList';

export default function ChatListPage() {
  const { t } = useTranslation('chat');
  usePageTitle(t('title'));
  return (
    <>
      <h1 className="page-title">{t('title')}</h1>
      <ChatGroupsList />
    </>
  );
}
