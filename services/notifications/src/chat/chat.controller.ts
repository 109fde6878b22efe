import { Controller, Delete, Get, HttpCode, Patch, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  CHAT_LIMITS,
  chatEditInput,
  chatGroupKind,
  chatGroupReply,
  chatGroupsReply,
  chatMessageReply,
  chatMessagesReply,
  chatReadInput,
  chatReadReply,
  chatReportInput,
  chatReportReply,
  chatSendInput,
  type ChatSendInput,
} from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, SignedIn, UuidParam, ValidBody, ValidQuery, numeral } from '@olymp/server-kit';
import { ChatService } from './chat.service';

const groupsQuery = z.strictObject({ kind: chatGroupKind.optional(), refId: z.uuid().optional() });
export const historyQuery = z
  .strictObject({
    before: numeral(z.number().int().min(1)).optional(),
    after: numeral(z.number().int().min(0)).optional(),
    limit: numeral(z.number().int().min(1).max(CHAT_LIMITS.pageMax).default(50)),
  })
  .refine((q) => q.before === undefined || q.after === undefined, { message: 'before or after, not both', path: ['after'] });
export type HistoryQuery = z.output<typeof historyQuery>;

/**
 * A member's chat (docs/chat.md): their groups with unread counts, a group's history by cursor, sending (retry-safe
 * by client id), editing within 5 minutes, deleting, reading up to a message, reporting one. A group the caller is
 * not in answers 404, the same as one that does not exist.
 */
@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Get('groups')
  @SignedIn()
  @ApiShape({ response: chatGroupsReply, summary: "The caller's chat groups (most recent activity first) and the unread total" })
  groups(@CurrentUser() user: AuthUser, @ValidQuery(groupsQuery) q: z.output<typeof groupsQuery>) {
    return this.chat.myGroups(user, q);
  }

  @Get('groups/:id')
  @SignedIn()
  @ApiShape({ response: chatGroupReply })
  async group(@CurrentUser() user: AuthUser, @UuidParam('id') id: string) {
    return { data: await this.chat.group(user, id) };
  }

  @Get('groups/:id/messages')
  @SignedIn()
  @ApiShape({ response: chatMessagesReply, summary: 'History: the newest page, older with `before`, missed ones with `after`' })
  messages(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @ValidQuery(historyQuery) q: HistoryQuery) {
    return this.chat.history(user, id, q);
  }

  @Post('groups/:id/messages')
  @SignedIn()
  @ApiShape({ response: chatMessageReply, summary: 'Send (201; a retry with the same clientId answers the stored message with 200)' })
  async send(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @ValidBody(chatSendInput) body: ChatSendInput, @Res({ passthrough: true }) res: FastifyReply) {
    const { view, created } = await this.chat.send(user, id, body);
    res.status(created ? 201 : 200);
    return { data: view };
  }

  @Post('groups/:id/read')
  @SignedIn()
  @HttpCode(200)
  @ApiShape({ response: chatReadReply })
  async read(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @ValidBody(chatReadInput) body: z.output<typeof chatReadInput>) {
    return { data: await this.chat.markRead(user, id, body.seq) };
  }

  @Patch('messages/:id')
  @SignedIn()
  @ApiShape({ response: chatMessageReply })
  async edit(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @ValidBody(chatEditInput) body: z.output<typeof chatEditInput>) {
    return { data: await this.chat.edit(user, id, body.text) };
  }

  @Delete('messages/:id')
  @SignedIn()
  @ApiShape({ response: chatMessageReply })
  async remove(@CurrentUser() user: AuthUser, @UuidParam('id') id: string) {
    return { data: await this.chat.remove(user, id) };
  }

  @Post('messages/:id/report')
  @SignedIn()
  @HttpCode(201)
  @ApiShape({ response: chatReportReply })
  async report(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @ValidBody(chatReportInput) body: z.output<typeof chatReportInput>) {
    return { data: await this.chat.report(user, id, body.reason) };
  }
}
