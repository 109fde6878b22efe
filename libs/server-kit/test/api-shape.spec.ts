/**
 * `@ApiShape({ response })` ties a route to its proto contract at compile time: the typecheck of the tests
 * (`tsc -p tsconfig.test.json`, part of `npm run typecheck`) fails if a line marked `@ts-expect-error` below
 * compiles, i.e. if the decorator stopped refusing a method whose answer does not fit the contract. At run time it
 * only records the shape for the OpenAPI document.
 */
import { Controller, Get, Post } from '@nestjs/common';
import { type PlayReply, type PublicSettingsReply, SETTING_DEFAULTS, messageReply, playReply, publicSettingsReply } from '@olymp/proto';
import { API_SHAPE_KEY, ApiShape } from '@olymp/server-kit';

const settings: PublicSettingsReply = { data: { support: { email: 'support@altynsaqa.kz', phone: null }, announcement: null, landing: SETTING_DEFAULTS.landing } };

@Controller()
class Examples {
  @Get('fits')
  @ApiShape({ response: publicSettingsReply })
  async fits(): Promise<PublicSettingsReply> {
    return settings;
  }

  @Get('fits-sync')
  @ApiShape({ response: messageReply })
  fitsSync() {
    return { message: 'ok' };
  }

  @Get('missing-field')
  // @ts-expect-error the answer lacks `announcement`: a contract field the service does not send
  @ApiShape({ response: publicSettingsReply })
  async missingField() {
    return { data: { support: { email: 'support@altynsaqa.kz', phone: null } } };
  }

  @Get('wrong-type')
  // @ts-expect-error `phone` is a number where the contract says string or null
  @ApiShape({ response: publicSettingsReply })
  wrongType() {
    return { data: { support: { email: 'a@b.kz', phone: 7700 }, announcement: null, landing: SETTING_DEFAULTS.landing } };
  }

  @Post('other-contract')
  // @ts-expect-error a play view is not what this route's contract describes
  @ApiShape({ response: publicSettingsReply })
  async otherContract(): Promise<PlayReply> {
    return { data: { quiz: { id: '', title: { kk: '', ru: '', en: '' }, description: { kk: '', ru: '', en: '' }, durationSeconds: 1, questionCount: 0, maxPoints: 0 }, attempt: null, questions: [], context: { kind: 'standalone' } } };
  }

  @Get('file')
  @ApiShape({ responseType: 'text/csv' })
  file() {
    return 'a,b\n';
  }
}

describe('@ApiShape', () => {
  it('records the contract on the route for the OpenAPI document', () => {
    const proto = Examples.prototype as unknown as Record<string, object>;
    expect(Reflect.getMetadata(API_SHAPE_KEY, proto.fits)).toEqual({ response: publicSettingsReply });
    expect(Reflect.getMetadata(API_SHAPE_KEY, proto.file)).toEqual({ responseType: 'text/csv' });
    expect(playReply).toBeDefined();
  });
});
