import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorMessage, errorStatus, resolveLocale, type ErrorBody, type ErrorCode } from '@olymp/proto';
import { LOCALE_HEADER } from '@olymp/server-kit';

/**
 * Errors the gateway itself answers with (not the ones it relays from services): the contract's ErrorBody, its
 * message in the caller's X-Locale.
 */
export class GatewayError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, unknown> = {},
    readonly headers: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'GatewayError';
    this.statusCode = errorStatus(code);
  }
}

export function errorBody(request: FastifyRequest, code: ErrorCode, params: Record<string, unknown> = {}): ErrorBody {
  const locale = resolveLocale(request.headers[LOCALE_HEADER]);
  return {
    statusCode: errorStatus(code),
    code,
    message: errorMessage(code, locale, { requestId: request.id, ...params }),
    requestId: request.id,
  };
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  params: Record<string, unknown> = {},
  headers: Record<string, string | number> = {},
): FastifyReply {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.code(errorStatus(code)).type('application/json; charset=utf-8').send(errorBody(request, code, params));
}

/** The path of a request without its query string, for messages and logs (query strings may carry tokens). */
export function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function routeNotFound(request: FastifyRequest): GatewayError {
  return new GatewayError('ROUTE_NOT_FOUND', { method: request.method, path: pathOf(request) });
}

interface FrameworkError {
  code?: string;
  statusCode?: number;
}

/**
 * Maps whatever reached the error handler to a catalogue code: the gateway's own errors as they are, the framework's
 * (body too large, unparsable URL, missing route) to their nearest code, anything else to INTERNAL.
 */
export function toGatewayError(error: unknown, request: FastifyRequest): GatewayError {
  if (error instanceof GatewayError) return error;
  const e = (error ?? {}) as FrameworkError;
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.statusCode === 413) return new GatewayError('PAYLOAD_TOO_LARGE');
  if (e.code === 'FST_UNDER_PRESSURE') return new GatewayError('OVERLOADED');
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || e.statusCode === 415) return new GatewayError('UNSUPPORTED_MEDIA_TYPE');
  if (e.statusCode === 404) return routeNotFound(request);
  if (e.statusCode === 400 && /^FST_ERR_CTP_/.test(e.code ?? '')) return new GatewayError('MALFORMED_BODY');
  if (e.statusCode === 400) return routeNotFound(request);
  return new GatewayError('INTERNAL');
}
