/**
 * A course's page (spec 2, admin `courses/{uuid}`): the generated details, and for a flex course a chat-groups tab
 * (its own chat, kind `course`: the enrolled pupils, docs/chat.md; with `chat:group_index`). A live course's chats
 * are its groups' (each group's page). The active tab is in the URL (`?tab=`).
 */
import { useTranslation } from 'react-i18next';
import { UrlTabs } from '../../components/UrlTabs';
import { GeneratedShow } from '../../crud/GeneratedShow';
import { useAccess } from '../../hooks/useAccess';
import { ChatGroupsTab } from '../chat/ChatGroupsTab';
import type { PageProps } from '../registry';

export default function CourseShow({ id }: PageProps) {
  const { t } = useTranslation();
  const { has } = useAccess();
  return (
    <GeneratedShow
      key={id}
      resource="courses"
      id={id}
      wrap={(details, record) =>
        record.kind === 'flex' && has('chat:group_index') ? (
          <UrlTabs
            destroyOnHidden
            tabs={[
              { key: 'information', label: t('chat.tabInformation'), children: details },
              { key: 'chat-groups', label: t('chat.tabChatGroups'), children: <ChatGroupsTab kind="course" refId={id} /> },
            ]}
          />
        ) : details
      }
    />
  );
}
