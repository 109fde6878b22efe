import { z } from 'zod';
import { ROLE_IDS, normalizePhone } from '@olymp/proto';
import { DomainError, numeral } from '@olymp/server-kit';

/**
 * Bodies of the sign-in calls (spec section 7). Field names are the spec's (`device_id`, `device_info`, `otp`);
 * objects are strict, so a body carrying `roleId` or any field the caller may not set is refused.
 */
/** A phone as typed; `requirePhone` turns it into +7XXXXXXXXXX or answers 400 INVALID_PHONE with a clear message. */
export const phone = z.string().trim().min(1).max(40);

export function requirePhone(value: string, field = 'phone'): string {
  const p = normalizePhone(value);
  if (!p) throw new DomainError('INVALID_PHONE', {}, { [field]: 'INVALID_PHONE' });
  return p;
}

/** What a browser tells about itself (spec section 3). */
export const deviceInfo = z.strictObject({
  userAgent: z.string().max(500).optional(),
  platform: z.string().max(100).optional(),
  language: z.string().max(35).optional(),
  screenWidth: z.number().int().min(0).max(20000).optional(),
  screenHeight: z.number().int().min(0).max(20000).optional(),
  timeZone: z.string().max(64).optional(),
  colorDepth: z.number().int().min(0).max(64).optional(),
  pixelRatio: z.number().min(0).max(16).optional(),
  touchPoints: z.number().int().min(0).max(64).optional(),
  hardwareConcurrency: z.number().int().min(0).max(1024).optional(),
  deviceMemory: z.number().min(0).max(4096).optional(),
  webglVendor: z.string().max(200).optional(),
  lastAccessed: z.string().max(40).optional(),
});

const deviceId = z.string().trim().min(8).max(200);
/** Clients send a role (spec: 1 by default); the account's own role decides, so it is checked and ignored. */
const role = numeral(z.number().int().refine((v) => (ROLE_IDS as number[]).includes(v), 'role')).optional();
const email = z.email().max(254).transform((v) => v.toLowerCase());

export const sendOtpBody = z.strictObject({
  phone: phone.optional(),
  email: email.optional(),
  purpose: z.enum(['login', 'register']).default('login'),
  role,
  device_id: deviceId.optional(),
  device_info: deviceInfo.optional(),
});

export const verifyOtpBody = z.strictObject({
  phone,
  otp: z.string().regex(/^\d{6}$/),
  purpose: z.enum(['login', 'register']).default('login'),
});

export const loginBody = z.strictObject({
  phone: phone.optional(),
  email: email.optional(),
  otp: z.string().regex(/^\d{6}$/).optional(),
  role,
  device_id: deviceId,
  device_info: deviceInfo.default({}),
});

export const registerBody = z.strictObject({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  phone,
  grade: z.number().int().min(1).max(11),
  province: z.number().int().positive().max(2_147_483_647),
  district: z.number().int().positive().max(2_147_483_647),
  school: z.number().int().positive().max(2_147_483_647),
  parentPhone: phone,
  code: z.string().regex(/^\d{6}$/),
  device_id: deviceId,
  device_info: deviceInfo.default({}),
});

export const checkUserBody = z.strictObject({ phone: phone.optional(), email: email.optional() });

export const refreshBody = z.strictObject({ refreshToken: z.string().min(20).max(200) });

export type SendOtpBody = z.output<typeof sendOtpBody>;
export type LoginBody = z.output<typeof loginBody>;
export type RegisterBody = z.output<typeof registerBody>;
