import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import {
  CHAT_LIMITS,
  type ChatGroupView,
  type ChatMemberView,
  type ChatMessageView,
  type ChatReportView,
  type ChatSendInput,
  type ChatStaffGroupView,
  type ChatStaffMessageView,
  type EventPayload,
  LOCALES,
  type Permission,
  ROLE,
  publicName,
} from '@olymp/proto';
import { AuditLog, Clock, DomainError, RpcClient } from '@olymp/server-kit';
import { RealtimeServer, userRoom } from '../realtime/realtime.server';
import { AfterCommit } from '../realtime/after-commit';
import { NoticesService } from '../notices/notices.service';
import { ChatGroup, ChatImage, ChatMember, ChatMessage, ChatReport } from './chat.entities';

/** Who is calling: a signed-in user and what the guard knows of their permissions. */
export interface ChatCaller {
  sub: string;
  roleId: number;
  isAdmin: boolean;
  permissions: ReadonlySet<string>;
}

export const chatRoom = (groupId: string) => `chat:${groupId}`;

/** Where members read a group's picture (with their token: the route is member-only; chat-images.service.ts). */
export const chatImageUrl = (groupId: string, filename: string) => `/api/chat/groups/${groupId}/images/${filename}`;

/** An opaque per-group token of a person: a client finds its own messages without ever seeing a user id. */
export const authorKey = (groupId: string, userId: string) => createHash('sha256').update(`chat:${groupId}:${userId}`).digest('base64url').slice(0, 16);

const has = (c: ChatCaller, key: Permission) => c.isAdmin || c.permissions.has(key);

interface Access {
  group: ChatGroup;
  member: ChatMember | null;
  staff: boolean;
}

/**
 * Chat groups of challenges, trainings, events and course groups (docs/chat.md): membership from learning's
 * `learning.membership.changed`, messages stored once per client id and pushed after commit to the group's room
 * (every node's members through the socket.io adapter), history by `seq` cursor, unread counts, moderation.
 */
@Injectable()
export class ChatService {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly realtime: RealtimeServer,
    private readonly afterCommit: AfterCommit,
    private readonly audit: AuditLog,
    private readonly notices: NoticesService,
    private readonly rpc: RpcClient,
  ) {}

  // ---- membership ----------------------------------------------------------------------------------------------

  /**
   * Applies a membership fact: the thing's default group is made on first use; the member row keeps the newest
   * fact (`at`), so a repeated or older event changes nothing. Leaving the thing also leaves its extra groups.
   * Sockets of the user (on every node) join or leave the group's room after the commit.
   */
  async applyMembership(m: EntityManager, e: EventPayload<'learning.membership.changed'>): Promise<void> {
    const now = this.clock.now();
    const [group] = (await m.query(
      `INSERT INTO chat_groups (id, kind, ref_id, is_default, title, links_allowed, last_seq, created_at, updated_at)
       VALUES ($1, $2, $3, true, $4, false, 0, $5, $5)
       ON CONFLICT (kind, ref_id) WHERE is_default DO UPDATE SET title = EXCLUDED.title
       RETURNING id`,
      [randomUUID(), e.group.kind, e.group.id, JSON.stringify(e.title), now],
    )) as { id: string }[];
    const at = new Date(e.at);
    const changed = (await m.query(
      `INSERT INTO chat_members (group_id, user_id, name, role, active, changed_at, joined_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6)
       ON CONFLICT (group_id, user_id) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, active = EXCLUDED.active,
         changed_at = EXCLUDED.changed_at,
         joined_at = CASE WHEN EXCLUDED.active AND NOT chat_members.active THEN EXCLUDED.joined_at ELSE chat_members.joined_at END
       WHERE chat_members.changed_at < EXCLUDED.changed_at
       RETURNING group_id`,
      [group.id, e.userId, e.name, e.role, e.active, at],
    )) as unknown[];
    const rooms = [group.id];
    if (!e.active) {
      const extra = (await m.query(
        `UPDATE chat_members SET active = false, changed_at = $3
          WHERE user_id = $1 AND active AND changed_at < $3
            AND group_id IN (SELECT id FROM chat_groups WHERE kind = $2 AND ref_id = $4 AND NOT is_default)
          RETURNING group_id`,
        [e.userId, e.group.kind, at, e.group.id],
      )) as [{ group_id: string }[], number];
      rooms.push(...extra[0].map((r) => r.group_id));
    }
    if (!changed.length) return;
    this.afterCommit.run(m, () => this.moveSockets(e.userId, rooms, e.active));
  }

  /**
   * Applies `event.audience.changed`: the event's default group (made on first use) is open to every pupil,
   * to one grade, or closed; only a newer fact than the last applied changes it (a repeat changes nothing). Members
   * let in by an earlier openness who no longer fit it leave (and their sockets leave the room after the commit).
   */
  async applyAudience(m: EntityManager, e: EventPayload<'event.audience.changed'>): Promise<void> {
    const now = this.clock.now();
    await m.query(
      `INSERT INTO chat_groups (id, kind, ref_id, is_default, title, links_allowed, last_seq, created_at, updated_at)
       VALUES ($1, $2, $3, true, $4, false, 0, $5, $5)
       ON CONFLICT (kind, ref_id) WHERE is_default DO NOTHING`,
      [randomUUID(), e.group.kind, e.group.id, JSON.stringify(e.title), now],
    );
    const at = new Date(e.at);
    const [changed] = (await m.query(
      `UPDATE chat_groups SET open_to_pupils = $3, open_grade = $4, audience_at = $5, title = $6
        WHERE kind = $1 AND ref_id = $2 AND is_default AND (audience_at IS NULL OR audience_at < $5)
        RETURNING id`,
      [e.group.kind, e.group.id, e.open, e.open ? e.grade : null, at, JSON.stringify(e.title)],
    )) as [{ id: string }[], number];
    const group = changed[0];
    if (!group) return;
    const [gone] = (await m.query(
      `UPDATE chat_members SET active = false, changed_at = GREATEST(changed_at, $1)
        WHERE via_open AND active AND group_id IN (SELECT id FROM chat_groups WHERE kind = $2 AND ref_id = $3)
          AND NOT ($4::boolean AND ($5::smallint IS NULL OR grade = $5::smallint))
        RETURNING user_id, group_id`,
      [at, e.group.kind, e.group.id, e.open, e.open ? e.grade : null],
    )) as [{ user_id: string; group_id: string }[], number];
    if (!gone.length) return;
    this.afterCommit.run(m, () => {
      for (const r of gone) this.moveSockets(r.user_id, [r.group_id], false);
    });
  }

  /** Whether a pupil of `grade` belongs to an open group's audience. */
  private fitsOpen(group: ChatGroup, grade: number | null): boolean {
    return group.openToPupils && (group.openGrade === null || group.openGrade === grade);
  }

  /**
   * Lets a pupil into open groups of their audience: a member row (`viaOpen`) with the public name and grade from
   * their profile (auth's `auth.users.get`, asked once when they first come, never per message). A row that a
   * membership fact or staff ended (not `viaOpen`) is never reopened here. Returns the groups now joined.
   */
  private async letIntoOpen(caller: ChatCaller, groups: ChatGroup[], m: EntityManager): Promise<Set<string>> {
    const joined = new Set<string>();
    if (caller.roleId !== ROLE.student || !groups.length) return joined;
    const rows = await m.findBy(ChatMember, { groupId: In(groups.map((g) => g.id)), userId: caller.sub });
    const byGroup = new Map(rows.map((r) => [r.groupId, r]));
    const candidates = groups.filter((g) => g.openToPupils && (!byGroup.has(g.id) || (byGroup.get(g.id)?.viaOpen && !byGroup.get(g.id)?.active)));
    if (!candidates.length) return joined;
    const { users } = await this.rpc.request('auth.users.get', { userIds: [caller.sub] });
    const me = users[0];
    if (!me || me.roleId !== ROLE.student) return joined;
    const name = (publicName(me.firstName, me.lastName) ?? '?').slice(0, 120);
    const now = this.clock.now();
    for (const g of candidates.filter((x) => this.fitsOpen(x, me.grade))) {
      const inserted = (await m.query(
        `INSERT INTO chat_members (group_id, user_id, name, role, active, changed_at, joined_at, via_open, grade)
         VALUES ($1, $2, $3, 'pupil', true, $4, $4, true, $5)
         ON CONFLICT (group_id, user_id) DO UPDATE SET active = true, name = EXCLUDED.name, grade = EXCLUDED.grade,
           changed_at = GREATEST(chat_members.changed_at, EXCLUDED.changed_at), joined_at = EXCLUDED.joined_at
         WHERE chat_members.via_open AND NOT chat_members.active
         RETURNING group_id`,
        [g.id, caller.sub, name, now, me.grade],
      )) as { group_id: string }[];
      if (inserted.length) joined.add(g.id);
    }
    if (joined.size) this.afterCommit.run(m, () => this.moveSockets(caller.sub, [...joined], true));
    return joined;
  }

  /** The user's sockets on every node join (or leave) the groups' rooms. */
  private moveSockets(userId: string, groupIds: string[], join: boolean): void {
    const rooms = groupIds.map(chatRoom);
    for (const locale of LOCALES) {
      const target = this.realtime.io.in(userRoom(userId, locale));
      if (join) target.socketsJoin(rooms);
      else target.socketsLeave(rooms);
    }
  }

  /** A user's active memberships (a socket joins their rooms at connect). */
  async activeMemberships(userId: string): Promise<{ groupId: string; name: string }[]> {
    const rows = (await this.ds.query('SELECT group_id, name FROM chat_members WHERE user_id = $1 AND active', [userId])) as { group_id: string; name: string }[];
    return rows.map((r) => ({ groupId: r.group_id, name: r.name }));
  }

  // ---- access --------------------------------------------------------------------------------------------------

  /** A group the caller may read: an active member's, or any with `chat:group_index`. Anything else is 404. */
  async access(caller: ChatCaller, groupId: string, m: EntityManager = this.ds.manager): Promise<Access> {
    const group = await m.findOneBy(ChatGroup, { id: groupId });
    if (!group) throw new DomainError('NOT_FOUND');
    let member = await m.findOneBy(ChatMember, { groupId, userId: caller.sub });
    // Let in by an open audience: only while the group is still open to the grade they came with.
    if (member?.active && member.viaOpen && !this.fitsOpen(group, member.grade)) member = null;
    if (!member?.active && group.openToPupils && (await this.letIntoOpen(caller, [group], m)).has(groupId)) {
      member = await m.findOneBy(ChatMember, { groupId, userId: caller.sub });
    }
    const staff = has(caller, 'chat:group_index');
    if (!member?.active && !staff) throw new DomainError('NOT_FOUND');
    return { group, member: member?.active ? member : null, staff };
  }

  isModerator(caller: ChatCaller): boolean {
    return has(caller, 'chat:moderate');
  }

  // ---- reading -------------------------------------------------------------------------------------------------

  view(msg: ChatMessage, reply: ChatMessage | null | undefined): ChatMessageView {
    const gone = msg.deletedAt !== null || msg.hiddenAt !== null;
    const replyGone = reply ? reply.deletedAt !== null || reply.hiddenAt !== null : true;
    return {
      id: msg.id,
      groupId: msg.groupId,
      seq: msg.seq,
      clientId: msg.clientId,
      author: { key: authorKey(msg.groupId, msg.authorId), name: msg.authorName, role: msg.authorRole },
      text: gone ? null : msg.text,
      image: gone || !msg.image ? null : { url: chatImageUrl(msg.groupId, msg.image) },
      replyTo: reply
        ? { id: reply.id, seq: reply.seq, name: reply.authorName, text: replyGone ? null : (reply.text ?? '').slice(0, 140) }
        : null,
      pinned: msg.pinned,
      createdAt: msg.createdAt.toISOString(),
      editedAt: msg.editedAt?.toISOString() ?? null,
      deletedAt: msg.deletedAt?.toISOString() ?? null,
      hiddenAt: msg.hiddenAt?.toISOString() ?? null,
    };
  }

  staffView(msg: ChatMessage, reply: ChatMessage | null | undefined): ChatStaffMessageView {
    return {
      ...this.view(msg, reply), authorId: msg.authorId, originalText: msg.text,
      originalImage: msg.image ? { url: chatImageUrl(msg.groupId, msg.image) } : null,
    };
  }

  private async withReplies(m: EntityManager, rows: ChatMessage[]): Promise<Map<string, ChatMessage>> {
    const ids = [...new Set(rows.map((r) => r.replyToId).filter((x): x is string => x !== null))];
    if (!ids.length) return new Map();
    const replies = await m.findBy(ChatMessage, { id: In(ids) });
    return new Map(replies.map((r) => [r.id, r]));
  }

  async views(rows: ChatMessage[], m: EntityManager = this.ds.manager): Promise<ChatMessageView[]> {
    const replies = await this.withReplies(m, rows);
    return rows.map((r) => this.view(r, r.replyToId ? replies.get(r.replyToId) : null));
  }

  /**
   * A page of history in ascending seq. `after`: the messages after that seq (catch-up after a reconnect), oldest
   * first; otherwise the newest ones before `before` (or the newest of all).
   */
  async page(groupId: string, q: { before?: number; after?: number; limit: number }): Promise<{ rows: ChatMessage[]; hasMore: boolean }> {
    const qb = this.ds.getRepository(ChatMessage).createQueryBuilder('x').where('x.group_id = :groupId', { groupId });
    if (q.after !== undefined) {
      const rows = await qb.andWhere('x.seq > :after', { after: q.after }).orderBy('x.seq', 'ASC').take(q.limit + 1).getMany();
      return { rows: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
    }
    if (q.before !== undefined) qb.andWhere('x.seq < :before', { before: q.before });
    const rows = await qb.orderBy('x.seq', 'DESC').take(q.limit + 1).getMany();
    return { rows: rows.slice(0, q.limit).reverse(), hasMore: rows.length > q.limit };
  }

  async history(caller: ChatCaller, groupId: string, q: { before?: number; after?: number; limit: number }) {
    await this.access(caller, groupId);
    const { rows, hasMore } = await this.page(groupId, q);
    return { data: await this.views(rows), hasMore };
  }

  async staffHistory(groupId: string, q: { before?: number; after?: number; limit: number }) {
    if (!(await this.ds.getRepository(ChatGroup).existsBy({ id: groupId }))) throw new DomainError('NOT_FOUND');
    const { rows, hasMore } = await this.page(groupId, q);
    const replies = await this.withReplies(this.ds.manager, rows);
    return { data: rows.map((r) => this.staffView(r, r.replyToId ? replies.get(r.replyToId) : null)), hasMore };
  }

  /** Unread per group for one user: others' visible messages after what they read. */
  private async unread(userId: string, groupIds: string[]): Promise<Map<string, number>> {
    if (!groupIds.length) return new Map();
    const rows = (await this.ds.query(
      `SELECT mb.group_id, COUNT(x.id)::int AS n
         FROM chat_members mb
         LEFT JOIN chat_messages x ON x.group_id = mb.group_id AND x.seq > mb.last_read_seq AND x.author_id <> mb.user_id
                                  AND x.deleted_at IS NULL AND x.hidden_at IS NULL
        WHERE mb.user_id = $1 AND mb.group_id = ANY($2::uuid[])
        GROUP BY mb.group_id`,
      [userId, groupIds],
    )) as { group_id: string; n: number }[];
    return new Map(rows.map((r) => [r.group_id, r.n]));
  }

  private async groupViews(groups: ChatGroup[], userId: string | null): Promise<ChatGroupView[]> {
    if (!groups.length) return [];
    const ids = groups.map((g) => g.id);
    const counts = (await this.ds.query(
      'SELECT group_id, COUNT(*)::int AS n FROM chat_members WHERE active AND group_id = ANY($1::uuid[]) GROUP BY group_id',
      [ids],
    )) as { group_id: string; n: number }[];
    const memberCount = new Map(counts.map((c) => [c.group_id, c.n]));
    const last = (await this.ds.query(
      `SELECT DISTINCT ON (group_id) id FROM chat_messages WHERE group_id = ANY($1::uuid[]) ORDER BY group_id, seq DESC`,
      [ids],
    )) as { id: string }[];
    const pinnedIds = groups.map((g) => g.pinnedId).filter((x): x is string => x !== null);
    const msgs = await this.ds.getRepository(ChatMessage).findBy({ id: In([...last.map((l) => l.id), ...pinnedIds]) });
    const views = new Map((await this.views(msgs)).map((v) => [v.id, v]));
    const lastOf = new Map(msgs.filter((x) => last.some((l) => l.id === x.id)).map((x) => [x.groupId, views.get(x.id) ?? null]));
    const mine = userId ? await this.ds.getRepository(ChatMember).findBy({ userId, groupId: In(ids), active: true }) : [];
    const unread = userId ? await this.unread(userId, mine.map((x) => x.groupId)) : new Map<string, number>();
    return groups.map((g) => {
      const me = mine.find((x) => x.groupId === g.id);
      return {
        id: g.id,
        kind: g.kind,
        refId: g.refId,
        title: g.title,
        isDefault: g.isDefault,
        linksAllowed: g.linksAllowed,
        closedAt: g.closedAt?.toISOString() ?? null,
        lastSeq: g.lastSeq,
        members: memberCount.get(g.id) ?? 0,
        me: me
          ? { key: authorKey(g.id, me.userId), lastReadSeq: me.lastReadSeq, unread: unread.get(g.id) ?? 0, mutedUntil: me.mutedUntil?.toISOString() ?? null }
          : null,
        pinned: g.pinnedId ? (views.get(g.pinnedId) ?? null) : null,
        lastMessage: lastOf.get(g.id) ?? null,
      };
    });
  }

  /** The caller's groups (optionally of one thing), most recent activity first, with the badge total. */
  async myGroups(caller: ChatCaller, q: { kind?: ChatGroup['kind']; refId?: string }) {
    if (caller.roleId === ROLE.student) {
      // Open groups of the pupil's audience they have not come to yet (asks auth once, only when there are some).
      const open = this.ds.getRepository(ChatGroup).createQueryBuilder('g')
        .where('g.open_to_pupils')
        .andWhere(`NOT EXISTS (SELECT 1 FROM chat_members x WHERE x.group_id = g.id AND x.user_id = :userId AND (x.active OR NOT x.via_open))`, { userId: caller.sub });
      if (q.kind) open.andWhere('g.kind = :kind', { kind: q.kind });
      if (q.refId) open.andWhere('g.ref_id = :refId', { refId: q.refId });
      const groups = await open.getMany();
      if (groups.length) await this.ds.transaction((m) => this.letIntoOpen(caller, groups, m));
    }
    const qb = this.ds
      .getRepository(ChatGroup)
      .createQueryBuilder('g')
      .innerJoin(ChatMember, 'mb', 'mb.group_id = g.id AND mb.user_id = :userId AND mb.active', { userId: caller.sub })
      // A member let in by an open audience only while the group is still open to their grade.
      .andWhere('(NOT mb.via_open OR (g.open_to_pupils AND (g.open_grade IS NULL OR g.open_grade = mb.grade)))')
      .orderBy('g.updated_at', 'DESC')
      .addOrderBy('g.id', 'ASC');
    if (q.kind) qb.andWhere('g.kind = :kind', { kind: q.kind });
    if (q.refId) qb.andWhere('g.ref_id = :refId', { refId: q.refId });
    const views = await this.groupViews(await qb.getMany(), caller.sub);
    return { data: views, unreadTotal: await this.unreadTotal(caller.sub) };
  }

  async unreadTotal(userId: string): Promise<number> {
    const [row] = (await this.ds.query(
      `SELECT COUNT(x.id)::int AS n FROM chat_members mb
         JOIN chat_messages x ON x.group_id = mb.group_id AND x.seq > mb.last_read_seq AND x.author_id <> mb.user_id
                             AND x.deleted_at IS NULL AND x.hidden_at IS NULL
        WHERE mb.user_id = $1 AND mb.active`,
      [userId],
    )) as { n: number }[];
    return row?.n ?? 0;
  }

  async group(caller: ChatCaller, groupId: string): Promise<ChatGroupView> {
    const { group } = await this.access(caller, groupId);
    const [view] = await this.groupViews([group], caller.sub);
    return view;
  }

  async markRead(caller: ChatCaller, groupId: string, seq: number) {
    const { member } = await this.access(caller, groupId);
    if (!member) throw new DomainError('NOT_FOUND');
    await this.ds.query(
      `UPDATE chat_members mb SET last_read_seq = GREATEST(mb.last_read_seq, LEAST($3::bigint, g.last_seq))
         FROM chat_groups g WHERE g.id = mb.group_id AND mb.group_id = $1 AND mb.user_id = $2`,
      [groupId, caller.sub, seq],
    );
    const fresh = await this.ds.getRepository(ChatMember).findOneByOrFail({ groupId, userId: caller.sub });
    const unread = await this.unread(caller.sub, [groupId]);
    return { lastReadSeq: fresh.lastReadSeq, unread: unread.get(groupId) ?? 0, unreadTotal: await this.unreadTotal(caller.sub) };
  }

  // ---- writing -------------------------------------------------------------------------------------------------

  /**
   * Sends a message. Stored once per (group, author, clientId): a retry answers the stored message and pushes
   * nothing again. Refused when the group is closed, the member muted (the kit's Clock), or over the rate limit
   * (CHAT_LIMITS: 5 in 10 s and 20 a minute per member across groups; staff are not limited).
   */
  async send(caller: ChatCaller, groupId: string, input: ChatSendInput): Promise<{ view: ChatMessageView; created: boolean }> {
    const text = input.text ?? '';
    if (!text && !input.image) throw new DomainError('CHAT_MESSAGE_EMPTY');
    const result = await this.ds.transaction(async (m) => {
      const { member } = await this.access(caller, groupId, m);
      const moderator = has(caller, 'chat:moderate');
      if (!member && !moderator) throw new DomainError('NOT_FOUND');
      // The group row is the lock that orders the group's messages (seq) and serializes retries of one client id.
      const group = await m.createQueryBuilder(ChatGroup, 'g').setLock('pessimistic_write').where('g.id = :groupId', { groupId }).getOneOrFail();
      const existing = await m.findOneBy(ChatMessage, { groupId, authorId: caller.sub, clientId: input.clientId });
      if (existing) return { row: existing, created: false };
      if (group.closedAt) throw new DomainError('CHAT_GROUP_CLOSED');
      const now = this.clock.now();
      if (member?.mutedUntil && member.mutedUntil > now && !moderator) {
        throw new DomainError('CHAT_MUTED', { until: member.mutedUntil.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' });
      }
      if (!moderator) await this.checkRate(m, caller.sub, now);
      let replyToId: string | null = null;
      if (input.replyTo) {
        const target = await m.findOneBy(ChatMessage, { id: input.replyTo, groupId });
        if (!target) throw new DomainError('CHAT_REPLY_NOT_FOUND');
        if (target.deletedAt || target.hiddenAt) throw new DomainError('CHAT_MESSAGE_GONE');
        replyToId = target.id;
      }
      // A picture only as its uploader sent it to this group (chat-images.service.ts), never another's or a guess.
      if (input.image && !(await m.existsBy(ChatImage, { groupId, ownerId: caller.sub, filename: input.image }))) {
        throw new DomainError('CHAT_IMAGE_NOT_FOUND');
      }
      const seq = group.lastSeq + 1;
      const row = Object.assign(new ChatMessage(), {
        id: randomUUID(),
        groupId,
        seq,
        authorId: caller.sub,
        authorName: member ? member.name : null,
        authorRole: member ? member.role : 'staff',
        clientId: input.clientId,
        text: text || null,
        image: input.image ?? null,
        replyToId,
        pinned: false,
        createdAt: now,
        editedAt: null,
        deletedAt: null,
        hiddenAt: null,
      } satisfies ChatMessage);
      await m.insert(ChatMessage, row);
      await m.update(ChatGroup, { id: groupId }, { lastSeq: seq, updatedAt: now });
      if (member) await m.update(ChatMember, { groupId, userId: caller.sub }, { lastReadSeq: seq });
      return { row, created: true };
    });
    const [view] = await this.views([result.row]);
    if (result.created) this.realtime.io.to(chatRoom(groupId)).emit('chat:message', view);
    return { view, created: result.created };
  }

  private async checkRate(m: EntityManager, userId: string, now: Date): Promise<void> {
    const minuteAgo = new Date(now.getTime() - 60_000);
    const rows = (await m.query(
      'SELECT created_at FROM chat_messages WHERE author_id = $1 AND created_at > $2 ORDER BY created_at DESC LIMIT $3',
      [userId, minuteAgo, CHAT_LIMITS.perMinute],
    )) as { created_at: Date }[];
    const burstStart = now.getTime() - CHAT_LIMITS.burstWindowMs;
    const inBurst = rows.filter((r) => r.created_at.getTime() > burstStart);
    let waitMs = 0;
    if (inBurst.length >= CHAT_LIMITS.burst) waitMs = inBurst[CHAT_LIMITS.burst - 1].created_at.getTime() + CHAT_LIMITS.burstWindowMs - now.getTime();
    if (rows.length >= CHAT_LIMITS.perMinute) waitMs = Math.max(waitMs, rows[CHAT_LIMITS.perMinute - 1].created_at.getTime() + 60_000 - now.getTime());
    if (waitMs > 0) throw new DomainError('CHAT_RATE_LIMITED', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
  }

  /** A message of a group the caller may read (else 404), locked for the change. */
  private async messageFor(m: EntityManager, caller: ChatCaller, messageId: string): Promise<{ msg: ChatMessage } & Access> {
    const msg = await m.createQueryBuilder(ChatMessage, 'x').setLock('pessimistic_write').where('x.id = :messageId', { messageId }).getOne();
    if (!msg) throw new DomainError('NOT_FOUND');
    return { msg, ...(await this.access(caller, msg.groupId, m)) };
  }

  private async pushUpdated(msg: ChatMessage): Promise<ChatMessageView> {
    const [view] = await this.views([msg]);
    this.realtime.io.to(chatRoom(msg.groupId)).emit('chat:updated', view);
    return view;
  }

  /** The author changes the text within CHAT_LIMITS.editWindowMs of sending. */
  async edit(caller: ChatCaller, messageId: string, text: string): Promise<ChatMessageView> {
    const msg = await this.ds.transaction(async (m) => {
      const { msg, group } = await this.messageFor(m, caller, messageId);
      if (msg.authorId !== caller.sub) throw new DomainError('CHAT_NOT_AUTHOR');
      if (msg.deletedAt || msg.hiddenAt) throw new DomainError('CHAT_MESSAGE_GONE');
      if (group.closedAt) throw new DomainError('CHAT_GROUP_CLOSED');
      const now = this.clock.now();
      if (now.getTime() - msg.createdAt.getTime() > CHAT_LIMITS.editWindowMs) {
        throw new DomainError('CHAT_EDIT_WINDOW_PASSED', { minutes: CHAT_LIMITS.editWindowMs / 60_000 });
      }
      msg.text = text;
      msg.editedAt = now;
      await m.update(ChatMessage, { id: msg.id }, { text, editedAt: now });
      return msg;
    });
    return this.pushUpdated(msg);
  }

  /** The author deletes a message: members see it as deleted; staff still read what it said. */
  async remove(caller: ChatCaller, messageId: string): Promise<ChatMessageView> {
    const msg = await this.ds.transaction(async (m) => {
      const { msg } = await this.messageFor(m, caller, messageId);
      if (msg.authorId !== caller.sub) throw new DomainError('CHAT_NOT_AUTHOR');
      if (!msg.deletedAt) {
        msg.deletedAt = this.clock.now();
        await m.update(ChatMessage, { id: msg.id }, { deletedAt: msg.deletedAt });
      }
      return msg;
    });
    return this.pushUpdated(msg);
  }

  /** A member reports a message (once per message; a repeat answers the first report). */
  async report(caller: ChatCaller, messageId: string, reason: string) {
    return this.ds.transaction(async (m) => {
      const { msg, member } = await this.messageFor(m, caller, messageId);
      if (!member) throw new DomainError('NOT_FOUND');
      const now = this.clock.now();
      await m.query(
        `INSERT INTO chat_reports (id, group_id, message_id, reporter_id, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (message_id, reporter_id) DO NOTHING`,
        [randomUUID(), msg.groupId, msg.id, caller.sub, reason, now],
      );
      const report = await m.findOneByOrFail(ChatReport, { messageId: msg.id, reporterId: caller.sub });
      return { id: report.id, createdAt: report.createdAt.toISOString() };
    });
  }

  // ---- staff ---------------------------------------------------------------------------------------------------

  async staffGroups(q: { kind?: ChatGroup['kind']; refId?: string }): Promise<ChatStaffGroupView[]> {
    const where: { kind?: ChatGroup['kind']; refId?: string } = {};
    if (q.kind) where.kind = q.kind;
    if (q.refId) where.refId = q.refId;
    const groups = await this.ds.getRepository(ChatGroup).find({ where, order: { isDefault: 'DESC', createdAt: 'ASC', id: 'ASC' }, take: 500 });
    return this.withReports(await this.groupViews(groups, null));
  }

  private async withReports(views: ChatGroupView[]): Promise<ChatStaffGroupView[]> {
    if (!views.length) return [];
    const rows = (await this.ds.query(
      'SELECT group_id, COUNT(*)::int AS n FROM chat_reports WHERE resolved_at IS NULL AND group_id = ANY($1::uuid[]) GROUP BY group_id',
      [views.map((v) => v.id)],
    )) as { group_id: string; n: number }[];
    const open = new Map(rows.map((r) => [r.group_id, r.n]));
    return views.map((v) => ({ ...v, openReports: open.get(v.id) ?? 0 }));
  }

  async staffGroup(groupId: string): Promise<ChatStaffGroupView> {
    const group = await this.ds.getRepository(ChatGroup).findOneBy({ id: groupId });
    if (!group) throw new DomainError('NOT_FOUND');
    const [view] = await this.withReports(await this.groupViews([group], null));
    return view;
  }

  async createGroup(actor: ChatCaller, input: { kind: ChatGroup['kind']; refId: string; title: ChatGroup['title']; linksAllowed?: boolean }) {
    const id = randomUUID();
    await this.ds.transaction(async (m) => {
      const now = this.clock.now();
      const row = Object.assign(new ChatGroup(), {
        id, kind: input.kind, refId: input.refId, isDefault: false, title: input.title, linksAllowed: input.linksAllowed ?? false,
        closedAt: null, lastSeq: 0, pinnedId: null, createdAt: now, updatedAt: now, openToPupils: false, openGrade: null, audienceAt: null,
      } satisfies ChatGroup);
      await m.insert(ChatGroup, row);
      await this.audit.record(m, { actor, action: 'chat.group.create', resource: 'chat/groups', resourceId: id, after: row });
    });
    return this.staffGroup(id);
  }

  /** Title, links allowed, closed: audited, and members are told over the socket. */
  async updateGroup(actor: ChatCaller, groupId: string, change: { title?: ChatGroup['title']; linksAllowed?: boolean; closed?: boolean }, action: string) {
    const group = await this.ds.transaction(async (m) => {
      const g = await m.createQueryBuilder(ChatGroup, 'g').setLock('pessimistic_write').where('g.id = :groupId', { groupId }).getOne();
      if (!g) throw new DomainError('NOT_FOUND');
      const before = { title: g.title, linksAllowed: g.linksAllowed, closedAt: g.closedAt };
      if (change.title) g.title = change.title;
      if (change.linksAllowed !== undefined) g.linksAllowed = change.linksAllowed;
      if (change.closed !== undefined) g.closedAt = change.closed ? (g.closedAt ?? this.clock.now()) : null;
      await m.update(ChatGroup, { id: g.id }, { title: g.title, linksAllowed: g.linksAllowed, closedAt: g.closedAt });
      await this.audit.record(m, { actor, action, resource: 'chat/groups', resourceId: g.id, before, after: { title: g.title, linksAllowed: g.linksAllowed, closedAt: g.closedAt } });
      return g;
    });
    this.realtime.io.to(chatRoom(groupId)).emit('chat:group', { groupId, closedAt: group.closedAt?.toISOString() ?? null, linksAllowed: group.linksAllowed });
    return this.staffGroup(groupId);
  }

  async members(groupId: string): Promise<ChatMemberView[]> {
    if (!(await this.ds.getRepository(ChatGroup).existsBy({ id: groupId }))) throw new DomainError('NOT_FOUND');
    const rows = await this.ds.getRepository(ChatMember).find({ where: { groupId }, order: { active: 'DESC', name: 'ASC', userId: 'ASC' }, take: 5000 });
    return rows.map((r) => this.memberView(r));
  }

  private memberView(r: ChatMember): ChatMemberView {
    return {
      userId: r.userId, name: r.name, role: r.role, active: r.active, mutedUntil: r.mutedUntil?.toISOString() ?? null,
      lastReadSeq: r.lastReadSeq, joinedAt: r.joinedAt.toISOString(),
    };
  }

  /** Staff put a member of the thing (its default group) into an extra group, or take them out. Audited. */
  async setMember(actor: ChatCaller, groupId: string, input: { userId: string; active: boolean }): Promise<ChatMemberView> {
    const row = await this.ds.transaction(async (m) => {
      const g = await m.findOneBy(ChatGroup, { id: groupId });
      if (!g) throw new DomainError('NOT_FOUND');
      const base = await m.query(
        `SELECT mb.name, mb.role FROM chat_members mb JOIN chat_groups d ON d.id = mb.group_id
          WHERE d.kind = $1 AND d.ref_id = $2 AND d.is_default AND mb.user_id = $3 AND mb.active`,
        [g.kind, g.refId, input.userId],
      ) as { name: string; role: 'pupil' | 'teacher' }[];
      if (!base.length || g.isDefault) throw new DomainError('CHAT_NOT_A_MEMBER');
      const now = this.clock.now();
      await m.query(
        `INSERT INTO chat_members (group_id, user_id, name, role, active, changed_at, joined_at) VALUES ($1, $2, $3, $4, $5, $6, $6)
         ON CONFLICT (group_id, user_id) DO UPDATE SET active = EXCLUDED.active, changed_at = EXCLUDED.changed_at`,
        [groupId, input.userId, base[0].name, base[0].role, input.active, now],
      );
      await this.audit.record(m, { actor, action: input.active ? 'chat.member.add' : 'chat.member.remove', resource: 'chat/groups', resourceId: groupId, after: input });
      this.afterCommit.run(m, () => this.moveSockets(input.userId, [groupId], input.active));
      return m.findOneByOrFail(ChatMember, { groupId, userId: input.userId });
    });
    return this.memberView(row);
  }

  /** Mutes a member until now + minutes (0 lifts it). Audited. */
  async mute(actor: ChatCaller, groupId: string, input: { userId: string; minutes: number }): Promise<ChatMemberView> {
    const row = await this.ds.transaction(async (m) => {
      const member = await m.findOneBy(ChatMember, { groupId, userId: input.userId });
      if (!member) throw new DomainError('NOT_FOUND');
      const until = input.minutes > 0 ? new Date(this.clock.nowMs() + input.minutes * 60_000) : null;
      await m.update(ChatMember, { groupId, userId: input.userId }, { mutedUntil: until });
      await this.audit.record(m, {
        actor, action: input.minutes > 0 ? 'chat.member.mute' : 'chat.member.unmute', resource: 'chat/groups', resourceId: groupId,
        before: { userId: input.userId, mutedUntil: member.mutedUntil }, after: { userId: input.userId, mutedUntil: until },
      });
      member.mutedUntil = until;
      return member;
    });
    return this.memberView(row);
  }

  /** Hides a message for members (staff still read it) and resolves its open reports. Audited. */
  async hide(actor: ChatCaller, messageId: string, reason?: string): Promise<ChatStaffMessageView> {
    const msg = await this.ds.transaction(async (m) => {
      const msg = await m.createQueryBuilder(ChatMessage, 'x').setLock('pessimistic_write').where('x.id = :messageId', { messageId }).getOne();
      if (!msg) throw new DomainError('NOT_FOUND');
      const now = this.clock.now();
      if (!msg.hiddenAt) {
        msg.hiddenAt = now;
        await m.update(ChatMessage, { id: msg.id }, { hiddenAt: now });
      }
      await m.query('UPDATE chat_reports SET resolved_at = $2 WHERE message_id = $1 AND resolved_at IS NULL', [msg.id, now]);
      await this.audit.record(m, { actor, action: 'chat.message.hide', resource: 'chat/messages', resourceId: msg.id, before: { text: msg.text, authorId: msg.authorId }, after: { hiddenAt: msg.hiddenAt, reason: reason ?? null } });
      return msg;
    });
    await this.pushUpdated(msg);
    const replies = await this.withReplies(this.ds.manager, [msg]);
    return this.staffView(msg, msg.replyToId ? replies.get(msg.replyToId) : null);
  }

  async reports(groupId: string): Promise<ChatReportView[]> {
    if (!(await this.ds.getRepository(ChatGroup).existsBy({ id: groupId }))) throw new DomainError('NOT_FOUND');
    const reports = await this.ds.getRepository(ChatReport).find({ where: { groupId }, order: { createdAt: 'DESC', id: 'ASC' }, take: 500 });
    if (!reports.length) return [];
    const msgs = await this.ds.getRepository(ChatMessage).findBy({ id: In([...new Set(reports.map((r) => r.messageId))]) });
    const byId = new Map(msgs.map((x) => [x.id, x]));
    const names = await this.ds.getRepository(ChatMember).findBy({ groupId, userId: In([...new Set(reports.map((r) => r.reporterId))]) });
    const nameOf = new Map(names.map((n) => [n.userId, n.name]));
    const replies = await this.withReplies(this.ds.manager, msgs);
    return reports.flatMap((r) => {
      const msg = byId.get(r.messageId);
      if (!msg) return [];
      return [{
        id: r.id, message: this.staffView(msg, msg.replyToId ? replies.get(msg.replyToId) : null), reporterName: nameOf.get(r.reporterId) ?? null,
        reason: r.reason, createdAt: r.createdAt.toISOString(), resolvedAt: r.resolvedAt?.toISOString() ?? null,
      }];
    });
  }

  /**
   * A pinned announcement: a staff message pinned at the top of the group (replacing the previous pin), and a
   * notice to every active member (kept, and pushed to their sockets after the commit). Audited.
   */
  async announce(actor: ChatCaller, groupId: string, text: string, image?: string): Promise<ChatMessageView> {
    const row = await this.ds.transaction(async (m) => {
      const g = await m.createQueryBuilder(ChatGroup, 'g').setLock('pessimistic_write').where('g.id = :groupId', { groupId }).getOne();
      if (!g) throw new DomainError('NOT_FOUND');
      if (image && !(await m.existsBy(ChatImage, { groupId, ownerId: actor.sub, filename: image }))) throw new DomainError('CHAT_IMAGE_NOT_FOUND');
      const now = this.clock.now();
      const seq = g.lastSeq + 1;
      const row = Object.assign(new ChatMessage(), {
        id: randomUUID(), groupId, seq, authorId: actor.sub, authorName: null, authorRole: 'staff', clientId: null, text, image: image ?? null,
        replyToId: null, pinned: true, createdAt: now, editedAt: null, deletedAt: null, hiddenAt: null,
      } satisfies ChatMessage);
      await m.update(ChatMessage, { groupId, pinned: true }, { pinned: false });
      await m.insert(ChatMessage, row);
      await m.update(ChatGroup, { id: groupId }, { lastSeq: seq, updatedAt: now, pinnedId: row.id });
      await this.audit.record(m, { actor, action: 'chat.announce', resource: 'chat/groups', resourceId: groupId, after: { messageId: row.id, text, image: image ?? null } });
      const members = (await m.query('SELECT user_id FROM chat_members WHERE group_id = $1 AND active', [groupId])) as { user_id: string }[];
      await this.notices.addMany(
        m,
        members.map((mb) => ({
          userId: mb.user_id, kind: 'chat.announcement' as const, source: `chat.announcement:${row.id}:${mb.user_id}`, at: now,
          params: { groupId, messageId: row.id, kind: g.kind, refId: g.refId, group: g.title, text: text.slice(0, 500) },
        })),
      );
      return row;
    });
    const [view] = await this.views([row]);
    this.realtime.io.to(chatRoom(groupId)).emit('chat:message', view);
    return view;
  }
}
