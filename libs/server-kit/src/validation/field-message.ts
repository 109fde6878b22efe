import type { Localized } from '@olymp/proto';
import { currentLocale } from '../logging/context';

/**
 * A field message in the caller's language, for a zod check's `error` option or a refinement's issue: zod calls it
 * while the input is checked, inside the request, so it reads the request's `X-Locale`. For rules zod's own
 * messages cannot explain (a key format, a phone number, two fields that go together).
 */
export const fieldMessage = (m: Localized) => () => m[currentLocale()];
