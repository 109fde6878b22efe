/** HTTP contracts of the auth service that the UIs read (docs/auth.md): signing in, the profile, platform settings. */
import { z } from 'zod';
import { dataOf, dataWithMessage, isoInstant, localizedText, pageOf } from './http';
import { LOCALES } from './locale';
import { ROLE_IDS } from './roles';
import { type PublicSettings, SETTING_KEYS, type SettingView } from './settings';

const landingStage = z.object({ name: localizedText, date: z.iso.date().nullable() });
const landingStages = z.array(landingStage);

/** `GET /api/settings/public` (no sign-in): the support contact, a live announcement, the landing pages' dates. */
export const publicSettingsView = z.object({
  support: z.object({ email: z.string(), phone: z.string().nullable() }),
  announcement: z.object({ text: localizedText }).nullable(),
  landing: z.object({
    stages: z.object({ primary: landingStages, senior: landingStages, teachers: landingStages }),
    updatedOn: z.iso.date().nullable(),
    legalUpdatedOn: z.iso.date().nullable(),
  }),
}) satisfies z.ZodType<PublicSettings>;
export const publicSettingsReply = dataOf(publicSettingsView);
export type PublicSettingsReply = z.output<typeof publicSettingsReply>;

/** One setting as staff see it; `value` is described per key in proto/src/settings.ts. */
export const settingView = z.object({
  key: z.enum(SETTING_KEYS),
  value: z.unknown(),
  isDefault: z.boolean(),
  updatedAt: isoInstant.nullable(),
});
/** `GET /api/settings`. */
export const settingListReply = dataOf(z.array(settingView));
export type SettingListReply = { data: SettingView[] };
/** `GET /api/settings/{key}`. */
export const settingReply = dataOf(settingView);
export type SettingReply = { data: SettingView };
/** `PUT /api/settings/{key}`: the saved setting and a message. */
export const settingSaveReply = dataWithMessage(settingView);
export type SettingSaveReply = { data: SettingView; message: string };

/** A signed-in session: the access token (15 min), the refresh token (rotated on every use). */
export const tokenData = z.object({
  token: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int(),
  refreshToken: z.string(),
});
/** `POST /api/login` and `POST /api/register`: the session and who signed in. */
export const signInReply = dataWithMessage(
  tokenData.extend({ user: z.object({ uuid: z.uuid(), roleId: z.literal(ROLE_IDS), student: z.boolean() }) }),
);
export type SignInReply = z.output<typeof signInReply>;
export type SignedInSession = SignInReply['data'];
/** `POST /api/refresh-token`: the next pair of tokens. */
export const refreshReply = dataOf(tokenData);
export type RefreshReply = z.output<typeof refreshReply>;

/** `POST /api/send-otp`: where the code went (masked) and when another may be asked for. */
export const sendOtpReply = dataWithMessage(z.object({ sentTo: z.string(), resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() }));
export type SendOtpReply = z.output<typeof sendOtpReply>;

/** The signed-in user as their own profile shows it (`GET /api/profile`, `PUT /api/users/{user}`). */
export const profileView = z.object({
  uuid: z.uuid(),
  roleId: z.number().int(),
  student: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  grade: z.number().int().nullable(),
  /** The language bulk-made papers (certificates) are in; null when not known. Optional for older clients' mocks. */
  locale: z.enum(LOCALES).nullable().optional(),
  parentPhone: z.string().nullable(),
  provinceId: z.number().int().nullable(),
  districtId: z.number().int().nullable(),
  schoolId: z.number().int().nullable(),
  /** The current avatar's URL, null when there is none. */
  avatar: z.string().nullable(),
});
export type ProfileView = z.output<typeof profileView>;
export const profileReply = dataOf(profileView);
export type ProfileReply = z.output<typeof profileReply>;
export const profileSaveReply = dataWithMessage(profileView);
export type ProfileSaveReply = z.output<typeof profileSaveReply>;
/** `GET /api/user-permissions`: the caller's permission keys. */
export const userPermissionsReply = dataOf(z.array(z.string()));
export type UserPermissionsReply = z.output<typeof userPermissionsReply>;

/** One code of the OTP log (staff, `otp:index`), with what notifications recorded about its SMS. */
export const otpLogRow = z.object({
  id: z.uuid(),
  phone: z.string(),
  purpose: z.string(),
  status: z.enum(['used', 'blocked', 'replaced', 'expired', 'pending']),
  attempts: z.number().int(),
  clientIp: z.string(),
  sentAt: isoInstant,
  usedAt: isoInstant.nullable(),
  /**
   * What notifications recorded about the SMS (RPC `notifications.sms.deliveries`, asked when the page is read): null
   * until its first attempt; status `unknown` (and nulls) when notifications did not answer in time.
   */
  delivery: z
    .object({ status: z.enum(['sent', 'delivered', 'failed', 'unknown']), provider: z.string().nullable(), attempts: z.number().int().nullable(), error: z.string().nullable(), reportedAt: isoInstant.nullable() })
    .nullable(),
});
export type OtpLogRow = z.output<typeof otpLogRow>;
/** `GET /api/otp`: newest first. */
export const otpLogPage = pageOf(otpLogRow);
export type OtpLogPage = z.output<typeof otpLogPage>;

/* People (staff pages of a pupil or a teacher; the person themself for addresses) */

export const RELATIVE_KINDS = ['mother', 'father', 'guardian', 'other'] as const;
/** A parent or guardian of a pupil: one per kind. */
export const parentView = z.object({ relative: z.enum(RELATIVE_KINDS), fullName: z.string(), phone: z.string(), createdAt: isoInstant, updatedAt: isoInstant });
export type ParentView = z.output<typeof parentView>;
/** `GET /api/users/{user}/parents`. */
export const parentListReply = dataOf(z.array(parentView));
export type ParentListReply = z.output<typeof parentListReply>;
/** `POST /api/users/{user}/parents`, `PUT /api/users/{user}/parents/{relative}`. */
export const parentSaveReply = dataWithMessage(parentView);
export type ParentSaveReply = z.output<typeof parentSaveReply>;

/** A home or school address. */
export const addressView = z.object({
  kind: z.enum(['home', 'school']),
  region: z.string().nullable(),
  city: z.string(),
  street: z.string(),
  house: z.string(),
  apartment: z.string().nullable(),
  postalCode: z.string().nullable(),
  updatedAt: isoInstant,
});
export type AddressView = z.output<typeof addressView>;
/** `GET /api/users/{user}/home-address|school-address`: null while none is saved. */
export const addressReply = dataOf(addressView.nullable());
export type AddressReply = z.output<typeof addressReply>;
/** `PUT` of an address. */
export const addressSaveReply = dataWithMessage(addressView.nullable());
export type AddressSaveReply = z.output<typeof addressSaveReply>;

/** `GET` and `PUT /api/roles/{id}/permissions`: the keys a role holds, sorted; the administrator's set is not editable. */
export const roleSet = z.object({ data: z.array(z.string()), editable: z.boolean() });
export type RoleSet = z.output<typeof roleSet>;

/** A pupil's avatar (`GET /api/users/{user}/avatars` lists them newest first); `url` is null once removed. */
export const avatarView = z.object({
  id: z.uuid(),
  url: z.string().nullable(),
  mime: z.literal('image/webp'),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  current: z.boolean(),
  createdAt: isoInstant,
  removedAt: isoInstant.nullable(),
});
export type AvatarView = z.output<typeof avatarView>;
export const avatarListReply = dataOf(z.array(avatarView));
export type AvatarListReply = z.output<typeof avatarListReply>;
/** `POST /api/users/{user}/avatar`: the new current avatar. */
export const avatarReply = dataOf(avatarView);
export type AvatarReply = z.output<typeof avatarReply>;
/** `DELETE /api/users/{user}/avatar`: which avatar was removed. */
export const avatarRemovedReply = dataOf(z.object({ id: z.uuid(), deleted: z.literal(true) }));
export type AvatarRemovedReply = z.output<typeof avatarRemovedReply>;

/** `PUT /api/students/{user}/update-personal-info` and `update-school`: the pupil's record after the change. */
export const studentRecordSaveReply = dataWithMessage(
  z.object({
    uuid: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    grade: z.number().int().nullable(),
    parentPhone: z.string().nullable(),
    provinceId: z.number().int().nullable(),
    districtId: z.number().int().nullable(),
    schoolId: z.number().int().nullable(),
  }),
);
export type StudentRecordSaveReply = z.output<typeof studentRecordSaveReply>;

/** `DELETE /api/users/{user}/parents/{relative}`. */
export const parentRemovedReply = dataOf(z.object({ relative: z.enum(RELATIVE_KINDS), deleted: z.literal(true) }));
export type ParentRemovedReply = z.output<typeof parentRemovedReply>;

/** A signed-in device (session) of a user, newest first (`GET /api/users/{user}/devices`). */
export const deviceView = z.object({
  sessionId: z.uuid(),
  deviceId: z.string(),
  /** What the client said about itself when signing in. */
  deviceInfo: z.record(z.string(), z.unknown()),
  clientIp: z.string(),
  signedInAt: isoInstant,
  lastUsedAt: isoInstant,
  active: z.boolean(),
  endedAt: isoInstant.nullable(),
  endReason: z.string().nullable(),
});
export type DeviceView = z.output<typeof deviceView>;
export const deviceListReply = dataOf(z.array(deviceView));
export type DeviceListReply = z.output<typeof deviceListReply>;
/** `DELETE /api/users/{user}/devices`: how many sessions were ended. */
export const devicesResetReply = dataOf(z.object({ ended: z.number().int() }));
export type DevicesResetReply = z.output<typeof devicesResetReply>;

/** `POST /api/verify-otp`: whether the code is right (it is not spent). */
export const verifyOtpReply = dataWithMessage(z.object({ valid: z.boolean() }));
export type VerifyOtpReply = z.output<typeof verifyOtpReply>;
/** `POST /api/check-user`: whether the phone has an account, and whether it is a pupil's (null without one). */
export const checkUserReply = dataOf(z.object({ exists: z.boolean(), student: z.boolean().nullable() }));
export type CheckUserReply = z.output<typeof checkUserReply>;
/** `POST /api/logout`. */
export const logoutReply = dataWithMessage(z.null());
export type LogoutReply = z.output<typeof logoutReply>;
/** `PUT /api/users/{user}/role`: the new role and how many of the user's sessions were ended. */
export const roleChangeReply = dataWithMessage(z.object({ id: z.uuid(), roleId: z.number().int(), sessionsEnded: z.number().int() }));
export type RoleChangeReply = z.output<typeof roleChangeReply>;
