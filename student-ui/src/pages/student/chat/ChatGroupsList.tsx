/**
 * A pupil's chat groups as cards (title in the reader's language, unread count, the last message), each opening
 * its conversation. Used by /student/chat and by the chat tabs of a challenge, a training or a course group (filtered
 * to that thing).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { type ChatGroupView, getChatGroups } from '../../../api/chat';
import { errorMessage } from '../../../auth/otp';
import { Alert, Badge, Button, EmptyState, Skeleton } from '../../../design';
import { pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';

function lastLine(g: ChatGroupView, t: (k: string) => string): string {
  const m = g.lastMessage;
  if (!m) return t('noMessages');
  if (m.hiddenAt) return t('hidden');
  if (m.deletedAt) return t('deleted');
  const who = m.author.key === g.me?.key ? t('you') : (m.author.name ?? t('staff'));
  return `${who}: ${m.text ?? t('image')}`;
}

/** `only` narrows the list on the page (several things at once: a flex course's chat and its groups'); `empty` replaces the empty state. */
export function ChatGroupsList({ kind, refId, only, empty }: { kind?: string; refId?: string; only?: (g: ChatGroupView) => boolean; empty?: ReactNode }) {
  const { t } = useTranslation('chat');
  const locale = currentLocale();
  const { data, error, reload } = useApi(() => getChatGroups({ kind, refId }), `chat-groups:${kind ?? ''}:${refId ?? ''}`);
  if (error) {
    return (
      <Alert tone="error">
        {errorMessage(error, t('loadFailed'))}{' '}
        <Button variant="ghost" small onClick={() => void reload()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  if (!data) return <Skeleton height={120} />;
  const groups = only ? data.data.filter(only) : data.data;
  if (groups.length === 0) return <>{empty ?? <EmptyState icon="💬" title={t('empty')}>{t('emptyText')}</EmptyState>}</>;
  return (
    <ul className="stack chat-groups">
      {groups.map((g) => (
        <li key={g.id}>
          <Link to={`/student/chat/${g.id}`} className="card card--link chat-group" data-chat-group={g.id}>
            <span className="chat-group__head">
              <span className="card__title chat-group__title">{pick(g.title, locale)}</span>
              {g.me && g.me.unread > 0 ? <Badge tone="info">{t('unread', { n: g.me.unread })}</Badge> : null}
            </span>
            <span className="muted chat-group__last">{lastLine(g, t)}</span>
            <span className="muted chat-group__members">{t('members', { n: g.members })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
