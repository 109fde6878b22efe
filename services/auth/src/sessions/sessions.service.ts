import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { RoleId } from '@olymp/proto';
import {
  ACCESS_TOKEN_TTL_SECONDS, DomainError, EventOutbox, KIT_CONFIG, type KitConfig, PreparedSql, SessionRevocations, TokenSigner, isUniqueViolation, outboxInsertManySql,
} from '@olymp/server-kit';
import { Clock } from '../clock';

export const REFRESH_TTL_DAYS = 30;
/**
 * How long a rotated-away refresh token may still be presented by the client that rotated it (same address) and
 * get the same answer: two tabs share one stored refresh token and may both refresh at once. Later, or from
 * another address, it is reuse and ends the session. 30 s, as Okta's default rotation grace.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

export type RevokeReason = 'new_device' | 'replaced' | 'logout' | 'staff_reset' | 'refresh_reuse';

export interface DeviceLogin {
  deviceId: string;
  deviceInfo: Record<string, unknown>;
  clientIp: string;
}

export interface IssuedTokens {
  token: string;
  tokenType: 'Bearer';
  expiresIn: number;
  refreshToken: string;
  sessionId: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Sessions: one live device per account. Starting a session ends the others in the same transaction and
 * publishes `auth.session.revoked` for each, so every service refuses their tokens within moments; this process
 * refuses them at once.
 */
/** A sign-in's statements, prepared once per connection (sign-in bursts on olympiad morning). */
/** One sign-in of an account at a time (see start). */
const ACCOUNT_LOCK = new PreparedSql('SELECT pg_advisory_xact_lock(hashtext($1))');
const LIVE_SESSIONS = new PreparedSql<{ id: string; device_id: string }>('SELECT id, device_id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL');
const ADD_SESSION = new PreparedSql(
  `INSERT INTO sessions (id, user_id, device_id, device_info, client_ip, refresh_hash, created_at, last_used_at, expires_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)`,
);

/** The unique index that keeps one live session per account (migration 1764920000000). */
const LIVE_SESSION_INDEX = 'UQ_sessions_live_user';

/**
 * A sign-in with a code judged right (SignInService.login), in one statement which is its whole transaction: the code
 * is spent only if it is still live, unexpired and has guesses left; only then are the account's live sessions as
 * the caller read them ended (their rotated-away tokens forgotten, `auth.session.revoked` queued for each one this
 * statement ended), and the new session added. It used to be eight round trips (begin, the code under a row lock,
 * spend, a per-account advisory lock, the live sessions, the insert, commit); on olympiad morning each round trip's
 * socket write was what a sign-in cost auth most (docs/performance.md). No lock is taken first: the unique index on
 * an account's live session refuses the insert (23505) if a session the caller did not read went live meanwhile, and
 * `ended` is read (counted) by `added`, so the old sessions are ended before the new one is inserted.
 *
 * $1 code id, $2 now, $3 the guess limit, $4 account, $5 the live sessions read, $6 each one's end reason, $7 the new
 * session's id, $8 device, $9 device info, $10 client address, $11 refresh token hash, $12 expiry, $13-$19 the events.
 */
const REVOKED_EVENTS = outboxInsertManySql('revoked', 'SELECT id::text FROM ended', 13);
const SIGN_IN = new PreparedSql<{ started: number; ended: string[]; queued: number }>(
  `WITH spent AS (
     UPDATE otp_codes SET consumed_at = $2
      WHERE id = $1 AND consumed_at IS NULL AND superseded_at IS NULL AND attempts < $3 AND expires_at > $2
      RETURNING id),
   ended AS (
     UPDATE sessions s SET revoked_at = $2, revoke_reason = r.reason
       FROM unnest($5::uuid[], $6::varchar[]) AS r(id, reason)
      WHERE s.id = r.id AND s.user_id = $4 AND s.revoked_at IS NULL AND EXISTS (SELECT 1 FROM spent)
      RETURNING s.id),
   forgotten AS (DELETE FROM session_rotations WHERE session_id IN (SELECT id FROM ended)),
   added AS (
     INSERT INTO sessions (id, user_id, device_id, device_info, client_ip, refresh_hash, created_at, last_used_at, expires_at)
     SELECT $7::uuid, $4::uuid, $8, $9::jsonb, $10, $11, $2::timestamptz, $2::timestamptz, $12::timestamptz
       FROM spent WHERE (SELECT count(*) FROM ended) >= 0
     RETURNING id),
   ${REVOKED_EVENTS.cte}
   SELECT (SELECT count(*) FROM added)::int AS started, ARRAY(SELECT id::text FROM ended) AS ended, ${REVOKED_EVENTS.notify} AS queued`,
);

/** Why a live session ends when the account signs in on `deviceId`: the same device again, or another one. */
const endReason = (session: { deviceId: string }, deviceId: string): RevokeReason => (session.deviceId === deviceId ? 'replaced' : 'new_device');

/** A new session's id, refresh token (kept only as its hash) and expiry. */
function newSession(now: Date) {
  const refreshToken = randomBytes(32).toString('base64url');
  return { id: randomUUID(), refreshToken, refreshHash: sha256(refreshToken), expiresAt: new Date(now.getTime() + REFRESH_TTL_DAYS * 86400_000) };
}

/** The outcome of `startSpending` when it started no session. */
export type NotStarted = 'CODE_GONE' | 'RACED';

@Injectable()
export class SessionsService {
  private readonly signer: TokenSigner;
  /** Keys the successor of a refresh token (see `successor`); derived from the signing key like the OTP key. */
  private readonly successorKey: Buffer;

  constructor(
    private readonly ds: DataSource,
    private readonly outbox: EventOutbox,
    private readonly revocations: SessionRevocations,
    private readonly clock: Clock,
    @Inject(KIT_CONFIG) config: KitConfig,
  ) {
    this.signer = new TokenSigner(config.AUTH_PRIVATE_KEY, ACCESS_TOKEN_TTL_SECONDS);
    this.successorKey = createHmac('sha256', config.AUTH_PRIVATE_KEY).update('refresh-successor-v1').digest();
  }

  /** Signs in `user` on a device, ending every other session of the account. Runs in the caller's transaction. */
  async start(m: EntityManager, user: { id: string; roleId: RoleId }, device: DeviceLogin): Promise<IssuedTokens> {
    const now = this.clock.now();
    // Serialize sign-ins of one account: two devices signing in at once must still leave exactly one session.
    await ACCOUNT_LOCK.run(m, [`session:${user.id}`]);
    const live = await LIVE_SESSIONS.rows(m, [user.id]);
    const ended: string[] = [];
    for (const s of live) {
      await this.revokeOne(m, user.id, s.id, s.device_id, endReason({ deviceId: s.device_id }, device.deviceId), now);
      ended.push(s.id);
    }
    const session = newSession(now);
    await ADD_SESSION.rows(m, [session.id, user.id, device.deviceId, JSON.stringify(device.deviceInfo), device.clientIp, session.refreshHash, now, session.expiresAt]);
    this.refuseNow(ended);
    return { ...(await this.access(user, session.id, device.deviceId)), refreshToken: session.refreshToken, sessionId: session.id };
  }

  /**
   * Signs `user` in on a device with the code `codeId`, judged right, ending the live sessions `live` the caller read
   * with the account: one statement (SIGN_IN). 'CODE_GONE' when the code was spent, replaced, expired or out of
   * guesses by then (nothing changed); 'RACED' when a session the caller did not read went live meanwhile (nothing
   * changed: the caller takes the locked way, `start`).
   */
  async startSpending(
    user: { id: string; roleId: RoleId },
    codeId: string,
    maxAttempts: number,
    live: { id: string; deviceId: string }[],
    device: DeviceLogin,
  ): Promise<IssuedTokens | NotStarted> {
    const now = this.clock.now();
    const reasons = live.map((s) => endReason(s, device.deviceId));
    const events = this.outbox.rows('auth.session.revoked', live.map((s, i) => ({
      key: s.id,
      payload: { sessionId: s.id, userId: user.id, deviceId: s.deviceId, reason: reasons[i]!, revokedAt: now.toISOString() },
    })));
    const session = newSession(now);
    let outcome: { started: number; ended: string[] };
    try {
      [outcome] = await SIGN_IN.rows(this.ds, [
        codeId, now, maxAttempts, user.id, live.map((s) => s.id), reasons, session.id, device.deviceId, JSON.stringify(device.deviceInfo),
        device.clientIp, session.refreshHash, session.expiresAt, ...events.values,
      ]);
    } catch (err) {
      if (isUniqueViolation(err, LIVE_SESSION_INDEX)) return 'RACED';
      throw err;
    }
    if (!outcome.started) return 'CODE_GONE';
    // Committed with the statement: this process refuses the ended sessions' tokens from now (others by the event).
    this.refuseNow(outcome.ended);
    return { ...(await this.access(user, session.id, device.deviceId)), refreshToken: session.refreshToken, sessionId: session.id };
  }

  /**
   * Exchanges a refresh token for new tokens; the refresh token rotates, so each one works once (OAuth 2.1 /
   * RFC 9700 4.14.2). The rotated-away token is remembered while the session lives; presenting it again ends the
   * session (`refresh_reuse`, published as `auth.session.revoked`), so a thief and the victim both sign in again:
   * 401 REFRESH_TOKEN_REUSED. One exception, for two tabs refreshing at once: within REFRESH_REUSE_GRACE_MS of
   * its rotation, from the same address, while its successor is still the current token, the old token gets the
   * same successor again (a successor is derived from its predecessor, so the answer is idempotent).
   */
  async refresh(refreshToken: string, clientIp: string): Promise<IssuedTokens> {
    const hash = sha256(refreshToken);
    const next = this.successor(refreshToken);
    const outcome = await this.ds.transaction(async (m): Promise<IssuedTokens | 'UNAUTHENTICATED' | 'REFRESH_TOKEN_REUSED'> => {
      const now = this.clock.now();
      const [s] = await m.query(
        `SELECT s.id, s.user_id, s.device_id, s.expires_at, s.revoked_at, u.role_id FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.refresh_hash = $1 FOR UPDATE OF s`,
        [hash],
      ) as { id: string; user_id: string; device_id: string; expires_at: Date; revoked_at: Date | null; role_id: RoleId }[];
      if (s) {
        if (s.revoked_at || s.expires_at.getTime() <= now.getTime()) return 'UNAUTHENTICATED';
        await m.query(
          `WITH rotated AS (INSERT INTO session_rotations (refresh_hash, session_id, rotated_at, client_ip) VALUES ($1, $2, $4, $5))
           UPDATE sessions SET refresh_hash = $3, last_used_at = $4 WHERE id = $2`,
          [hash, s.id, sha256(next), now, clientIp],
        );
        return { ...(await this.access({ id: s.user_id, roleId: s.role_id }, s.id, s.device_id)), refreshToken: next, sessionId: s.id };
      }
      // Not a current token: a rotated-away one of a live session (reuse), or nothing this server knows.
      const [r] = await m.query(
        `SELECT r.rotated_at, r.client_ip, s.id, s.user_id, s.device_id, s.expires_at, s.refresh_hash, u.role_id
           FROM session_rotations r JOIN sessions s ON s.id = r.session_id JOIN users u ON u.id = s.user_id
          WHERE r.refresh_hash = $1 AND s.revoked_at IS NULL FOR UPDATE OF s`,
        [hash],
      ) as { rotated_at: Date; client_ip: string; id: string; user_id: string; device_id: string; expires_at: Date; refresh_hash: string; role_id: RoleId }[];
      if (!r || r.expires_at.getTime() <= now.getTime()) return 'UNAUTHENTICATED';
      const age = now.getTime() - r.rotated_at.getTime();
      if (age < REFRESH_REUSE_GRACE_MS && r.client_ip === clientIp && r.refresh_hash === sha256(next)) {
        await m.query('UPDATE sessions SET last_used_at = $2 WHERE id = $1', [r.id, now]);
        return { ...(await this.access({ id: r.user_id, roleId: r.role_id }, r.id, r.device_id)), refreshToken: next, sessionId: r.id };
      }
      await this.revokeOne(m, r.user_id, r.id, r.device_id, 'refresh_reuse', now);
      this.refuseNow([r.id]);
      return 'REFRESH_TOKEN_REUSED';
    });
    // Thrown after the commit: the session's end must stand although the request is refused.
    if (typeof outcome === 'string') throw new DomainError(outcome);
    return outcome;
  }

  /** The refresh token that replaces `token`: unpredictable without the server's key, the same for the same token. */
  private successor(token: string): string {
    return createHmac('sha256', this.successorKey).update(token).digest('base64url');
  }

  /** Ends one session (logout). */
  async end(userId: string, sessionId: string, reason: RevokeReason): Promise<void> {
    await this.ds.transaction(async (m) => {
      const [s] = await m.query('SELECT device_id FROM sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL FOR UPDATE', [sessionId, userId]) as { device_id: string }[];
      if (!s) return;
      await this.revokeOne(m, userId, sessionId, s.device_id, reason, this.clock.now());
      this.refuseNow([sessionId]);
    });
  }

  /** Ends every session of a user (staff reset of devices); returns how many were live. */
  async endAll(userId: string, reason: RevokeReason): Promise<number> {
    return this.ds.transaction(async (m) => {
      const live: { id: string; device_id: string }[] = await m.query(
        'SELECT id, device_id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL FOR UPDATE',
        [userId],
      );
      const now = this.clock.now();
      for (const s of live) await this.revokeOne(m, userId, s.id, s.device_id, reason, now);
      this.refuseNow(live.map((s) => s.id));
      return live.length;
    });
  }

  async devices(userId: string) {
    const rows: { id: string; device_id: string; device_info: Record<string, unknown>; client_ip: string; created_at: Date; last_used_at: Date; revoked_at: Date | null; revoke_reason: string | null }[] =
      await this.ds.query(
        `SELECT id, device_id, device_info, client_ip, created_at, last_used_at, revoked_at, revoke_reason
           FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 20`,
        [userId],
      );
    return rows.map((r) => ({
      sessionId: r.id,
      deviceId: r.device_id,
      deviceInfo: r.device_info,
      clientIp: r.client_ip,
      signedInAt: r.created_at.toISOString(),
      lastUsedAt: r.last_used_at.toISOString(),
      active: r.revoked_at === null,
      endedAt: r.revoked_at?.toISOString() ?? null,
      endReason: r.revoke_reason,
    }));
  }

  private async revokeOne(m: EntityManager, userId: string, sessionId: string, deviceId: string, reason: RevokeReason, now: Date) {
    // An ended session's rotated-away tokens are of no more use: any of its tokens now gets plain 401.
    await m.query(
      `WITH forgotten AS (DELETE FROM session_rotations WHERE session_id = $1)
       UPDATE sessions SET revoked_at = $2, revoke_reason = $3 WHERE id = $1`,
      [sessionId, now, reason],
    );
    await this.outbox.add(m, 'auth.session.revoked', { sessionId, userId, deviceId, reason, revokedAt: now.toISOString() });
  }

  /**
   * This process refuses the ended sessions' tokens at once (other processes learn it from the event). Marked
   * before the commit: if the transaction rolls back the user signs in again, while marking after it would let a
   * revoked token through for a moment.
   */
  private refuseNow(sessionIds: string[]) {
    for (const id of sessionIds) this.revocations.add(id);
  }

  private async access(user: { id: string; roleId: RoleId }, sessionId: string, deviceId: string) {
    const token = await this.signer.sign({ sub: user.id, roleId: user.roleId, sid: sessionId, did: deviceId });
    return { token, tokenType: 'Bearer' as const, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }
}
