import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Req, StreamableFile } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { addressReply, addressSaveReply, avatarListReply, avatarRemovedReply, avatarReply, type Locale, message, parentListReply, parentRemovedReply, parentSaveReply, studentRecordSaveReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, Public, RequestLocale, SignedIn, UuidParam, parseInput } from '@olymp/server-kit';
import { PeopleService } from './people.service';
import { AvatarsService } from './avatars.service';
import { assertMayActOn } from './people.access';
import { addParentBody, addressBody, personalInfoBody, relativeParam, schoolBody, updateParentBody } from './people.dto';
import type { AddressKind } from './people.entities';

/**
 * A person's own data (spec section 7, "Students" and "Profile"). Every route is signed-in with the object-level
 * rule of `assertMayActOn` (oneself, or staff with `user:update`), checked first: a refused caller gets 403 whatever
 * the body, and nothing changes. Then the person must exist (404), then the body is validated (400).
 *
 *   PUT    /api/students/{user}/update-personal-info  { firstName, lastName, parentPhone, grade? }  (grade: GRADE_LOCKED if changed)
 *   PUT    /api/students/{user}/update-school         { province, district, school }               (checked to fit together)
 *   PUT    /api/students/{user}/update-home-address   address                                      (= users/{user}/home-address)
 *   GET    /api/users/{user}/school-address | home-address       { data: address | null }
 *   PUT    /api/users/{user}/school-address | home-address       address { region?, city, street, house, apartment?, postalCode? }
 *   GET    /api/users/{user}/parents                  { data: [{ relative, fullName, phone }] }
 *   POST   /api/users/{user}/parents                  { relative: mother|father|guardian|other, fullName, phone }  201; 409 PARENT_EXISTS
 *   PUT    /api/users/{user}/parents/{relative}       { fullName, phone }
 *   DELETE /api/users/{user}/parents/{relative}
 *   POST   /api/users/{user}/avatar                   multipart, file in `avatar` (JPEG/PNG/WebP by bytes, 2 MB) -> WebP <= 512 px
 *   GET    /api/users/{user}/avatars                  the history, newest first
 *   DELETE /api/users/{user}/avatar                   removes the current avatar
 *   GET    /api/users/{user}/avatars/{filename}       public: the image (unguessable name; used by <img>, which sends no token)
 *
 * `students/{user}` names pupils only: another person there is 404.
 */
@Controller()
export class PeopleController {
  constructor(
    private readonly people: PeopleService,
    private readonly avatars: AvatarsService,
  ) {}

  @Put('students/:user/update-personal-info')
  @ApiShape({ response: studentRecordSaveReply, body: personalInfoBody })
  @SignedIn()
  async updatePersonalInfo(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string, @Body() raw: unknown, @RequestLocale() locale: Locale) {
    assertMayActOn(caller, userId);
    await this.people.assertStudent(userId);
    const body = parseInput(personalInfoBody, raw ?? {});
    return { data: await this.people.updatePersonalInfo(caller, userId, body), message: message('SAVED', locale) };
  }

  @Put('students/:user/update-school')
  @ApiShape({ response: studentRecordSaveReply, body: schoolBody })
  @SignedIn()
  async updateSchool(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string, @Body() raw: unknown, @RequestLocale() locale: Locale) {
    assertMayActOn(caller, userId);
    await this.people.assertStudent(userId);
    const body = parseInput(schoolBody, raw ?? {});
    return { data: await this.people.updateSchool(caller, userId, body), message: message('SAVED', locale) };
  }

  @Put('students/:user/update-home-address')
  @ApiShape({ response: addressSaveReply, body: addressBody })
  @SignedIn()
  async updateHomeAddress(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string, @Body() raw: unknown, @RequestLocale() locale: Locale) {
    assertMayActOn(caller, userId);
    await this.people.assertStudent(userId);
    const body = parseInput(addressBody, raw ?? {});
    return { data: await this.people.saveAddress(caller, userId, 'home', body, 'students'), message: message('SAVED', locale) };
  }

  @Get('users/:user/school-address')
  @SignedIn()
  @ApiShape({ response: addressReply })
  schoolAddress(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string) {
    return this.readAddress(caller, userId, 'school');
  }

  @Put('users/:user/school-address')
  @SignedIn()
  @ApiShape({ response: addressSaveReply, body: addressBody })
  saveSchoolAddress(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string, @Body() raw: unknown, @RequestLocale() locale: Locale) {
    return this.writeAddress(caller, userId, 'school', raw, locale);
  }

  @Get('users/:user/home-address')
  @SignedIn()
  @ApiShape({ response: addressReply })
  homeAddress(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string) {
    return this.readAddress(caller, userId, 'home');
  }

  @Put('users/:user/home-address')
  @SignedIn()
  @ApiShape({ response: addressSaveReply, body: addressBody })
  saveHomeAddress(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string, @Body() raw: unknown, @RequestLocale() locale: Locale) {
    return this.writeAddress(caller, userId, 'home', raw, locale);
  }

  @Get('users/:user/parents')
  @SignedIn()
  @ApiShape({ response: parentListReply })
  async parents(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string) {
    assertMayActOn(caller, userId);
    return { data: await this.people.parents(userId) };
  }

  @Post('users/:user/parents')
  @SignedIn()
  @ApiShape({ response: parentSaveReply, body: addParentBody })
  async addParent(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string, @Body() raw: unknown, @RequestLocale() locale: Locale) {
    assertMayActOn(caller, userId);
    await this.people.person(userId);
    const body = parseInput(addParentBody, raw ?? {});
    return { data: await this.people.addParent(caller, userId, body), message: message('SAVED', locale) };
  }

  @Put('users/:user/parents/:relative')
  @SignedIn()
  @ApiShape({ response: parentSaveReply, body: updateParentBody })
  async updateParent(
    @CurrentUser() caller: AuthUser,
    @UuidParam('user') userId: string,
    @Param('relative') relative: string,
    @Body() raw: unknown,
    @RequestLocale() locale: Locale,
  ) {
    assertMayActOn(caller, userId);
    await this.people.person(userId);
    const param = parseInput(relativeParam, { relative });
    const body = parseInput(updateParentBody, raw ?? {});
    return { data: await this.people.updateParent(caller, userId, param.relative, body), message: message('SAVED', locale) };
  }

  @Delete('users/:user/parents/:relative')
  @ApiShape({ response: parentRemovedReply })
  @SignedIn()
  async removeParent(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string, @Param('relative') relative: string) {
    assertMayActOn(caller, userId);
    await this.people.person(userId);
    const param = parseInput(relativeParam, { relative });
    return { data: await this.people.removeParent(caller, userId, param.relative) };
  }

  @Post('users/:user/avatar')
  @ApiShape({ response: avatarReply, bodyType: 'multipart/form-data', summary: 'Upload an avatar (multipart field `avatar`)' })
  @SignedIn()
  async uploadAvatar(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string, @Req() req: FastifyRequest) {
    assertMayActOn(caller, userId);
    return { data: await this.avatars.store(caller, userId, req) };
  }

  @Get('users/:user/avatars')
  @ApiShape({ response: avatarListReply })
  @SignedIn()
  async avatarHistory(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string) {
    assertMayActOn(caller, userId);
    return { data: await this.avatars.history(userId) };
  }

  @Delete('users/:user/avatar')
  @ApiShape({ response: avatarRemovedReply })
  @SignedIn()
  @HttpCode(200)
  async removeAvatar(@CurrentUser() caller: AuthUser, @UuidParam('user') userId: string) {
    assertMayActOn(caller, userId);
    return { data: await this.avatars.remove(caller, userId) };
  }

  /** Public: `<img>` sends no token; the name is an unguessable uuid and a removed avatar is 404. */
  @Get('users/:user/avatars/:filename')
  @Public()
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  @Header('X-Content-Type-Options', 'nosniff')
  async avatarImage(@UuidParam('user') userId: string, @Param('filename') filename: string) {
    const file = await this.avatars.read(userId, filename);
    return new StreamableFile(file.stream, { type: 'image/webp', length: file.size });
  }

  private async readAddress(caller: AuthUser, userId: string, kind: AddressKind) {
    assertMayActOn(caller, userId);
    return { data: await this.people.address(userId, kind) };
  }

  private async writeAddress(caller: AuthUser, userId: string, kind: AddressKind, raw: unknown, locale: Locale) {
    assertMayActOn(caller, userId);
    await this.people.person(userId);
    const body = parseInput(addressBody, raw ?? {});
    return { data: await this.people.saveAddress(caller, userId, kind, body, 'users'), message: message('SAVED', locale) };
  }
}
