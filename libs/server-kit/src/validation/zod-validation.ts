import { z } from 'zod';
import type { Locale } from '@olymp/proto';
import { DomainError } from '../errors/domain-error';
import { currentLocale } from '../logging/context';
import { zodErrorMap } from './zod-messages';

/**
 * Parses input with a zod schema and turns failure into a DomainError whose field messages are in the caller's
 * locale. Unknown fields (strict objects) become UNKNOWN_FIELD so a client learns exactly what to remove.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, locale: Locale = currentLocale()): z.output<S> {
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
