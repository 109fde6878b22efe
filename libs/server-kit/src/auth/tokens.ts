import { LRUCache } from 'lru-cache';
import { type KeyObject, createPrivateKey, createPublicKey } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/**
 * Access tokens: short-lived JWTs signed by the auth service with its Ed25519 private key; every service
 * verifies them locally with the public key (no call to auth per request).
 */
export const TOKEN_ISSUER = 'olymp-auth';
export const TOKEN_AUDIENCE = 'olymp';

export interface AccessClaims {
  /** User uuid. */
  sub: string;
  /** A role id: one of spec section 6's, or a role staff created (ids above 100). */
  roleId: number;
  /** Session id; revoking it ends the token before it expires. */
  sid: string;
  /** Device the session is bound to. */
  did: string;
}

export interface VerifiedToken extends AccessClaims {
  exp: number;
  iat: number;
}

export class TokenVerifier {
  private readonly key: KeyObject;
  /**
   * Tokens already verified, until they expire: a pupil sends the same token with every answer, and checking an
   * Ed25519 signature was ~7% of the learning service's CPU under answer load. The signature of a given string never
   * changes; revocation is checked on every request anyway (SessionRevocations), never cached here.
   */
  private readonly verified = new LRUCache<string, VerifiedToken>({ max: 100_000 });

  constructor(publicKeyPem: string) {
    this.key = createPublicKey(publicKeyPem);
  }

  /** Returns the claims of a valid token, or null for anything else (expired, forged, malformed). */
  async verify(token: string): Promise<VerifiedToken | null> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.exp * 1000 > Date.now()) return hit;
      this.verified.delete(token);
      return null;
    }
    const claims = await this.check(token);
    if (claims) this.verified.set(token, claims);
    return claims;
  }

  private async check(token: string): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        algorithms: ['EdDSA'],
      });
      const roleId = payload.roleId;
      if (typeof payload.sub !== 'string' || !(Number.isInteger(roleId) && (roleId as number) > 0) || typeof payload.sid !== 'string' || typeof payload.did !== 'string') {
        return null;
      }
      return { sub: payload.sub, roleId: roleId as number, sid: payload.sid, did: payload.did, exp: payload.exp ?? 0, iat: payload.iat ?? 0 };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}

export class TokenSigner {
  private readonly key: KeyObject;
  constructor(privateKeyPem: string, private readonly ttlSeconds = 15 * 60) {
    this.key = createPrivateKey(privateKeyPem);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ roleId: claims.roleId, sid: claims.sid, did: claims.did })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }
}
