/**
 * /student/chat/:groupId, one conversation, phone first: the pinned announcement, the history (older pages on
 * demand), live messages, edits, deletes and typing over the shared socket, and a composer that sends with a
 * client id (a retried send is stored once). On every (re)connect the page asks for what came after the newest
 * message it holds (`chat:join` with `after`), so nothing sent while the phone was offline is lost. Links stay text
 * unless staff allowed them in the group; names are the public "Aigerim S." form. A picture is attached by uploading
 * it to the group first (the server re-encodes it), previewed, then sent by its name with the text.
 */
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import {
  CHAT_IMAGE_MAX_BYTES,
  CHAT_IMAGE_TYPES,
  type ChatGroupView,
  type ChatMessageView,
  chatChanged,
  deleteChatMessage,
  editChatMessage,
  getChatGroup,
  getChatMessages,
  markChatRead,
  newClientId,
  reportChatMessage,
  sendChatMessage,
  uploadChatImage,
} from '../../api/chat';
import { errorMessage } from '../../auth/otp';
import { Alert, Button, Skeleton } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime, pick } from '../../lib/format';
import { ChatImage } from './chat/ChatImage';

const EDIT_WINDOW_MS = 5 * 60_000;
const URL_RE = /(https?:\/\/[^\s<>"]+)/g;

function merge(list: ChatMessageView[], more: ChatMessageView[]): ChatMessageView[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

function Text({ text, links }: { text: string; links: boolean }) {
  if (!links) return <>{text}</>;
  const parts: ReactNode[] = text.split(URL_RE).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} target="_blank" rel="noopener noreferrer nofollow ugc">
        {part}
      </a>
    ) : (
      part
    ),
  );
  return <>{parts}</>;
}

type Mode = { kind: 'new' } | { kind: 'reply'; to: ChatMessageView } | { kind: 'edit'; message: ChatMessageView };

export default function ChatPage() {
  const { groupId = '' } = useParams();
  const { t } = useTranslation('chat');
  const locale = currentLocale();
  const [group, setGroup] = useState<ChatGroupView>();
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadError, setLoadError] = useState<unknown>();
  const [sendError, setSendError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [mode, setMode] = useState<Mode>({ kind: 'new' });
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [reporting, setReporting] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [typing, setTyping] = useState<{ name: string | null; until: number } | null>(null);
  const [attachment, setAttachment] = useState<{ image: string; preview: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const pendingId = useRef<string | null>(null);
  const lastSeq = useRef(0);
  const readSeq = useRef(0);
  const bottom = useRef<HTMLDivElement>(null);
  const socketRef = useRef<{ emit: (groupId: string) => void } | null>(null);
  usePageTitle(group ? pick(group.title, locale) : t('title'));

  const take = useCallback((more: ChatMessageView[]) => {
    if (!more.length) return;
    for (const m of more) lastSeq.current = Math.max(lastSeq.current, m.seq);
    setMessages((list) => merge(list, more));
  }, []);

  const markRead = useCallback(() => {
    if (lastSeq.current <= readSeq.current || document.visibilityState === 'hidden') return;
    readSeq.current = lastSeq.current;
    markChatRead(groupId, lastSeq.current).then(() => chatChanged(), () => undefined);
  }, [groupId]);

  // The group and its newest page.
  useEffect(() => {
    let alive = true;
    setMessages([]);
    lastSeq.current = 0;
    readSeq.current = 0;
    Promise.all([getChatGroup(groupId), getChatMessages(groupId)]).then(
      ([g, page]) => {
        if (!alive) return;
        setGroup(g.data);
        setHasOlder(page.hasMore);
        take(page.data);
        markRead();
      },
      (err: unknown) => alive && setLoadError(err),
    );
    return () => {
      alive = false;
    };
  }, [groupId, take, markRead]);

  // Live: the shared socket; (re)joining asks for what came after the newest message held.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../../realtime/socket').then(({ acquireSharedConnection }) => {
      if (cancelled) return;
      const { connection, release } = acquireSharedConnection();
      const socket = connection.socket;
      const join = () => {
        socket.emit('chat:join', { groupId, after: lastSeq.current }, (ack) => {
          if (ack.ok) {
            take(ack.messages);
            markRead();
          }
        });
      };
      const onMessage = (m: ChatMessageView) => {
        if (m.groupId !== groupId) return;
        take([m]);
        markRead();
      };
      const onUpdated = (m: ChatMessageView) => {
        if (m.groupId === groupId) setMessages((list) => (list.some((x) => x.id === m.id) ? merge(list, [m]) : list));
      };
      const onTyping = (x: { groupId: string; key: string; name: string | null }) => {
        if (x.groupId === groupId) setTyping({ name: x.name, until: Date.now() + 3000 });
      };
      const onGroup = (x: { groupId: string; closedAt: string | null; linksAllowed: boolean }) => {
        if (x.groupId === groupId) setGroup((g) => (g ? { ...g, closedAt: x.closedAt, linksAllowed: x.linksAllowed } : g));
      };
      socket.on('connect', join);
      socket.on('chat:message', onMessage);
      socket.on('chat:updated', onUpdated);
      socket.on('chat:typing', onTyping);
      socket.on('chat:group', onGroup);
      if (socket.connected) join();
      let typedAt = 0;
      socketRef.current = {
        emit: (id) => {
          // The server takes one a 2 s per socket and group; more would only be dropped there.
          if (Date.now() - typedAt < 2000) return;
          typedAt = Date.now();
          socket.emit('chat:typing', { groupId: id });
        },
      };
      stop = () => {
        socket.off('connect', join);
        socket.off('chat:message', onMessage);
        socket.off('chat:updated', onUpdated);
        socket.off('chat:typing', onTyping);
        socket.off('chat:group', onGroup);
        socketRef.current = null;
        release();
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [groupId, take, markRead]);

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), Math.max(0, typing.until - Date.now()));
    return () => clearTimeout(timer);
  }, [typing]);

  const older = async () => {
    const first = messages[0];
    if (!first) return;
    try {
      const page = await getChatMessages(groupId, { before: first.seq });
      setHasOlder(page.hasMore);
      take(page.data);
    } catch (err) {
      setLoadError(err);
    }
  };

  const dropAttachment = () => {
    setAttachment((a) => {
      if (a) URL.revokeObjectURL(a.preview);
      return null;
    });
    pendingId.current = null;
  };

  // The preview's object URL is released when the page goes.
  const previewRef = useRef<string | null>(null);
  previewRef.current = attachment?.preview ?? null;
  useEffect(() => () => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
  }, []);

  const attach = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    setSendError(null);
    // The server decides by the bytes; these checks only spare a phone a useless upload.
    if (!CHAT_IMAGE_TYPES.includes(file.type)) return setSendError(t('imageType'));
    if (file.size > CHAT_IMAGE_MAX_BYTES) return setSendError(t('imageTooLarge', { mb: CHAT_IMAGE_MAX_BYTES / 1024 / 1024 }));
    setUploading(true);
    try {
      const { data } = await uploadChatImage(groupId, file);
      dropAttachment();
      setAttachment({ image: data.image, preview: URL.createObjectURL(file) });
    } catch (err) {
      setSendError(errorMessage(err, t('imageFailed')));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    const image = mode.kind === 'edit' ? undefined : attachment?.image;
    if ((!body && !image) || busy || uploading) return;
    setBusy(true);
    setSendError(null);
    try {
      if (mode.kind === 'edit') {
        take([(await editChatMessage(mode.message.id, body)).data]);
      } else {
        pendingId.current ??= newClientId();
        const sent = await sendChatMessage(groupId, {
          clientId: pendingId.current,
          ...(body ? { text: body } : {}),
          ...(image ? { image } : {}),
          ...(mode.kind === 'reply' ? { replyTo: mode.to.id } : {}),
        });
        take([sent.data]);
        dropAttachment();
        readSeq.current = Math.max(readSeq.current, sent.data.seq);
      }
      setText('');
      setMode({ kind: 'new' });
    } catch (err) {
      // The text and its client id are kept: sending again stores the message once.
      setSendError(errorMessage(err, t('sendFailed')));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (m: ChatMessageView) => {
    setOpen(null);
    try {
      take([(await deleteChatMessage(m.id)).data]);
    } catch (err) {
      setSendError(errorMessage(err, t('sendFailed')));
    }
  };

  const report = async (e: FormEvent, m: ChatMessageView) => {
    e.preventDefault();
    if (!reason.trim()) return;
    try {
      await reportChatMessage(m.id, reason.trim());
      setNotice(t('reported'));
      setReporting(null);
      setReason('');
    } catch (err) {
      setSendError(errorMessage(err, t('sendFailed')));
    }
  };

  if (loadError && !group) {
    return (
      <>
        <Link to="/student/chat" className="chat__back">
          ← {t('back')}
        </Link>
        <Alert tone="error">{errorMessage(loadError, t('loadFailed'))}</Alert>
      </>
    );
  }
  if (!group) return <Skeleton height={240} />;

  const me = group.me?.key;
  const mutedUntil = group.me?.mutedUntil && new Date(group.me.mutedUntil).getTime() > Date.now() ? group.me.mutedUntil : null;
  const canWrite = !group.closedAt && !mutedUntil;

  return (
    <section className="chat" aria-label={pick(group.title, locale)}>
      <header className="chat__header">
        <Link to="/student/chat" className="chat__back" aria-label={t('back')}>
          ←
        </Link>
        <div>
          <h1 className="chat__title">{pick(group.title, locale)}</h1>
          <p className="muted chat__sub">{typing ? t('typing', { name: typing.name ?? t('someone') }) : t('members', { n: group.members })}</p>
        </div>
      </header>
      {group.pinned && !group.pinned.hiddenAt ? (
        <aside className="chat__pinned" aria-label={t('pinned')}>
          <strong>📌 {t('pinned')}</strong>
          {group.pinned.image ? <ChatImage url={group.pinned.image.url} /> : null}
          {group.pinned.text ? <p>{group.pinned.text}</p> : null}
        </aside>
      ) : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <ol className="chat__messages" aria-label={t('messages')} aria-live="polite">
        {hasOlder ? (
          <li className="chat__older">
            <Button variant="ghost" small onClick={() => void older()}>
              {t('older')}
            </Button>
          </li>
        ) : null}
        {messages.length === 0 ? <li className="muted chat__empty">{t('noMessages')}</li> : null}
        {messages.map((m) => {
          const mine = m.author.key === me;
          const gone = m.deletedAt !== null || m.hiddenAt !== null;
          const editable = mine && !gone && Date.now() - new Date(m.createdAt).getTime() < EDIT_WINDOW_MS;
          return (
            <li key={m.id} className={`chat-msg${mine ? ' chat-msg--mine' : ''}${m.pinned ? ' chat-msg--pinned' : ''}`} data-seq={m.seq} data-message-id={m.id}>
              <div className="chat-msg__bubble">
                {mine ? null : <span className="chat-msg__author">{m.author.name ?? t('staff')}</span>}
                {m.replyTo ? (
                  <blockquote className="chat-msg__quote">
                    <span>{m.replyTo.name ?? t('staff')}</span> {m.replyTo.text ?? t('deleted')}
                  </blockquote>
                ) : null}
                {m.hiddenAt ? (
                  <em className="muted">{t('hidden')}</em>
                ) : m.deletedAt ? (
                  <em className="muted">{t('deleted')}</em>
                ) : (
                  <>
                    {m.image ? <ChatImage url={m.image.url} /> : null}
                    {m.text ? (
                      <p className="chat-msg__text">
                        <Text text={m.text} links={group.linksAllowed} />
                      </p>
                    ) : null}
                  </>
                )}
                <span className="chat-msg__meta">
                  <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, locale)}</time>
                  {m.editedAt && !gone ? ` · ${t('edited')}` : null}
                </span>
              </div>
              {gone || !group.me ? null : (
                <div className="chat-msg__tools">
                  <button type="button" className="chat-msg__more" aria-label={t('actions')} aria-expanded={open === m.id} onClick={() => setOpen(open === m.id ? null : m.id)}>
                    ⋯
                  </button>
                  {open === m.id ? (
                    <div className="chat-msg__actions">
                      {canWrite ? (
                        <Button variant="ghost" small onClick={() => (setMode({ kind: 'reply', to: m }), setOpen(null))}>
                          {t('reply')}
                        </Button>
                      ) : null}
                      {editable && canWrite ? (
                        <Button variant="ghost" small onClick={() => (setMode({ kind: 'edit', message: m }), setText(m.text ?? ''), setOpen(null))}>
                          {t('edit')}
                        </Button>
                      ) : null}
                      {mine ? (
                        <Button variant="ghost" small onClick={() => void remove(m)}>
                          {t('delete')}
                        </Button>
                      ) : (
                        <Button variant="ghost" small onClick={() => (setReporting(m.id), setOpen(null))}>
                          {t('report')}
                        </Button>
                      )}
                    </div>
                  ) : null}
                  {reporting === m.id ? (
                    <form className="chat-msg__report" onSubmit={(e) => void report(e, m)}>
                      <label>
                        {t('reportReason')}
                        <input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
                      </label>
                      <Button type="submit" small>
                        {t('reportSend')}
                      </Button>
                      <Button variant="ghost" small onClick={() => setReporting(null)}>
                        {t('cancel')}
                      </Button>
                    </form>
                  ) : null}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <div ref={bottom} />
      {sendError ? <Alert tone="error">{sendError}</Alert> : null}
      {group.closedAt ? <Alert tone="info">{t('closed')}</Alert> : null}
      {mutedUntil ? <Alert tone="warning">{t('muted', { time: formatDateTime(mutedUntil, locale) })}</Alert> : null}
      {canWrite && group.me ? (
        <form className="chat__composer" onSubmit={(e) => void submit(e)}>
          {mode.kind !== 'new' ? (
            <p className="chat__mode">
              {mode.kind === 'reply' ? t('replyingTo', { name: mode.to.author.name ?? t('staff') }) : t('editing')}{' '}
              <Button variant="ghost" small onClick={() => (setMode({ kind: 'new' }), mode.kind === 'edit' && setText(''))}>
                {t('cancel')}
              </Button>
            </p>
          ) : null}
          {attachment ? (
            <div className="chat__attachment">
              <img src={attachment.preview} alt={t('imageAttached')} />
              <Button variant="ghost" small onClick={dropAttachment}>
                {t('imageRemove')}
              </Button>
            </div>
          ) : null}
          <div className="chat__row">
            {mode.kind === 'edit' ? null : (
              <>
                <input
                  ref={fileInput}
                  type="file"
                  accept={CHAT_IMAGE_TYPES.join(',')}
                  className="visually-hidden"
                  // The visible button opens it; the input itself stays out of the tab order and the accessibility tree.
                  tabIndex={-1}
                  aria-hidden="true"
                  onChange={(e) => void attach(e.target.files?.[0])}
                />
                <Button variant="ghost" className="chat__attach" aria-label={t('attach')} title={t('attach')} busy={uploading} onClick={() => fileInput.current?.click()}>
                  📎
                </Button>
              </>
            )}
            <textarea
              className="chat__input"
              aria-label={t('placeholder')}
              placeholder={t('placeholder')}
              rows={1}
              maxLength={2000}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                socketRef.current?.emit(groupId);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
            />
            <Button type="submit" busy={busy} disabled={uploading || (!text.trim() && !(attachment && mode.kind !== 'edit'))}>
              {mode.kind === 'edit' ? t('save') : t('send')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
