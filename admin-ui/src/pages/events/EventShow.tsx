/**
 * An event's page (spec 2, admin `events/{uuid}`): the tabs information (the generated details, with edit and
 * delete as for any resource) and chat-groups (the event's chat: its pupils, reports and moderation, docs/chat.md),
 * the latter only with `chat:group_index`. The active tab is in the URL (`?tab=`).
 */
import { useTranslation } from 'react-i18next';
import { UrlTabs } from '../../components/UrlTabs';
import { GeneratedShow } from '../../crud/GeneratedShow';
import { useAccess } from '../../hooks/useAccess';
import { ChatGroupsTab } from '../chat/ChatGroupsTab';
import type { PageProps } from '../registry';

export default function EventShow({ id }: PageProps) {
  const { t } = useTranslation();
  const { has } = useAccess();
  return (
    <GeneratedShow
      key={id}
      resource="events"
      id={id}
      wrap={(details) => (
        <UrlTabs
          destroyOnHidden
          tabs={[
            { key: 'information', label: t('chat.tabInformation'), children: details },
            ...(has('chat:group_index') ? [{ key: 'chat-groups', label: t('chat.tabChatGroups'), children: <ChatGroupsTab kind="event" refId={id} /> }] : []),
          ]}
        />
      )}
    />
  );
}
