import { Controller, Delete, Get, Post } from '@nestjs/common';
import type { z } from 'zod';
import { groupMemberRemovedReply, groupMemberReply, groupMembersReply, myGroupsReply, myTeachingGroupsReply, timetableReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, RequirePermission, SignedIn, UuidParam, ValidBody, ValidQuery } from '@olymp/server-kit';
import { addMember, timetableQuery, weekQuery } from './course.dto';
import { GroupsService } from './groups.service';

/** A group's people (staff add and remove them) and timetables (the group's, the caller's own). */
@Controller()
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

  /** Staff who read groups, or the group's teachers. */
  @Get('groups/:group/members')
  @ApiShape({ response: groupMembersReply })
  @SignedIn()
  members(@CurrentUser() user: AuthUser, @UuidParam('group') groupId: string) {
    return this.groups.members(user, groupId);
  }

  @Post('groups/:group/members')
  @ApiShape({ response: groupMemberReply, body: addMember })
  @RequirePermission('group:update')
  add(@UuidParam('group') groupId: string, @ValidBody(addMember) body: z.output<typeof addMember>) {
    return this.groups.add(groupId, body.userId, body.role);
  }

  @Delete('groups/:group/members/:user')
  @ApiShape({ summary: 'Takes a pupil or a teacher off the group.', response: groupMemberRemovedReply })
  @RequirePermission('group:update')
  async remove(@UuidParam('group') groupId: string, @UuidParam('user') userId: string) {
    await this.groups.remove(groupId, userId);
    return { data: { groupId, userId } };
  }

  /** Staff who read groups, or the group's members; the group link and recordings only within their windows. */
  @Get('groups/:group/timetable')
  @ApiShape({ response: timetableReply, query: timetableQuery })
  @SignedIn()
  timetable(@CurrentUser() user: AuthUser, @UuidParam('group') groupId: string, @ValidQuery(timetableQuery) q: z.output<typeof timetableQuery>) {
    return this.groups.groupTimetable(user, groupId, q);
  }

  @Get('my-groups')
  @ApiShape({ response: myGroupsReply })
  @SignedIn()
  myGroups(@CurrentUser() user: AuthUser) {
    return this.groups.myGroups(user);
  }

  /** The groups the caller teaches, for the admin's "My groups" (membership decides, not keys). */
  @Get('my-teaching-groups')
  @ApiShape({ response: myTeachingGroupsReply })
  @SignedIn()
  myTeachingGroups(@CurrentUser() user: AuthUser) {
    return this.groups.myTeachingGroups(user);
  }

  @Get('my-timetable')
  @ApiShape({ response: timetableReply, query: weekQuery })
  @SignedIn()
  myTimetable(@CurrentUser() user: AuthUser, @ValidQuery(weekQuery) q: z.output<typeof weekQuery>) {
    return this.groups.myTimetable(user, q);
  }
}
