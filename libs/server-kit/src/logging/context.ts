import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE, type Locale } from '@olymp/proto';

/**
 * What one unit of work (an HTTP request, a consumed event, an RPC) carries: the request id that ties log lines
 * together across HTTP and NATS, and the caller's locale.
 */
export interface RequestContext {
  requestId: string;
  locale: Locale;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const REQUEST_ID_HEADER = 'x-request-id';
export const LOCALE_HEADER = 'x-locale';

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function currentLocale(): Locale {
  return storage.getStore()?.locale ?? DEFAULT_LOCALE;
}

export function runWithContext<T>(ctx: Partial<RequestContext>, fn: () => T): T {
  return storage.run({ requestId: ctx.requestId ?? randomUUID(), locale: ctx.locale ?? DEFAULT_LOCALE }, fn);
}

/** Binds the context for the rest of the current async flow (used in a Fastify onRequest hook). */
export function enterContext(ctx: RequestContext): void {
  storage.enterWith(ctx);
}

/** A request id from a client is accepted only if it is short and plain; otherwise a new one is made. */
export function acceptRequestId(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{8,128}$/.test(value) ? value : randomUUID();
}
