import type { Localized } from '@olymp/proto';
import { currentLocale } from '@olymp/server-kit';

/**
 * A field message in the caller's language, for a zod check's `error` option: zod calls it when the input is
 * checked, inside the request, so it reads the request's `X-Locale`. For rules zod's own messages cannot explain
 * (a key format, a phone number).
 */
export const fieldMessage = (m: Localized) => () => m[currentLocale()];
