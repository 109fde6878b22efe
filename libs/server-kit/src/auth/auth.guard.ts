import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ALL_PERMISSIONS_ROLE, PERMISSIONS } from '@olymp/proto';
import type { Logger } from 'pino';
import { KIT_CONFIG, KIT_LOGGER } from '../tokens';
import type { KitConfig } from '../config/config';
import { DomainError } from '../errors/domain-error';
import { ACCESS_KEY, type AccessRule, type AuthUser } from './decorators';
import { TokenVerifier } from './tokens';
import { PermissionCache } from './permission-cache';
import { SessionRevocations } from './session-revocations';

/**
 * The global guard of every service: verifies the bearer token locally, refuses revoked sessions, loads the
 * role's permissions (cached), and enforces the route's declaration. 401 without a valid token, 403 without the
 * permission. Only HTTP routes are guarded; RPC and events come from inside the platform.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly verifier: TokenVerifier;

  constructor(
    private readonly reflector: Reflector,
    private readonly permissions: PermissionCache,
    private readonly revocations: SessionRevocations,
    @Inject(KIT_CONFIG) config: KitConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {
    this.verifier = new TokenVerifier(config.AUTH_PUBLIC_KEY);
  }

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

  private async authenticate(req: FastifyRequest): Promise<AuthUser | null> {
    const header = req.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new DomainError('UNAUTHENTICATED');
    const token = await this.verifier.verify(match[1]);
    if (!token || this.revocations.isRevoked(token.sid)) throw new DomainError('UNAUTHENTICATED');
    const isAdmin = token.roleId === ALL_PERMISSIONS_ROLE;
    const permissions: ReadonlySet<string> = isAdmin ? new Set(PERMISSIONS) : await this.permissions.forRole(token.roleId);
    return { ...token, permissions, isAdmin };
  }
}
