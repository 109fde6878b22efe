import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { KIT_LOGGER } from '../tokens';
import { DomainError } from '../errors/domain-error';
import { ACCESS_KEY, type AccessRule, type AuthUser } from './decorators';
import { Authenticator } from './authenticator';

/**
 * The global guard of every service: verifies the bearer token locally, refuses revoked sessions, loads the
 * role's permissions (cached), and enforces the route's declaration. 401 without a valid token, 403 without the
 * permission. Only HTTP routes are guarded; RPC and events come from inside the platform.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    const req = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>();
    if (!rule) {
      this.logger.error({ route: req.routeOptions?.url, method: req.method }, 'route declares no access rule; refused');
      throw new DomainError('FORBIDDEN');
    }
    if (rule.kind === 'public') {
      // A stale token must not break a public page; the user is attached only when the token is good.
      req.user = (await this.authenticate(req).catch(() => null)) ?? undefined;
      return true;
    }
    const user = await this.authenticate(req);
    if (user) req.user = user;
    if (!user) throw new DomainError('UNAUTHENTICATED');
    if (rule.kind === 'signed-in' || user.isAdmin) return true;
    if (rule.permissions.every((p) => user.permissions.has(p))) return true;
    throw new DomainError('FORBIDDEN');
  }

  private authenticate(req: FastifyRequest): Promise<AuthUser | null> {
    return this.authenticator.authenticate(req.headers.authorization);
  }
}
