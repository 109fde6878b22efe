import { z } from 'zod';
import type { Locale } from '@olymp/proto';
import { DomainError } from '../errors/domain-error';
import { currentLocale } from '../logging/context';
import { zodErrorMap } from './zod-messages';
import { assertStorableText } from './text';

/**
 * Parses input with a zod schema and turns failure into a DomainError whose field messages are in the caller's
 * locale. Unknown fields (strict objects) become UNKNOWN_FIELD so a client learns exactly what to remove. Text
 * that cannot be stored (NUL, a lone surrogate: validation/text.ts) is refused first, with INVALID_TEXT.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, locale: Locale = currentLocale()): z.output<S> {
  assertStorableText(input);
  const result = schema.safeParse(input, { error: zodErrorMap(locale) });
  if (result.success) return result.data;
  throw toDomainError(result.error);
}

export function toDomainError(error: z.ZodError): DomainError {
  const unknown = error.issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') {
    const path = [...unknown.path, unknown.keys[0]].join('.');
    return new DomainError('UNKNOWN_FIELD', { field: path }, { [path]: unknown.message });
  }
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '(body)';
    fieldErrors[path] ??= issue.message;
  }
  const details = Object.entries(fieldErrors)
    .map(([path, message]) => `${path}: ${message}`)
    .join('; ');
  return new DomainError('VALIDATION_FAILED', { details }, fieldErrors);
}

/** Multipart bodies carry booleans as 1/0 (spec section 7); JSON bodies as true/false. Both are accepted. */
export const formBoolean = z.preprocess((v) => {
  if (v === '1' || v === 1 || v === 'true') return true;
  if (v === '0' || v === 0 || v === 'false') return false;
  return v;
}, z.boolean());

const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A number that arrives as text: in a query string or a multipart field. A decimal numeral becomes its number;
 * anything else (an array from `?limit=1&limit=2` or `limit[]=1`, an empty string, `0x10`, `1e3`, `true`) is left
 * for the number schema to refuse with 400. `z.coerce.number()` would read `[10]`, `true`, `null` and `''` as
 * numbers. JSON bodies use `z.number()` itself: there a number is a JSON number, never a string or an array.
 */
export const numeral = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v), schema);
