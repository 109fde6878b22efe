import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';

/**
 * The platform's one rule for text, applied to every string that enters it (each string and object key of a
 * request's body, query and path parameters, before any handler; whatever `parseInput` parses: multipart fields,
 * RPC payloads): no NUL character and no lone UTF-16 surrogate. PostgreSQL refuses both in `text` and `json(b)`
 * alike, so such a string would otherwise fail the statement that carries it, and with the answer saves of one turn
 * written as one statement, fail other people's saves too. Nothing legitimate contains either.
 */
// eslint-disable-next-line no-control-regex
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(s: string): boolean {
  return !BAD_TEXT.test(s);
}

/** Deeper than any request the platform takes; a value nested further is not walked (the parsers refuse it anyway). */
const MAX_DEPTH = 64;

/** The path of the first string (value or key) in `value` that breaks the text rule, or null if there is none. */
export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.') || '(body)';
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, String(i)], depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, printable(key)].join('.');
    const found = findUnstorableText(v, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** A key that breaks the rule, made safe to echo in a message. */
function printable(s: string): string {
  return JSON.stringify(s).slice(1, -1).slice(0, 64);
}

/** Throws INVALID_TEXT (400, localized) naming the first offending field of `value`, under `where` (body, query...). */
export function assertStorableText(value: unknown, where?: string): void {
  const found = findUnstorableText(value, where ? [where] : []);
  if (found !== null) {
    const field = printable(found);
    throw new DomainError('INVALID_TEXT', { field }, { [field]: 'INVALID_TEXT' });
  }
}

/**
 * The text rule for every HTTP route, whatever it reads its input with (`@ValidBody`, `@Body()` then `parseInput`,
 * `@Req()`, the CRUD kit's query parser): path parameters, query and a parsed JSON body. It is the second global
 * guard, after AuthGuard, so a caller without a token still gets 401 and one without the permission 403; multipart
 * fields are checked where they are parsed (`parseInput`). A guard, not an interceptor: with no global interceptor
 * Nest builds no RxJS pipeline per request, which was ~7 % of learning's CPU under answer saves (docs/performance.md).
 */
@Injectable()
export class TextRuleGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() === 'http') {
      const req = context.switchToHttp().getRequest<{ params?: unknown; query?: unknown; body?: unknown }>();
      assertStorableText(req.params, 'params');
      assertStorableText(req.query, 'query');
      assertStorableText(req.body);
    }
    return true;
  }
}
