/** HTTP contracts of the auth service that the UIs read (docs/auth.md): signing in, the profile, platform settings. */
import { z } from 'zod';
import { dataOf, dataWithMessage, isoInstant, localizedText } from './http';
import { ROLE_IDS } from './roles';
import { type PublicSettings, SETTING_KEYS, type SettingView } from './settings';

/** `GET /api/settings/public` (no sign-in): the support contact and a live announcement. */
export const publicSettingsView = z.object({
  support: z.object({ email: z.string(), phone: z.string().nullable() }),
  announcement: z.object({ text: localizedText }).nullable(),
}) satisfies z.ZodType<PublicSettings>;
export const publicSettingsReply = dataOf(publicSettingsView);
export type PublicSettingsReply = z.input<typeof publicSettingsReply>;

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
export type SignInReply = z.input<typeof signInReply>;
export type SignedInSession = SignInReply['data'];
/** `POST /api/refresh-token`: the next pair of tokens. */
export const refreshReply = dataOf(tokenData);
export type RefreshReply = z.input<typeof refreshReply>;

/** `POST /api/send-otp`: where the code went (masked) and when another may be asked for. */
export const sendOtpReply = dataWithMessage(z.object({ sentTo: z.string(), resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() }));
export type SendOtpReply = z.input<typeof sendOtpReply>;

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
  parentPhone: z.string().nullable(),
  provinceId: z.number().int().nullable(),
  districtId: z.number().int().nullable(),
  schoolId: z.number().int().nullable(),
  /** The current avatar's URL, null when there is none. */
  avatar: z.string().nullable(),
});
export type ProfileView = z.output<typeof profileView>;
export const profileReply = dataOf(profileView);
export type ProfileReply = z.input<typeof profileReply>;
export const profileSaveReply = dataWithMessage(profileView);
export type ProfileSaveReply = z.input<typeof profileSaveReply>;
/** `GET /api/user-permissions`: the caller's permission keys. */
export const userPermissionsReply = dataOf(z.array(z.string()));
export type UserPermissionsReply = z.input<typeof userPermissionsReply>;
