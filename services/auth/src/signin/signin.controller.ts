import { Controller, HttpCode, Post } from '@nestjs/common';
import type { Locale } from '@olymp/proto';
import { ApiShape, type AuthUser, ClientIp, CurrentUser, Public, RequestLocale, SignedIn, ValidBody } from '@olymp/server-kit';
import { message, refreshReply, sendOtpReply, signInReply } from '@olymp/proto';
import type { z } from 'zod';
import { checkUserBody, loginBody, refreshBody, registerBody, sendOtpBody, verifyOtpBody } from './signin.dto';
import { SignInService } from './signin.service';
import { SessionsService } from '../sessions/sessions.service';
import { verifyOtpReply, checkUserReply, logoutReply } from '@olymp/proto';

/** Spec section 7, "Auth and profile": the calls that get a person signed in and out. */
@Controller()
export class SignInController {
  constructor(
    private readonly signin: SignInService,
    private readonly sessions: SessionsService,
  ) {}

  @Post('send-otp')
  @HttpCode(200)
  @Public()
  @ApiShape({ response: sendOtpReply, summary: 'Send a one-time code by SMS' })
  sendOtp(@ValidBody(sendOtpBody) body: z.output<typeof sendOtpBody>, @ClientIp() ip: string, @RequestLocale() locale: Locale) {
    return this.signin.sendOtp(body, ip, locale);
  }

  @Post('verify-otp')
  @ApiShape({ response: verifyOtpReply })
  @HttpCode(200)
  @Public()
  verifyOtp(@ValidBody(verifyOtpBody) body: z.output<typeof verifyOtpBody>, @RequestLocale() locale: Locale) {
    return this.signin.verifyOtp(body.phone, body.otp, body.purpose, locale);
  }

  @Post('login')
  @HttpCode(200)
  @Public()
  @ApiShape({ response: signInReply, summary: 'Sign in with a one-time code' })
  login(@ValidBody(loginBody) body: z.output<typeof loginBody>, @ClientIp() ip: string, @RequestLocale() locale: Locale) {
    return this.signin.login(body, ip, locale);
  }

  @Post('register')
  @HttpCode(201)
  @Public()
  @ApiShape({ response: signInReply, summary: 'Register a pupil and sign in' })
  register(@ValidBody(registerBody) body: z.output<typeof registerBody>, @ClientIp() ip: string, @RequestLocale() locale: Locale) {
    return this.signin.register(body, ip, locale);
  }

  @Post('check-user')
  @ApiShape({ response: checkUserReply })
  @HttpCode(200)
  @Public()
  checkUser(@ValidBody(checkUserBody) body: z.output<typeof checkUserBody>) {
    return this.signin.checkUser(body);
  }

  @Post('refresh-token')
  @HttpCode(200)
  @Public()
  @ApiShape({ response: refreshReply, summary: 'The next pair of tokens (the refresh token works once)' })
  refresh(@ValidBody(refreshBody) body: z.output<typeof refreshBody>, @ClientIp() ip: string) {
    return this.signin.refresh(body.refreshToken, ip);
  }

  @Post('logout')
  @ApiShape({ response: logoutReply })
  @HttpCode(200)
  @SignedIn()
  async logout(@CurrentUser() user: AuthUser, @RequestLocale() locale: Locale) {
    await this.sessions.end(user.sub, user.sid, 'logout');
    return { data: null, message: message('SIGNED_OUT', locale) };
  }
}
