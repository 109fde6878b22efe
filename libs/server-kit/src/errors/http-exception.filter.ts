import { HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { resolveLocale } from '@olymp/proto';
import { LOCALE_HEADER, currentRequestId } from '../logging/context';
import { DomainError } from './domain-error';
import { toDomainError } from '../validation/zod-validation';

/**
 * The one place an HTTP error becomes a response: a domain code, its HTTP status and a message in the caller's
 * language (`X-Locale`, kk by default). Anything unexpected is logged with the request id and answered as
 * INTERNAL without leaking details.
 */
export function toDomainFromUnknown(err: unknown, req: { method: string; url: string }): DomainError | null {
  if (err instanceof DomainError) return err;
  if (err instanceof ZodError) return toDomainError(err);
  if (err instanceof HttpException) {
    switch (err.getStatus()) {
      case HttpStatus.NOT_FOUND:
        return new DomainError('ROUTE_NOT_FOUND', { method: req.method, path: req.url.split('?')[0] });
      case HttpStatus.UNAUTHORIZED:
        return new DomainError('UNAUTHENTICATED');
      case HttpStatus.FORBIDDEN:
        return new DomainError('FORBIDDEN');
      case HttpStatus.PAYLOAD_TOO_LARGE:
        return new DomainError('PAYLOAD_TOO_LARGE');
      case HttpStatus.BAD_REQUEST:
        return new DomainError('MALFORMED_BODY');
      case HttpStatus.TOO_MANY_REQUESTS:
        return new DomainError('HIGH_TRAFFIC');
      case HttpStatus.UNSUPPORTED_MEDIA_TYPE:
        return new DomainError('UNSUPPORTED_MEDIA_TYPE');
      default:
        return null;
    }
  }
  const fastifyCode = (err as { code?: unknown } | null)?.code;
  if (typeof fastifyCode === 'string') {
    if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE') return new DomainError('PAYLOAD_TOO_LARGE');
    if (fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new DomainError('UNSUPPORTED_MEDIA_TYPE');
    if (fastifyCode.startsWith('FST_ERR_CTP_') || fastifyCode === 'FST_ERR_VALIDATION') {
      return new DomainError('MALFORMED_BODY');
    }
  }
  return null;
}

export function sendError(err: unknown, req: FastifyRequest, reply: FastifyReply, logger: Logger): void {
  const locale = resolveLocale(req.headers[LOCALE_HEADER]);
  const requestId = currentRequestId() ?? String(req.id);
  const domain = toDomainFromUnknown(err, req);
  if (domain) {
    if (domain.status >= 500) logger.error({ err }, 'request failed');
    void reply.status(domain.status).type('application/json').send(domain.toBody(locale, requestId));
    return;
  }
  logger.error({ err }, 'unhandled error');
  const internal = new DomainError('INTERNAL');
  void reply.status(500).type('application/json').send(internal.toBody(locale, requestId));
}
