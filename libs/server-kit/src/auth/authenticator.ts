import { Inject, Injectable } from '@nestjs/common';
import { ALL_PERMISSIONS_ROLE, PERMISSIONS } from '@olymp/proto';
import { KIT_CONFIG } from '../tokens';
import type { KitConfig } from '../config/config';
import { DomainError } from '../errors/domain-error';
import type { AuthUser } from './decorators';
import { TokenVerifier } from './tokens';
import { PermissionCache } from './permission-cache';
import { SessionRevocations } from './session-revocations';

/**
 * Who an `Authorization` header names: the bearer token verified locally, its session not revoked, its role's
 * permissions (cached). The global guard (AuthGuard) uses it for every HTTP route; a route that carries other
 * callers' requests (learning's coalesced answer saves from the gateway) uses it for each of them.
 */
@Injectable()
export class Authenticator {
  private readonly verifier: TokenVerifier;

  constructor(
    private readonly permissions: PermissionCache,
    private readonly revocations: SessionRevocations,
    @Inject(KIT_CONFIG) config: KitConfig,
  ) {
    this.verifier = new TokenVerifier(config.AUTH_PUBLIC_KEY);
  }

  /** null without a header; throws UNAUTHENTICATED for a header that is not a good, live bearer token. */
  async authenticate(header: string | undefined): Promise<AuthUser | null> {
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
