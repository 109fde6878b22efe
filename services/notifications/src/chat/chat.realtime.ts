import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { z } from 'zod';
import { ALL_PERMISSIONS_ROLE, type ChatJoinAck, type ErrorCode, errorMessage } from '@olymp/proto';
import { DomainError, KIT_LOGGER, PermissionCache } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { type LiveSocket, RealtimeServer } from '../realtime/realtime.server';
import { type ChatCaller, ChatService, authorKey, chatRoom } from './chat.service';

const joinInput = z.strictObject({ groupId: z.uuid(), after: z.number().int().min(0).optional() });
const typingInput = z.strictObject({ groupId: z.uuid() });
/** Least time between two `chat:typing` a socket sends to one group (more are dropped). */
const TYPING_EVERY_MS = 2000;
/** Messages a `chat:join` catch-up carries at most (the client pages the rest over HTTP with `after`). */
const CATCH_UP_MAX = 100;

/**
 * Chat over the node's socket.io server: a signed-in socket joins the rooms of its user's groups at connect (so
 * every device gets every message), `chat:join` (re)joins one and answers what was missed after a seq,
 * `chat:typing` goes to the group's other sockets. Messages are pushed by ChatService to `chat:<groupId>` after
 * commit; the postgres adapter carries them once to every node.
 */
@Injectable()
export class ChatRealtime implements OnApplicationBootstrap {
  constructor(
    private readonly realtime: RealtimeServer,
    private readonly chat: ChatService,
    private readonly permissions: PermissionCache,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.realtime.onConnection((socket) => this.attach(socket));
  }

  private attach(socket: LiveSocket): void {
    const user = socket.data.user;
    socket.data.chat = new Map();
    if (user) {
      this.chat.activeMemberships(user.id).then(
        (rows) => {
          for (const r of rows) socket.data.chat?.set(r.groupId, { name: r.name, key: authorKey(r.groupId, user.id), typedAt: 0 });
          if (rows.length && socket.connected) void socket.join(rows.map((r) => chatRoom(r.groupId)));
        },
        (err: unknown) => this.logger.warn({ err, user: user.id }, 'chat rooms not joined at connect'),
      );
    }
    socket.on('chat:join', (input, ack) => {
      void this.join(socket, input).then((result) => {
        if (typeof ack === 'function') ack(result);
      });
    });
    socket.on('chat:typing', (input) => this.typing(socket, input));
  }

  private refusal(socket: LiveSocket, code: ErrorCode, params: Record<string, unknown> = {}): ChatJoinAck {
    return { ok: false, code, message: errorMessage(code, socket.data.locale, params) };
  }

  private async caller(socket: LiveSocket): Promise<ChatCaller | null> {
    const user = socket.data.user;
    if (!user) return null;
    const isAdmin = user.roleId === ALL_PERMISSIONS_ROLE;
    const permissions = isAdmin ? new Set<string>() : await this.permissions.forRole(user.roleId);
    return { sub: user.id, roleId: user.roleId, isAdmin, permissions };
  }

  private async join(socket: LiveSocket, raw: unknown): Promise<ChatJoinAck> {
    const input = joinInput.safeParse(raw);
    if (!input.success) return this.refusal(socket, 'VALIDATION_FAILED');
    try {
      const caller = await this.caller(socket);
      if (!caller) return this.refusal(socket, 'UNAUTHENTICATED');
      const { member } = await this.chat.access(caller, input.data.groupId);
      if (member) socket.data.chat?.set(member.groupId, { name: member.name, key: authorKey(member.groupId, member.userId), typedAt: 0 });
      await socket.join(chatRoom(input.data.groupId));
      if (input.data.after === undefined) return { ok: true, messages: [], hasMore: false };
      const { rows, hasMore } = await this.chat.page(input.data.groupId, { after: input.data.after, limit: CATCH_UP_MAX });
      return { ok: true, messages: await this.chat.views(rows), hasMore };
    } catch (err) {
      if (err instanceof DomainError) return this.refusal(socket, err.code, err.params);
      this.logger.error({ err }, 'chat:join failed');
      return this.refusal(socket, 'INTERNAL', { requestId: '-' });
    }
  }

  private typing(socket: LiveSocket, raw: unknown): void {
    const input = typingInput.safeParse(raw);
    if (!input.success) return;
    const mine = socket.data.chat?.get(input.data.groupId);
    const room = chatRoom(input.data.groupId);
    if (!mine || !socket.rooms.has(room)) return;
    const now = Date.now();
    if (now - mine.typedAt < TYPING_EVERY_MS) return;
    mine.typedAt = now;
    socket.to(room).emit('chat:typing', { groupId: input.data.groupId, key: mine.key, name: mine.name });
  }
}
