/** HTTP contracts of chat (notifications service, docs/chat.md): groups, messages, moderation. */
import { z } from 'zod';
import { dataOf, isoInstant, localizedText } from './http';
import type { ChatGroupChange, ChatMessageView, ChatTyping } from './socket';

/** `course`: a flex course's own chat (its enrolled pupils); a live course's chats are its groups' (`course_group`). */
export const CHAT_GROUP_KINDS = ['challenge', 'training', 'event', 'course_group', 'course'] as const;
export const chatGroupKind = z.enum(CHAT_GROUP_KINDS);

/** Limits stated once (server and screens read them). */
export const CHAT_LIMITS = {
  textMax: 2000,
  /** An author may change a message's text this long after sending it. */
  editWindowMs: 5 * 60_000,
  /** Per member, across all groups: a burst of this many messages ... */
  burst: 5,
  /** ... within this window, */
  burstWindowMs: 10_000,
  /** and at most this many a minute. */
  perMinute: 20,
  pageMax: 100,
  /** A picture a member attaches: at most this many bytes before re-encoding, ... */
  imageMaxBytes: 5 * 1024 * 1024,
  /** ... stored as WebP of at most this many pixels a side, ... */
  imageMaxSide: 1600,
  /** ... and at most this many pictures a minute per member (across groups; moderators are not limited). */
  imagesPerMinute: 10,
} as const;

/** The multipart field of `POST /api/chat/groups/{id}/images`. */
export const CHAT_IMAGE_FIELD = 'image';
/** The name the chat's image route gives a stored picture (a re-encoded WebP). */
export const CHAT_IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

export const chatMessageView = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  seq: z.number().int(),
  clientId: z.string().nullable(),
  author: z.object({ key: z.string(), name: z.string().nullable(), role: z.enum(['pupil', 'teacher', 'staff']) }),
  text: z.string().nullable(),
  image: z.object({ url: z.string() }).nullable(),
  replyTo: z.object({ id: z.uuid(), seq: z.number().int(), name: z.string().nullable(), text: z.string().nullable() }).nullable(),
  pinned: z.boolean(),
  createdAt: isoInstant,
  editedAt: isoInstant.nullable(),
  deletedAt: isoInstant.nullable(),
  hiddenAt: isoInstant.nullable(),
}) satisfies z.ZodType<ChatMessageView>;

/** Staff see who wrote a message and what a hidden or deleted message said and showed. */
export const chatStaffMessageView = chatMessageView.extend({
  authorId: z.uuid().nullable(),
  originalText: z.string().nullable(),
  originalImage: z.object({ url: z.string() }).nullable(),
});
export type ChatStaffMessageView = z.output<typeof chatStaffMessageView>;

export const chatTypingView = z.object({ groupId: z.uuid(), key: z.string(), name: z.string().nullable() }) satisfies z.ZodType<ChatTyping>;
export const chatGroupChangeView = z.object({ groupId: z.uuid(), closedAt: isoInstant.nullable(), linksAllowed: z.boolean() }) satisfies z.ZodType<ChatGroupChange>;

export const chatGroupView = z.object({
  id: z.uuid(),
  kind: chatGroupKind,
  refId: z.uuid(),
  title: localizedText,
  /** The group every member of the thing is in (false: one staff made, e.g. per grade). */
  isDefault: z.boolean(),
  linksAllowed: z.boolean(),
  closedAt: isoInstant.nullable(),
  lastSeq: z.number().int(),
  members: z.number().int(),
  /** The caller's own state; null for staff who are not members. */
  me: z.object({ key: z.string(), lastReadSeq: z.number().int(), unread: z.number().int(), mutedUntil: isoInstant.nullable() }).nullable(),
  pinned: chatMessageView.nullable(),
  lastMessage: chatMessageView.nullable(),
});
export type ChatGroupView = z.output<typeof chatGroupView>;

/** `GET /api/chat/groups`: the caller's groups (newest activity first) and the badge total. */
export const chatGroupsReply = z.object({ data: z.array(chatGroupView), unreadTotal: z.number().int() });
export type ChatGroupsReply = z.output<typeof chatGroupsReply>;
export const chatGroupReply = dataOf(chatGroupView);
export type ChatGroupReply = z.output<typeof chatGroupReply>;

/** A page of history in ascending `seq`; `hasMore` says whether older (with `before`) or newer (with `after`) exist. */
export const chatMessagesReply = z.object({ data: z.array(chatMessageView), hasMore: z.boolean() });
export type ChatMessagesReply = z.output<typeof chatMessagesReply>;
export const chatStaffMessagesReply = z.object({ data: z.array(chatStaffMessageView), hasMore: z.boolean() });
export type ChatStaffMessagesReply = z.output<typeof chatStaffMessagesReply>;
export const chatMessageReply = dataOf(chatMessageView);
export type ChatMessageReply = z.output<typeof chatMessageReply>;
export const chatReadReply = dataOf(z.object({ lastReadSeq: z.number().int(), unread: z.number().int(), unreadTotal: z.number().int() }));
export type ChatReadReply = z.output<typeof chatReadReply>;
export const chatReportReply = dataOf(z.object({ id: z.uuid(), createdAt: isoInstant }));
export type ChatReportReply = z.output<typeof chatReportReply>;
/**
 * `POST /api/chat/groups/{id}/images`: a member's picture, re-encoded and kept for that group. `image` is the name a
 * message then sends; `url` reads it (members of the group only, with the token).
 */
export const chatImageView = z.object({
  image: z.string().regex(CHAT_IMAGE_NAME),
  url: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  mime: z.literal('image/webp'),
});
export type ChatImageView = z.output<typeof chatImageView>;
export const chatImageReply = dataOf(chatImageView);
export type ChatImageReply = z.output<typeof chatImageReply>;

// Inputs (strict: unknown fields are refused).
export const chatSendInput = z
  .strictObject({
    /** The client's own id for this message (retry-safe: the same id from the same author stores one message). */
    clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    text: z.string().trim().max(CHAT_LIMITS.textMax).optional(),
    /** The name `POST /api/chat/groups/{id}/images` answered the sender for this group (a re-encoded `<uuid>.webp`). */
    image: z.string().regex(CHAT_IMAGE_NAME).optional(),
    replyTo: z.uuid().optional(),
  });
export type ChatSendInput = z.output<typeof chatSendInput>;
export const chatEditInput = z.strictObject({ text: z.string().trim().min(1).max(CHAT_LIMITS.textMax) });
export const chatReadInput = z.strictObject({ seq: z.number().int().min(0) });
export const chatReportInput = z.strictObject({ reason: z.string().trim().min(1).max(500) });

// Staff.
export const chatStaffGroupView = chatGroupView.extend({ openReports: z.number().int() });
export type ChatStaffGroupView = z.output<typeof chatStaffGroupView>;
export const chatStaffGroupsReply = dataOf(z.array(chatStaffGroupView));
export type ChatStaffGroupsReply = z.output<typeof chatStaffGroupsReply>;
export const chatStaffGroupReply = dataOf(chatStaffGroupView);
export type ChatStaffGroupReply = z.output<typeof chatStaffGroupReply>;
export const chatMemberView = z.object({
  userId: z.uuid(),
  name: z.string().nullable(),
  role: z.enum(['pupil', 'teacher']),
  active: z.boolean(),
  mutedUntil: isoInstant.nullable(),
  lastReadSeq: z.number().int(),
  joinedAt: isoInstant,
});
export type ChatMemberView = z.output<typeof chatMemberView>;
export const chatMembersReply = dataOf(z.array(chatMemberView));
export type ChatMembersReply = z.output<typeof chatMembersReply>;
export const chatMemberReply = dataOf(chatMemberView);
export const chatReportView = z.object({
  id: z.uuid(),
  message: chatStaffMessageView,
  reporterName: z.string().nullable(),
  reason: z.string(),
  createdAt: isoInstant,
  resolvedAt: isoInstant.nullable(),
});
export type ChatReportView = z.output<typeof chatReportView>;
export const chatReportsReply = dataOf(z.array(chatReportView));
export type ChatReportsReply = z.output<typeof chatReportsReply>;
export const chatStaffMessageReply = dataOf(chatStaffMessageView);

export const chatStaffGroupsQuery = z.strictObject({ kind: chatGroupKind.optional(), refId: z.uuid().optional() });
const title = z.strictObject({ kk: z.string().trim().min(1).max(200), ru: z.string().trim().min(1).max(200), en: z.string().trim().min(1).max(200) });
export const chatCreateGroupInput = z.strictObject({ kind: chatGroupKind, refId: z.uuid(), title, linksAllowed: z.boolean().optional() });
export const chatUpdateGroupInput = z.strictObject({ title: title.optional(), linksAllowed: z.boolean().optional() });
export const chatMuteInput = z.strictObject({
  userId: z.uuid(),
  /** 0 lifts a mute. At most 30 days. */
  minutes: z.number().int().min(0).max(30 * 24 * 60),
});
export const chatHideInput = z.strictObject({ reason: z.string().trim().max(500).optional() });
export const chatAnnounceInput = z.strictObject({
  text: z.string().trim().min(1).max(CHAT_LIMITS.textMax),
  /** A picture the moderator uploaded to this group (`POST /api/chat/groups/{id}/images`). */
  image: z.string().regex(CHAT_IMAGE_NAME).optional(),
});
/** Staff add a member of the thing's default group to an extra group (or take one out). */
export const chatMemberInput = z.strictObject({ userId: z.uuid(), active: z.boolean() });
