/**
 * The general settings page's data (GET/PUT /api/settings, auth settings/): the keys and their values as the API
 * answers them (proto/src/settings.ts is the contract), and the server's field errors turned into form fields.
 */
import type {
  ANNOUNCEMENT_MAX_LENGTH as PROTO_ANNOUNCEMENT_MAX_LENGTH,
  LANDING_OLYMPIADS as PROTO_LANDING_OLYMPIADS,
  Locale,
  SettingKey,
  SettingValues,
  SettingView,
  STAGE_NAME_MAX_LENGTH as PROTO_STAGE_NAME_MAX_LENGTH,
} from '@olymp/proto';

// The keys, their values and the answers are proto's (proto/src/settings.ts), imported type-only so no zod reaches
// the bundle; the server validates with proto's schemas and its field messages are shown under the fields. The
// values the page needs are typed by proto's: a change there fails this file's typecheck.
export type { Announcement, SettingKey, SettingValues, SettingView } from '@olymp/proto';
export const LANGUAGES = ['kk', 'ru', 'en'] as const satisfies readonly Locale[];
export type Language = Locale;
export const ANNOUNCEMENT_MAX_LENGTH: typeof PROTO_ANNOUNCEMENT_MAX_LENGTH = 280;
export const STAGE_NAME_MAX_LENGTH: typeof PROTO_STAGE_NAME_MAX_LENGTH = 120;
export const LANDING_OLYMPIADS: typeof PROTO_LANDING_OLYMPIADS = ['primary', 'senior', 'teachers'];

/** One form per key; its values are the request body `{ value }`, so the server's error paths are its field names. */
export interface SettingForm<K extends SettingKey = SettingKey> {
  value: SettingValues[K];
}

/** The value of `key` from the list answer. */
export function valueOf<K extends SettingKey>(list: SettingView[] | undefined, key: K): SettingValues[K] | undefined {
  return list?.find((s) => s.key === key)?.value as SettingValues[K] | undefined;
}

/**
 * The server's field errors (`{ 'value.text.kk': ['...'] }`, as the HTTP client hands them on) as antd form fields.
 * Paths outside the form's fields (none should come) are left to the error toast.
 */
export function fieldErrors(errors: Record<string, string[] | string> | undefined, known: (path: (string | number)[]) => boolean) {
  const fields: { name: (string | number)[]; errors: string[] }[] = [];
  const rest: string[] = [];
  for (const [path, messages] of Object.entries(errors ?? {})) {
    // A list's index is a number in the form's field names (`value.stages.primary.0.name.ru`).
    const name = path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const list = Array.isArray(messages) ? messages : [messages];
    if (known(name)) fields.push({ name, errors: list });
    else rest.push(...list);
  }
  return { fields, rest };
}

/** What is sent: an empty phone means none. */
export function phoneToSend(value: string | null | undefined): string | null {
  return value && value.trim() !== '' ? value : null;
}
