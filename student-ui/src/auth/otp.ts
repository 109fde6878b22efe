/**
 * The code step shared by registration and login (spec sections 4 and 7): the code request with device id and
 * device info, and the pending credential kept in sessionStorage until the code is entered.
 */
import type { SendOtpReply } from '@olymp/proto';
import { ApiError, apiJson } from '../api/http';
import { deviceId, deviceInfo } from '../lib/device';
import { readJson, writeJson } from '../lib/storage';

/** Spec section 6: code requests send role 1 by default (the server checks and ignores it). */
export const REQUEST_ROLE = 1;

export type Channel = 'phone' | 'email';

export interface CodeSent {
  sentTo: string;
  resendAfterSeconds: number;
  /** Date.now() when the server answered, to count the resend timer down across reloads. */
  at: number;
}

/** Field errors the UI must show rather than treat as "sent". */
const FIELD_ERRORS = new Set(['INVALID_PHONE', 'VALIDATION_FAILED', 'UNKNOWN_FIELD', 'PHONE_OR_EMAIL_REQUIRED']);

/**
 * POST send-otp. A 400 counts as sent (spec section 7), except errors about the typed value; "too soon" (429) means
 * a code is already on its way: the timer shows the seconds left.
 */
export async function requestCode(target: { phone?: string; email?: string }, purpose: 'login' | 'register'): Promise<CodeSent> {
  const shown = target.phone ?? target.email ?? '';
  try {
    const answer = await apiJson<SendOtpReply>('send-otp', {
      method: 'POST',
      body: { ...target, purpose, role: REQUEST_ROLE, device_id: deviceId(), device_info: deviceInfo() },
    });
    return { sentTo: answer.data.sentTo, resendAfterSeconds: answer.data.resendAfterSeconds, at: Date.now() };
  } catch (error) {
    if (error instanceof ApiError) {
      const body = error.body as { code?: string; details?: { seconds?: number } } | undefined;
      if (error.status === 429 && body?.code === 'OTP_RESEND_TOO_SOON') {
        return { sentTo: shown, resendAfterSeconds: body.details?.seconds ?? 60, at: Date.now() };
      }
      if (error.status === 400 && !FIELD_ERRORS.has(body?.code ?? '')) return { sentTo: shown, resendAfterSeconds: 60, at: Date.now() };
    }
    throw error;
  }
}

export function secondsLeft(sent: CodeSent, now = Date.now()): number {
  return Math.max(0, Math.ceil(sent.resendAfterSeconds - (now - sent.at) / 1000));
}

/* The pending credentials: sessionStorage, so they end with the tab. */

export interface PendingLogin {
  channel: Channel;
  value: string;
  sent: CodeSent;
}

export interface RegistrationForm {
  firstName: string;
  lastName: string;
  phone: string;
  grade: string;
  province: string;
  district: string;
  school: string;
  parentPhone: string;
}

export interface PendingRegistration {
  form: RegistrationForm;
  sent: CodeSent;
}

const PENDING_LOGIN = 'pending_login';
const PENDING_REGISTRATION = 'pending_registration';
const REGISTRATION_DRAFT = 'registration_draft';

export const pendingLogin = {
  read: () => readJson<PendingLogin>(PENDING_LOGIN, 'session'),
  write: (value: PendingLogin | null) => writeJson(PENDING_LOGIN, value, 'session'),
};

export const pendingRegistration = {
  read: () => readJson<PendingRegistration>(PENDING_REGISTRATION, 'session'),
  write: (value: PendingRegistration | null) => writeJson(PENDING_REGISTRATION, value, 'session'),
};

/** What was typed in the form, so "change number" returns to a filled form. */
export const registrationDraft = {
  read: () => readJson<RegistrationForm>(REGISTRATION_DRAFT, 'session'),
  write: (value: RegistrationForm | null) => writeJson(REGISTRATION_DRAFT, value, 'session'),
};

/**
 * The server's message, in the pupil's language (the API localizes by X-Locale), when it is one meant for people: a
 * 4xx refusal. A 5xx, a proxy page or a lost connection get `fallback`, never a raw server text.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    const body = error.body as { message?: string } | undefined;
    if (typeof body?.message === 'string' && body.message) return body.message;
  }
  return fallback;
}

export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const body = error.body as { errors?: Record<string, string> } | undefined;
  return body?.errors ?? {};
}
