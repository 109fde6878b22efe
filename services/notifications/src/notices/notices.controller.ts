import { noticePage, noticeReadReply, noticesReadAllReply } from '@olymp/proto';
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { z } from 'zod';
import { ApiShape, type AuthUser, CurrentUser, RequirePermission, SignedIn, UuidParam, ValidQuery, currentLocale, formBoolean, numeral } from '@olymp/server-kit';
import { NoticesService } from './notices.service';

const listQuery = z.strictObject({
  page: numeral(z.number().int().min(1).default(1)),
  limit: numeral(z.number().int().min(1).max(100).default(20)),
  unread: formBoolean.optional(),
  /** Only the notices about one course group (a course page's notifications tab: lesson reminders, course news). */
  group: z.uuid().optional(),
});

/** The signed-in user's notices (newest first) and marking them read; staff with `notice:index` read anyone's. */
@Controller('notices')
export class NoticesController {
  constructor(private readonly notices: NoticesService) {}

  @Get()
  @SignedIn()
  @ApiShape({ response: noticePage, summary: 'The caller\'s notices, newest first' })
  list(@CurrentUser() user: AuthUser, @ValidQuery(listQuery) q: z.output<typeof listQuery>) {
    return this.notices.list(user.sub, q, currentLocale());
  }

  @Post('read-all')
  @ApiShape({ response: noticesReadAllReply })
  @HttpCode(200)
  @SignedIn()
  async readAll(@CurrentUser() user: AuthUser) {
    return { data: { updated: await this.notices.markAllRead(user.sub) } };
  }

  @Post(':id/read')
  @ApiShape({ response: noticeReadReply })
  @HttpCode(200)
  @SignedIn()
  async read(@CurrentUser() user: AuthUser, @UuidParam('id') id: string) {
    return { data: await this.notices.markRead(user.sub, id, currentLocale()) };
  }

  @Get('users/:userId')
  @ApiShape({ response: noticePage })
  @RequirePermission('notice:index')
  listOf(@UuidParam('userId') userId: string, @ValidQuery(listQuery) q: z.output<typeof listQuery>) {
    return this.notices.list(userId, q, currentLocale());
  }
}
