import { Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { z } from 'zod';
import {
  chatAnnounceInput,
  chatCreateGroupInput,
  chatHideInput,
  chatMemberInput,
  chatMemberReply,
  chatMembersReply,
  chatMessageReply,
  chatMuteInput,
  chatReportsReply,
  chatStaffGroupReply,
  chatStaffGroupsQuery,
  chatStaffGroupsReply,
  chatStaffMessageReply,
  chatStaffMessagesReply,
  chatUpdateGroupInput,
} from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, RequirePermission, UuidParam, ValidBody, ValidQuery } from '@olymp/server-kit';
import { ChatService } from './chat.service';
import { type HistoryQuery, historyQuery } from './chat.controller';

const emptyBody = z.strictObject({}).optional();

/**
 * Staff's chat pages (docs/chat.md): groups of a challenge, training, event or course group with members and
 * reports; extra groups; moderation (hide, mute, close, announcements), each audited.
 */
@Controller('chat/admin')
export class ChatAdminController {
  constructor(private readonly chat: ChatService) {}

  @Get('groups')
  @RequirePermission('chat:group_index')
  @ApiShape({ response: chatStaffGroupsReply, summary: 'Chat groups, of one thing with kind and refId' })
  async groups(@ValidQuery(chatStaffGroupsQuery) q: z.output<typeof chatStaffGroupsQuery>) {
    return { data: await this.chat.staffGroups(q) };
  }

  @Post('groups')
  @RequirePermission('chat:group_create')
  @ApiShape({ response: chatStaffGroupReply, summary: 'An extra group of a thing (e.g. one per grade)' })
  async create(@CurrentUser() user: AuthUser, @ValidBody(chatCreateGroupInput) body: z.output<typeof chatCreateGroupInput>) {
    return { data: await this.chat.createGroup(user, body) };
  }

  @Get('groups/:id')
  @RequirePermission('chat:group_index')
  @ApiShape({ response: chatStaffGroupReply })
  async group(@UuidParam('id') id: string) {
    return { data: await this.chat.staffGroup(id) };
  }

  @Patch('groups/:id')
  @RequirePermission('chat:moderate')
  @ApiShape({ response: chatStaffGroupReply, summary: 'Title, links allowed' })
  async update(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @ValidBody(chatUpdateGroupInput) body: z.output<typeof chatUpdateGroupInput>) {
    return { data: await this.chat.updateGroup(user, id, body, 'chat.group.update') };
  }

  @Post('groups/:id/close')
  @HttpCode(200)
  @RequirePermission('chat:moderate')
  @ApiShape({ response: chatStaffGroupReply })
  async close(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @ValidBody(emptyBody) _body: unknown) {
    return { data: await this.chat.updateGroup(user, id, { closed: true }, 'chat.group.close') };
  }

  @Post('groups/:id/reopen')
  @HttpCode(200)
  @RequirePermission('chat:moderate')
  @ApiShape({ response: chatStaffGroupReply })
  async reopen(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @ValidBody(emptyBody) _body: unknown) {
    return { data: await this.chat.updateGroup(user, id, { closed: false }, 'chat.group.reopen') };
  }

  @Get('groups/:id/messages')
  @RequirePermission('chat:group_index')
  @ApiShape({ response: chatStaffMessagesReply, summary: 'History with authors and hidden texts' })
  messages(@UuidParam('id') id: string, @ValidQuery(historyQuery) q: HistoryQuery) {
    return this.chat.staffHistory(id, q);
  }

  @Get('groups/:id/members')
  @RequirePermission('chat:group_index')
  @ApiShape({ response: chatMembersReply })
  async members(@UuidParam('id') id: string) {
    return { data: await this.chat.members(id) };
  }

  @Post('groups/:id/members')
  @HttpCode(200)
  @RequirePermission('chat:moderate')
  @ApiShape({ response: chatMemberReply, summary: 'Put a member of the thing into an extra group, or take them out' })
  async setMember(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @ValidBody(chatMemberInput) body: z.output<typeof chatMemberInput>) {
    return { data: await this.chat.setMember(user, id, body) };
  }

  @Post('groups/:id/mute')
  @HttpCode(200)
  @RequirePermission('chat:moderate')
  @ApiShape({ response: chatMemberReply, summary: 'Mute a member for some minutes (0 lifts it)' })
  async mute(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @ValidBody(chatMuteInput) body: z.output<typeof chatMuteInput>) {
    return { data: await this.chat.mute(user, id, body) };
  }

  @Get('groups/:id/reports')
  @RequirePermission('chat:group_index')
  @ApiShape({ response: chatReportsReply })
  async reports(@UuidParam('id') id: string) {
    return { data: await this.chat.reports(id) };
  }

  @Post('groups/:id/announcements')
  @RequirePermission('chat:moderate')
  @ApiShape({ response: chatMessageReply, summary: 'A pinned announcement, also sent to every member as a notice' })
  async announce(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @ValidBody(chatAnnounceInput) body: z.output<typeof chatAnnounceInput>) {
    return { data: await this.chat.announce(user, id, body.text, body.image) };
  }

  @Post('messages/:id/hide')
  @HttpCode(200)
  @RequirePermission('chat:moderate')
  @ApiShape({ response: chatStaffMessageReply })
  async hide(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @ValidBody(chatHideInput) body: z.output<typeof chatHideInput>) {
    return { data: await this.chat.hide(user, id, body.reason) };
  }
}
