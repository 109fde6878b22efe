import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ChatGroupKind } from '@olymp/proto';

const bigintNumber = { to: (v: number) => v, from: (v: string | number) => Number(v) };

/**
 * A chat group of a challenge, a training, an event or a course group (`kind` + `refId`). Each thing has one
 * default group (every member of the thing is in it, from `learning.membership.changed`); staff may add more
 * (e.g. one per grade) with members chosen from the default group. `lastSeq` numbers the group's messages: it is
 * raised in the message's own transaction, so seqs are gapless and ordered by commit.
 */
@Entity({ name: 'chat_groups' })
@Index('IDX_chat_groups_ref', ['kind', 'refId'])
@Index('UQ_chat_groups_default', { synchronize: false })
export class ChatGroup {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_chat_groups' })
  id!: string;

  @Column({ type: 'varchar', length: 12 })
  kind!: ChatGroupKind;

  @Column({ name: 'ref_id', type: 'uuid' })
  refId!: string;

  @Column({ name: 'is_default', type: 'boolean' })
  isDefault!: boolean;

  @Column({ type: 'jsonb' })
  title!: { kk: string; ru: string; en: string };

  @Column({ name: 'links_allowed', type: 'boolean', default: false })
  linksAllowed!: boolean;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt!: Date | null;

  @Column({ name: 'last_seq', type: 'bigint', default: 0, transformer: bigintNumber })
  lastSeq!: number;

  @Column({ name: 'pinned_id', type: 'uuid', nullable: true })
  pinnedId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  /**
   * An event's chat for every pupil (`openToPupils`, `openGrade` null) or one grade, from
   * `event.audience.changed`: a pupil of that audience is let in at read or post time (a member row made
   * then, `viaOpen`). `audienceAt` is the newest fact applied.
   */
  @Column({ name: 'open_to_pupils', type: 'boolean', default: false })
  openToPupils!: boolean;

  @Column({ name: 'open_grade', type: 'smallint', nullable: true })
  openGrade!: number | null;

  @Column({ name: 'audience_at', type: 'timestamptz', nullable: true })
  audienceAt!: Date | null;
}

/** A person in a group: their public name, role, whether still in, and what they read. */
@Entity({ name: 'chat_members' })
@Index('IDX_chat_members_user', ['userId'])
export class ChatMember {
  @PrimaryColumn({ name: 'group_id', type: 'uuid', primaryKeyConstraintName: 'PK_chat_members' })
  groupId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_chat_members' })
  userId!: string;

  /** "Aigerim S." as learning sent it. */
  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 10 })
  role!: 'pupil' | 'teacher';

  @Column({ type: 'boolean' })
  active!: boolean;

  /** The instant of the newest membership fact applied (older or repeated facts change nothing). */
  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;

  @Column({ name: 'joined_at', type: 'timestamptz' })
  joinedAt!: Date;

  @Column({ name: 'last_read_seq', type: 'bigint', default: 0, transformer: bigintNumber })
  lastReadSeq!: number;

  @Column({ name: 'muted_until', type: 'timestamptz', nullable: true })
  mutedUntil!: Date | null;

  /** Let in because the group is open to their audience (not by a membership fact); `grade` as their profile said. */
  @Column({ name: 'via_open', type: 'boolean', default: false })
  viaOpen!: boolean;

  @Column({ type: 'smallint', nullable: true })
  grade!: number | null;
}

/** One message, stored once per (group, author, client id). */
@Entity({ name: 'chat_messages' })
@Index('UQ_chat_messages_group_seq', ['groupId', 'seq'], { unique: true })
@Index('UQ_chat_messages_client', ['groupId', 'authorId', 'clientId'], { unique: true })
@Index('IDX_chat_messages_author_created', ['authorId', 'createdAt'])
export class ChatMessage {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_chat_messages' })
  id!: string;

  @Column({ name: 'group_id', type: 'uuid' })
  groupId!: string;

  @Column({ type: 'bigint', transformer: bigintNumber })
  seq!: number;

  @Column({ name: 'author_id', type: 'uuid' })
  authorId!: string;

  @Column({ name: 'author_name', type: 'varchar', length: 120, nullable: true })
  authorName!: string | null;

  @Column({ name: 'author_role', type: 'varchar', length: 10 })
  authorRole!: 'pupil' | 'teacher' | 'staff';

  @Column({ name: 'client_id', type: 'varchar', length: 64, nullable: true })
  clientId!: string | null;

  @Column({ type: 'text', nullable: true })
  text!: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  image!: string | null;

  @Column({ name: 'reply_to_id', type: 'uuid', nullable: true })
  replyToId!: string | null;

  @Column({ type: 'boolean', default: false })
  pinned!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'edited_at', type: 'timestamptz', nullable: true })
  editedAt!: Date | null;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @Column({ name: 'hidden_at', type: 'timestamptz', nullable: true })
  hiddenAt!: Date | null;
}

/** A member's report of a message, one per (message, reporter); staff resolve it by hiding or dismissing. */
@Entity({ name: 'chat_reports' })
@Index('UQ_chat_reports_message_reporter', ['messageId', 'reporterId'], { unique: true })
@Index('IDX_chat_reports_group', ['groupId', 'createdAt'])
export class ChatReport {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_chat_reports' })
  id!: string;

  @Column({ name: 'group_id', type: 'uuid' })
  groupId!: string;

  @Column({ name: 'message_id', type: 'uuid' })
  messageId!: string;

  @Column({ name: 'reporter_id', type: 'uuid' })
  reporterId!: string;

  @Column({ type: 'varchar', length: 500 })
  reason!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt!: Date | null;
}

/**
 * A picture a member uploaded to a group (re-encoded WebP in the kit's storage, `images/<filename>`). A message may
 * send it only in that group and only by its uploader; members read it through the group.
 */
@Entity({ name: 'chat_images' })
@Index('UQ_chat_images_filename', ['filename'], { unique: true })
@Index('IDX_chat_images_owner_created', ['ownerId', 'createdAt'])
export class ChatImage {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_chat_images' })
  id!: string;

  @Column({ name: 'group_id', type: 'uuid' })
  groupId!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'varchar', length: 60 })
  filename!: string;

  @Column({ type: 'int' })
  size!: number;

  @Column({ type: 'int' })
  width!: number;

  @Column({ type: 'int' })
  height!: number;

  /** What the upload was, by its bytes (image/jpeg, ...). */
  @Column({ name: 'source_mime', type: 'varchar', length: 40 })
  sourceMime!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
