import { Controller, Get, Put } from '@nestjs/common';
import { type Locale, message, socialMediaReply, socialMediaSavedReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, Public, RequestLocale, RequirePermission, ValidBody } from '@olymp/server-kit';
import { socialMediaBody, type SocialMediaBody } from './media.dto';
import { SocialMedia } from './social-media.service';

/** The footer's social-media links: read by anyone (no token), set by staff who change settings (`setting:update`). */
@Controller('social-media')
export class SocialMediaController {
  constructor(private readonly social: SocialMedia) {}

  @Get()
  @ApiShape({ response: socialMediaReply, summary: 'The footer\'s social-media links (null: no icon)' })
  @Public()
  async read() {
    return { data: await this.social.read() };
  }

  @Put()
  @ApiShape({ response: socialMediaSavedReply, body: socialMediaBody })
  @RequirePermission('setting:update')
  async save(@CurrentUser() user: AuthUser, @ValidBody(socialMediaBody) body: SocialMediaBody, @RequestLocale() locale: Locale) {
    return { data: await this.social.save(user, body), message: message('SAVED', locale) };
  }
}
