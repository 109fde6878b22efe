import { Body, Controller, Get, Header, Param, Put } from '@nestjs/common';
import { z } from 'zod';
import { type Locale, message, publicSettingsReply, settingBodySchema, settingListReply, settingReply, settingSaveReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, Public, RequestLocale, RequirePermission, parseInput } from '@olymp/server-kit';
import { SettingsService } from './settings.service';

/**
 * Platform settings by key (spec: "settings (by key)", admin "settings: general"); the keys, their schemas and
 * defaults are proto's (settings.ts).
 *
 *   GET /api/settings/public   public: { data: { support: { email, phone }, announcement: { text } | null } }
 *   GET /api/settings          `setting:index`: { data: [{ key, value, isDefault, updatedAt }] }
 *   GET /api/settings/{key}    `setting:index`: { data: { key, value, isDefault, updatedAt } }; 404 SETTING_NOT_FOUND
 *   PUT /api/settings/{key}    `setting:update`, body { value }: the saved setting and a message; 404 before 400
 *
 * Every change is in the audit log (resource `settings`, id = the key, before and after).
 */
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get('public')
  @ApiShape({ response: publicSettingsReply, summary: 'The support contact and a live announcement' })
  @Public()
  // Read by every pupil's page: a short shared cache spares the service on olympiad mornings.
  @Header('Cache-Control', 'public, max-age=30')
  async publicValues() {
    return { data: await this.settings.publicValues() };
  }

  @Get()
  @RequirePermission('setting:index')
  @ApiShape({ response: settingListReply })
  async list() {
    return { data: await this.settings.all() };
  }

  @Get(':key')
  @ApiShape({ response: settingReply })
  @RequirePermission('setting:index')
  async one(@Param('key') key: string) {
    return { data: await this.settings.one(this.settings.known(key)) };
  }

  @Put(':key')
  @ApiShape({ response: settingSaveReply, body: z.object({ value: z.unknown() }).describe('The value of the key, by its schema in proto/src/settings.ts.') })
  @RequirePermission('setting:update')
  async save(@CurrentUser() caller: AuthUser, @Param('key') raw: string, @Body() body: unknown, @RequestLocale() locale: Locale) {
    const key = this.settings.known(raw);
    const { value } = parseInput(settingBodySchema(key, locale), body ?? {}, locale);
    return { data: await this.settings.save(caller, key, value), message: message('SAVED', locale) };
  }
}
