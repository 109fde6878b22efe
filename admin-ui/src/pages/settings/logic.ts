/**
 * The general settings page's data (GET/PUT /api/settings, auth settings/): the keys and their values as the API
 * answers them (proto/src/settings.ts is the contract), and the server's field errors turned into form fields.
 */
export const LANGUAGES = ['kk', 'ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Announcement {
  enabled: boolean;
  text: Record<Language, string>;
}

export interface SettingValues {
  'support.email': string;
  'support.phone': string | null;
  announcement: Announcement;
}

export type SettingKey = keyof SettingValues;
export const SETTING_KEYS: SettingKey[] = ['support.email', 'support.phone', 'announcement'];
export const ANNOUNCEMENT_MAX_LENGTH = 280;

export interface SettingView<K extends SettingKey = SettingKey> {
  key: K;
  value: SettingValues[K];
  isDefault: boolean;
  updatedAt: string | null;
}

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
export function fieldErrors(errors: Record<string, string[] | string> | undefined, known: (path: string[]) => boolean) {
  const fields: { name: string[]; errors: string[] }[] = [];
  const rest: string[] = [];
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const name = path.split('.');
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
