import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type Locale, message } from '@olymp/proto';
import { type Counter, DomainError, EventOutbox, KIT_CONFIG, type KitConfig, Metrics, PreparedSql } from '@olymp/server-kit';
import { Clock } from '../clock';
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
  // Per client address: a whole school signs in from one public (NAT) address on olympiad morning, so this only
  // stops one address pumping SMS to thousands of numbers; the per-phone cap protects each number.
  perIpPerHour: 1000,
} as const;

interface ActiveCode {
  id: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
}

/**
 * The statements of every code request and sign-in, prepared once per connection: on olympiad morning they are most
 * of PostgreSQL's work, and parsing and planning them again on every call was ~45 % of it (docs/performance.md).
 */
const LOCK = new PreparedSql('SELECT pg_advisory_xact_lock(hashtext($1))');
const RECENT_CODES = new PreparedSql<{ last: Date | null; byPhone: number; byIp: number }>(
  `SELECT (SELECT created_at FROM otp_codes WHERE phone = $1 ORDER BY created_at DESC LIMIT 1) AS last,
          count(*) FILTER (WHERE phone = $1)::int AS "byPhone", count(*) FILTER (WHERE client_ip = $2)::int AS "byIp"
     FROM otp_codes WHERE created_at > $3 AND (phone = $1 OR client_ip = $2)`,
);
// The live code (if any) is superseded and the new one stored in one statement: the UPDATE works on the statement's
// snapshot, which does not hold the inserted row.
const ADD_CODE = new PreparedSql(
  `WITH superseded AS (
     UPDATE otp_codes SET superseded_at = $6 WHERE phone = $2 AND consumed_at IS NULL AND superseded_at IS NULL)
   INSERT INTO otp_codes (id, phone, purpose, code_hash, client_ip, created_at, expires_at, sms_id)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
);
const LIVE_CODE = new PreparedSql<ActiveCode>(
  `SELECT id, code_hash, attempts, expires_at FROM otp_codes
    WHERE phone = $1 AND purpose = $2 AND consumed_at IS NULL AND superseded_at IS NULL
    ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
);
const COUNT_GUESS = new PreparedSql('UPDATE otp_codes SET attempts = attempts + 1 WHERE id = $1');
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

  /** Issues a new code (replacing any live one) and queues its SMS. */
  async issue(phone: string, purpose: OtpPurpose, clientIp: string, locale: Locale) {
    const now = this.clock.now();
    const issued = await this.ds.transaction(async (m) => {
      // One issuer per phone at a time, so two quick requests cannot both pass the resend window.
      await LOCK.rows(m, [`otp:${phone}`]);
      const hourAgo = new Date(now.getTime() - 3600_000);
      // The resend window and both hourly caps in one round trip (the caps' index ranges plus the phone's newest).
      const [{ last, byPhone, byIp }] = await RECENT_CODES.rows(m, [phone, clientIp, hourAgo]);
      if (last) {
        const wait = OTP_POLICY.resendSeconds - Math.floor((now.getTime() - last.getTime()) / 1000);
        if (wait > 0) throw new DomainError('OTP_RESEND_TOO_SOON', { seconds: wait, retryAfterSeconds: wait });
      }
      if (byPhone >= OTP_POLICY.perPhonePerHour || byIp >= OTP_POLICY.perIpPerHour) throw new DomainError('OTP_TOO_MANY_REQUESTS');

      const code = String(randomInt(0, 10 ** OTP_POLICY.digits)).padStart(OTP_POLICY.digits, '0');
      const smsId = randomUUID();
      const expiresAt = new Date(now.getTime() + OTP_POLICY.ttlSeconds * 1000);
      await ADD_CODE.rows(m, [randomUUID(), phone, purpose, this.hash(phone, purpose, code), clientIp, now, expiresAt, smsId]);
      await this.outbox.add(m, 'sms.requested', {
        smsId,
        to: phone,
        text: message('OTP_SMS', locale, { code }),
        purpose: 'otp',
        code,
        requestedAt: now.toISOString(),
      });
      return { resendAfterSeconds: OTP_POLICY.resendSeconds, expiresInSeconds: OTP_POLICY.ttlSeconds };
    });
    this.codesSent.inc({ purpose });
    return issued;
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
    if (!live) return new DomainError('OTP_EXPIRED');
    if (live.attempts >= OTP_POLICY.maxAttempts) return new DomainError('OTP_ATTEMPTS_EXCEEDED');
    if (live.expires_at.getTime() <= this.clock.now().getTime()) return new DomainError('OTP_EXPIRED');
    const given = Buffer.from(this.hash(phone, purpose, code), 'hex');
    const stored = Buffer.from(live.code_hash, 'hex');
    if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
      await COUNT_GUESS.run(m, [live.id]);
      const left = OTP_POLICY.maxAttempts - live.attempts - 1;
      return left > 0 ? new DomainError('OTP_INVALID', { attemptsLeft: left }) : new DomainError('OTP_ATTEMPTS_EXCEEDED');
    }
    if (consume) await SPEND_CODE.run(m, [live.id, this.clock.now()]);
    return null;
  }
}
