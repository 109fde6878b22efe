/** HTTP contracts of the auth service that the UIs read (docs/auth.md): platform settings. */
import { z } from 'zod';
import { dataOf, dataWithMessage, isoInstant, localizedText } from './http';
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
