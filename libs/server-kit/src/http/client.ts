import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type Locale, resolveLocale } from '@olymp/proto';
import { LOCALE_HEADER } from '../logging/context';

/**
 * The caller's address. Services are reached only through the gateway, which puts the client's address in
 * `x-real-ip`; without it (a direct call inside the cluster) the socket address is used.
 */
export function clientIpOf(req: FastifyRequest): string {
  const real = req.headers['x-real-ip'];
  const value = (Array.isArray(real) ? real[0] : real)?.trim();
  return value && value.length <= 45 ? value : req.ip;
}

export const ClientIp = createParamDecorator((_d: unknown, ctx: ExecutionContext): string =>
  clientIpOf(ctx.switchToHttp().getRequest<FastifyRequest>()),
);

/** The caller's language from `X-Locale` (kk when absent). */
export const RequestLocale = createParamDecorator((_d: unknown, ctx: ExecutionContext): Locale =>
  resolveLocale(ctx.switchToHttp().getRequest<FastifyRequest>().headers[LOCALE_HEADER]),
);
