import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type Locale, message } from '@olymp/proto';
import { type Counter, DomainError, EventOutbox, KIT_CONFIG, type KitConfig, Metrics, PreparedSql, isUniqueViolation, outboxInsertSql } from '@olymp/server-kit';
import { Clock } from '../clock';
import { hourOf } from './otp-address-hours.sweeper';
import type { OtpPurpose } from './otp.entity';

/**
 * One-time codes as OWASP ASVS V6 / NIST 800-63B ask: 6 digits from a CSPRNG, kept only as a keyed hash, single
 * use, alive 5 minutes, dead after 5 wrong guesses; a resend replaces the old code and is allowed once per 60 s
 * per phone; hourly caps per phone and per client address stop SMS pumping. Codes leave as `sms.requested`
 * events written in the same transaction.
 */
export const OTP_POLICY = {
  digits: 6,
  ttlSeconds: 5 * 60,
  maxAttempts: 5,
  resendSeconds: 60,
  perPhonePerHour: 5,
  // Per client address and clock hour (UTC): a whole school signs in from one public (NAT) address on olympiad
  // morning, so this only stops one address pumping SMS to thousands of numbers; the per-phone cap protects each number.
  perIpPerHour: 1000,
} as const;

/** A live code as a check reads it. */
export interface LiveCode {
  id: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
}

/**
 * A code request in one statement, which is its whole transaction: the resend window and the per-phone cap are read,
 * and only if they allow it the address's count of this clock hour is raised while under its cap (`counted`); only
 * if that happened the live code (if any) is marked replaced, the new one stored and its `sms.requested` queued. It
 * used to be a transaction of six round trips (begin, a per-phone advisory lock, the checks, the insert, the event,
 * commit); on olympiad morning each round trip's socket write was the largest cost in auth's profile
 * (docs/performance.md). Two requests of one phone at once do not wait on a lock: the unique index on the live
 * code (UQ_otp_codes_live_phone) lets one of them in and refuses the other's insert (23505, the whole statement
 * undone, its count too), which is answered as the resend window it is. Requests of one address at once queue on
 * its count's row (ON CONFLICT ... DO UPDATE re-reads the row it waited for), so they take the places under the cap
 * one by one; counting the address's codes of the last hour instead let each of them see the count below the cap
 * (the statement's snapshot) and all go through. `superseded` is read (counted) by `added`, so the old code is
 * replaced before the new one is inserted, and the UPDATE works on the statement's snapshot, which does not hold the
 * inserted row. Prepared once per connection, like the sign-in's statements: parsing and planning them on every call
 * was ~45 % of PostgreSQL's work.
 *
 * $1 id, $2 phone, $3 purpose, $4 code hash, $5 client address, $6 now, $7 expiry, $8 SMS id, $9 an hour ago,
 * $10 the newest code allowed before a resend (now - 60 s), $11 per-phone cap, $12 per-address cap, $13-$18 the event,
 * $19 the clock hour now is in (the per-address window).
 */
const SMS_EVENT = outboxInsertSql('queued', 'SELECT 1 FROM added', 13);
const ISSUE_CODE = new PreparedSql<{ last: Date | null; byPhone: number; counted: number; queued: number }>(
  `WITH recent AS (
     SELECT (SELECT created_at FROM otp_codes WHERE phone = $2 ORDER BY created_at DESC LIMIT 1) AS last, count(*)::int AS "byPhone"
       FROM otp_codes WHERE created_at > $9 AND phone = $2),
   allowed AS (
     SELECT 1 FROM recent WHERE (last IS NULL OR last <= $10) AND "byPhone" < $11),
   counted AS (
     INSERT INTO otp_address_hours AS h (client_ip, hour, issued)
     SELECT $5, $19::timestamptz, 1 FROM allowed
     ON CONFLICT (client_ip, hour) DO UPDATE SET issued = h.issued + 1 WHERE h.issued < $12
     RETURNING issued),
   superseded AS (
     UPDATE otp_codes SET superseded_at = $6
      WHERE phone = $2 AND consumed_at IS NULL AND superseded_at IS NULL AND EXISTS (SELECT 1 FROM counted)
      RETURNING id),
   added AS (
     INSERT INTO otp_codes (id, phone, purpose, code_hash, client_ip, created_at, expires_at, sms_id)
     SELECT $1::uuid, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz, $8::uuid FROM counted, (SELECT count(*) FROM superseded) AS replaced
     RETURNING id),
   ${SMS_EVENT.cte}
   SELECT last, "byPhone", (SELECT count(*) FROM counted)::int AS counted, ${SMS_EVENT.notify} AS queued FROM recent`,
);
const LIVE_CODE_INDEX = 'UQ_otp_codes_live_phone';
const LIVE_CODE = new PreparedSql<LiveCode>(
  `SELECT id, code_hash, attempts, expires_at FROM otp_codes
    WHERE phone = $1 AND purpose = $2 AND consumed_at IS NULL AND superseded_at IS NULL
    ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
);
const COUNT_GUESS = new PreparedSql('UPDATE otp_codes SET attempts = attempts + 1 WHERE id = $1');
/**
 * A wrong guess of a code read without a lock (a sign-in, see `judge`): counted only while the code is live and has
 * guesses left, so parallel guesses take the five places one by one as they would behind a lock, and a right code is
 * then refused by the sign-in's own statement (it spends only a code with guesses left). $1 code id, $2 the limit.
 */
const COUNT_GUESS_IF_LEFT = new PreparedSql<{ attempts: number }>(
  `UPDATE otp_codes SET attempts = attempts + 1
    WHERE id = $1 AND attempts < $2 AND consumed_at IS NULL AND superseded_at IS NULL
   RETURNING attempts`,
);
const SPEND_CODE = new PreparedSql('UPDATE otp_codes SET consumed_at = $2 WHERE id = $1');

@Injectable()
export class OtpService {
  private readonly key: Buffer;
  private readonly codesSent: Counter<'purpose'>;

  constructor(
    private readonly ds: DataSource,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    @Inject(KIT_CONFIG) config: KitConfig,
    metrics: Metrics,
  ) {
    this.codesSent = metrics.counter('auth_codes_sent_total', 'One-time codes issued and queued as SMS, by purpose', ['purpose']);
    // Derived from the signing key: production already must set its own, so codes need no second secret.
    this.key = createHmac('sha256', config.AUTH_PRIVATE_KEY).update('otp-hmac-v1').digest();
  }

  private hash(phone: string, purpose: OtpPurpose, code: string): string {
    return createHmac('sha256', this.key).update(`${phone}:${purpose}:${code}`).digest('hex');
  }

  /** Issues a new code (replacing any live one) and queues its SMS, in one statement (ISSUE_CODE). */
  async issue(phone: string, purpose: OtpPurpose, clientIp: string, locale: Locale) {
    const now = this.clock.now();
    const code = String(randomInt(0, 10 ** OTP_POLICY.digits)).padStart(OTP_POLICY.digits, '0');
    const smsId = randomUUID();
    const expiresAt = new Date(now.getTime() + OTP_POLICY.ttlSeconds * 1000);
    const sms = this.outbox.row('sms.requested', {
      smsId,
      to: phone,
      text: message('OTP_SMS', locale, { code }),
      purpose: 'otp',
      code,
      requestedAt: now.toISOString(),
    });
    let outcome: { last: Date | null; byPhone: number; counted: number; queued: number };
    try {
      [outcome] = await ISSUE_CODE.rows(this.ds, [
        randomUUID(), phone, purpose, this.hash(phone, purpose, code), clientIp, now, expiresAt, smsId,
        new Date(now.getTime() - 3600_000), new Date(now.getTime() - OTP_POLICY.resendSeconds * 1000),
        OTP_POLICY.perPhonePerHour, OTP_POLICY.perIpPerHour, ...sms.values, hourOf(now),
      ]);
    } catch (err) {
      // Another request of this phone got its code in first, this very moment: that is the resend window.
      if (isUniqueViolation(err, LIVE_CODE_INDEX)) {
        throw new DomainError('OTP_RESEND_TOO_SOON', { seconds: OTP_POLICY.resendSeconds, retryAfterSeconds: OTP_POLICY.resendSeconds });
      }
      throw err;
    }
    if (!outcome.queued) {
      const { last, byPhone, counted } = outcome;
      if (last) {
        const wait = OTP_POLICY.resendSeconds - Math.floor((now.getTime() - last.getTime()) / 1000);
        if (wait > 0) throw new DomainError('OTP_RESEND_TOO_SOON', { seconds: wait, retryAfterSeconds: wait });
      }
      // The phone's hourly cap, or (the phone's rules allowed it, the address's count was not raised) the address's.
      if (byPhone >= OTP_POLICY.perPhonePerHour || !counted) throw new DomainError('OTP_TOO_MANY_REQUESTS');
      throw new Error(`code request for ${purpose} queued nothing and broke no rule`);
    }
    this.codesSent.inc({ purpose });
    return { resendAfterSeconds: OTP_POLICY.resendSeconds, expiresInSeconds: OTP_POLICY.ttlSeconds };
  }

  /**
   * Checks a code. A wrong guess is counted (and committed) before the error is thrown; the row is locked, so
   * parallel guesses are counted one by one and cannot get past the limit. With `consume`, a right code is spent.
   */
  async verify(phone: string, purpose: OtpPurpose, code: string, consume: boolean): Promise<void> {
    const outcome = await this.ds.transaction((m) => this.check(m, phone, purpose, code, consume));
    if (outcome) throw outcome;
  }

  /**
   * Checks a code inside the caller's transaction (a sign-in spends the code and starts the session in one). The
   * refusal is returned, not thrown: the caller must COMMIT it (the counted wrong guess) before throwing it.
   */
  async check(m: EntityManager, phone: string, purpose: OtpPurpose, code: string, consume: boolean): Promise<DomainError | null> {
    const [live] = await LIVE_CODE.rows(m, [phone, purpose]);
    const refused = this.refusal(live);
    if (refused) return refused;
    if (!this.matches(live!, phone, purpose, code)) {
      await COUNT_GUESS.run(m, [live!.id]);
      return this.wrongGuess(live!.attempts + 1);
    }
    if (consume) await SPEND_CODE.run(m, [live!.id, this.clock.now()]);
    return null;
  }

  /**
   * Judges a code read without a lock, outside any transaction (a sign-in reads it with the account, see
   * SignInService.login): null when it is right, which the caller's statement must confirm by spending it only if it
   * is still live with guesses left; a wrong guess is counted here, in one statement, only while places are left
   * (COUNT_GUESS_IF_LEFT), so no more than five guesses are ever judged against one code.
   */
  async judge(live: LiveCode | undefined, phone: string, purpose: OtpPurpose, code: string): Promise<DomainError | null> {
    const refused = this.refusal(live);
    if (refused) return refused;
    if (this.matches(live!, phone, purpose, code)) return null;
    const [counted] = await COUNT_GUESS_IF_LEFT.rows(this.ds, [live!.id, OTP_POLICY.maxAttempts]);
    // No place left (the others were taken in parallel) or the code went meanwhile: it takes no more guesses.
    return counted ? this.wrongGuess(counted.attempts) : new DomainError('OTP_ATTEMPTS_EXCEEDED');
  }

  private refusal(live: LiveCode | undefined): DomainError | null {
    if (!live) return new DomainError('OTP_EXPIRED');
    if (live.attempts >= OTP_POLICY.maxAttempts) return new DomainError('OTP_ATTEMPTS_EXCEEDED');
    if (live.expires_at.getTime() <= this.clock.now().getTime()) return new DomainError('OTP_EXPIRED');
    return null;
  }

  private matches(live: LiveCode, phone: string, purpose: OtpPurpose, code: string): boolean {
    const given = Buffer.from(this.hash(phone, purpose, code), 'hex');
    const stored = Buffer.from(live.code_hash, 'hex');
    return given.length === stored.length && timingSafeEqual(given, stored);
  }

  /** The answer to a wrong guess that made `attempts` of them. */
  private wrongGuess(attempts: number): DomainError {
    const left = OTP_POLICY.maxAttempts - attempts;
    return left > 0 ? new DomainError('OTP_INVALID', { attemptsLeft: left }) : new DomainError('OTP_ATTEMPTS_EXCEEDED');
  }
}
