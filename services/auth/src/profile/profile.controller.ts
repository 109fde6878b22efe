import { Controller, Delete, Get, Put } from '@nestjs/common';
import type { Locale } from '@olymp/proto';
import { message, profileReply, profileSaveReply, userPermissionsReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, DomainError, RequestLocale, SignedIn, UuidParam, ValidBody } from '@olymp/server-kit';
import type { z } from 'zod';
import { ProfileService } from './profile.service';
import { updateUserBody } from './profile.dto';
import { SessionsService } from '../sessions/sessions.service';
import { deviceListReply, devicesResetReply } from '@olymp/proto';

/** The signed-in person's profile and permissions, profile updates, and staff's view of a person's devices. */
@Controller()
export class ProfileController {
  constructor(
    private readonly profiles: ProfileService,
    private readonly sessions: SessionsService,
  ) {}

  @Get('profile')
  @SignedIn()
  @ApiShape({ response: profileReply, summary: 'The caller\'s profile' })
  profile(@CurrentUser() user: AuthUser) {
    return this.profiles.profile(user.sub);
  }

  @Get('user-permissions')
  @SignedIn()
  @ApiShape({ response: userPermissionsReply })
  permissions(@CurrentUser() user: AuthUser) {
    return this.profiles.permissions(user);
  }

  @Put('users/:user')
  @SignedIn()
  @ApiShape({ response: profileSaveReply, summary: 'Change a profile (one\'s own, or anyone\'s with user:update)' })
  async update(
    @CurrentUser() caller: AuthUser,
    @UuidParam('user') userId: string,
    @ValidBody(updateUserBody) body: z.output<typeof updateUserBody>,
    @RequestLocale() locale: Locale,
  ) {
    return { ...(await this.profiles.update(caller, userId, body)), message: message('SAVED', locale) };
  }

  /** A person sees their own devices; staff need `user:devices_view`. */
  @Get('users/:user/devices')
  @ApiShape({ response: deviceListReply })
  @SignedIn()
  async devices(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string) {
    if (caller.sub !== userId && !caller.isAdmin && !caller.permissions.has('user:devices_view')) throw new DomainError('FORBIDDEN');
    await this.profiles.profile(userId); // 404 for a person who does not exist
    return { data: await this.sessions.devices(userId) };
  }

  /** Staff end every session of a person (a lost phone, a shared account): they sign in again on one device. */
  @Delete('users/:user/devices')
  @ApiShape({ response: devicesResetReply })
  @SignedIn()
  async resetDevices(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string) {
    if (!caller.isAdmin && !caller.permissions.has('user:devices_reset')) throw new DomainError('FORBIDDEN');
    await this.profiles.profile(userId);
    return { data: { ended: await this.sessions.endAll(userId, 'staff_reset') } };
  }
}
