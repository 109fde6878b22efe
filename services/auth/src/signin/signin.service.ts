import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type Locale, ROLE, type RoleId, message } from '@olymp/proto';
import { DomainError, EventOutbox, PreparedSql } from '@olymp/server-kit';
import { Clock } from '../clock';
import { type LiveCode, OtpService, OTP_POLICY } from '../otp/otp.service';
import { type IssuedTokens, SessionsService } from '../sessions/sessions.service';
import { type LoginBody, type RegisterBody, type SendOtpBody, requirePhone } from './signin.dto';

interface Account {
  id: string;
  phone: string;
  role_id: RoleId;
}

/** Every code request and sign-in looks its account up by phone (prepared once per connection). */
const ACCOUNT_BY_PHONE = new PreparedSql<Account>('SELECT id, phone, role_id FROM users WHERE phone = $1');

/**
 * What a sign-in needs to know, in one read and no lock (see `login`): the account, its live login code and its live
 * sessions. $1 phone.
 */
const LOGIN_STATE = new PreparedSql<Account & { code: LiveCode | null; live: { id: string; deviceId: string }[] }>(
  `SELECT u.id, u.phone, u.role_id,
          (SELECT json_build_object('id', c.id, 'code_hash', c.code_hash, 'attempts', c.attempts, 'expires_at', c.expires_at)
             FROM otp_codes c
            WHERE c.phone = u.phone AND c.purpose = 'login' AND c.consumed_at IS NULL AND c.superseded_at IS NULL) AS code,
          (SELECT coalesce(json_agg(json_build_object('id', s.id, 'deviceId', s.device_id)), '[]')
             FROM sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL) AS live
     FROM users u WHERE u.phone = $1`,
);

/** Masks a phone for messages: +7 700 *** ** 01. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 2)} ${phone.slice(2, 5)} *** ** ${phone.slice(-2)}`;
}

/**
 * The sign-in flows of spec section 4: request a code (by phone, or by e-mail for an account that has one — the
 * code still goes to the account's phone, the platform sends no mail), log in with the code, register a pupil.
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly ds: DataSource,
    private readonly otp: OtpService,
    private readonly sessions: SessionsService,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  private async accountBy(body: { phone?: string; email?: string }): Promise<Account | null> {
    if (body.phone !== undefined) {
      const phone = requirePhone(body.phone);
      const [a] = await ACCOUNT_BY_PHONE.rows(this.ds, [phone]);
      return a ?? null;
    }
    if (body.email !== undefined) {
      const [a] = await this.ds.query('SELECT id, phone, role_id FROM users WHERE email = $1', [body.email]) as Account[];
      return a ?? null;
    }
    throw new DomainError('PHONE_OR_EMAIL_REQUIRED');
  }

  async sendOtp(body: SendOtpBody, clientIp: string, locale: Locale) {
    const account = await this.accountBy(body);
    let phone: string;
    if (body.purpose === 'register') {
      if (body.phone === undefined) throw new DomainError('PHONE_OR_EMAIL_REQUIRED');
      if (account) throw new DomainError('PHONE_TAKEN');
      phone = requirePhone(body.phone);
    } else {
      if (!account) throw new DomainError('ACCOUNT_NOT_FOUND');
      phone = account.phone;
    }
    const sent = await this.otp.issue(phone, body.purpose, clientIp, locale);
    return {
      data: { sentTo: maskPhone(phone), ...sent },
      message: message('OTP_SENT', locale, { target: maskPhone(phone), minutes: OTP_POLICY.ttlSeconds / 60 }),
    };
  }

  async verifyOtp(phoneInput: string, code: string, purpose: 'login' | 'register', locale: Locale) {
    await this.otp.verify(requirePhone(phoneInput), purpose, code, false);
    return { data: { valid: true }, message: message('OTP_VALID', locale) };
  }

  /**
   * A sign-in is two round trips and no lock: one read (LOGIN_STATE), the code judged here, and one statement that
   * spends it, ends the account's other sessions and starts this one (SessionsService.startSpending). A wrong guess is
   * counted in its own statement and refused. If a session went live between the read and the statement, which only
   * another sign-in of the account could do, the sign-in takes the locked way in one transaction, as registration does.
   */
  async login(body: LoginBody, clientIp: string, locale: Locale) {
    const code = body.otp;
    if (!code) throw new DomainError('OTP_REQUIRED');
    const phone = body.phone !== undefined ? requirePhone(body.phone) : (await this.accountBy(body))?.phone;
    const [state] = phone === undefined ? [] : await LOGIN_STATE.rows(this.ds, [phone]);
    if (!state) throw new DomainError('ACCOUNT_NOT_FOUND');
    const account: Account = { id: state.id, phone: state.phone, role_id: state.role_id };
    const live = state.code ? { ...state.code, expires_at: new Date(state.code.expires_at) } : undefined;
    const refused = await this.otp.judge(live, account.phone, 'login', code);
    if (refused) throw refused;
    const device = { deviceId: body.device_id, deviceInfo: body.device_info, clientIp };
    let tokens = await this.sessions.startSpending({ id: account.id, roleId: account.role_id }, live!.id, OTP_POLICY.maxAttempts, state.live, device);
    if (tokens === 'RACED') {
      const outcome = await this.ds.transaction(async (m) => {
        const again = await this.otp.check(m, account.phone, 'login', code, true);
        if (again) return { refused: again };
        return { tokens: await this.sessions.start(m, { id: account.id, roleId: account.role_id }, device) };
      });
      if (outcome.refused) throw outcome.refused;
      tokens = outcome.tokens!;
    }
    // Spent, replaced or out of guesses between the read and the statement: as if it had been so at the read.
    if (tokens === 'CODE_GONE') throw new DomainError('OTP_EXPIRED');
    return { data: this.tokenData(tokens, account.id, account.role_id), message: message('SIGNED_IN', locale) };
  }

  async register(body: RegisterBody, clientIp: string, locale: Locale) {
    const phone = requirePhone(body.phone);
    const parentPhone = requirePhone(body.parentPhone, 'parentPhone');
    const [taken] = await this.ds.query('SELECT 1 FROM users WHERE phone = $1', [phone]);
    if (taken) throw new DomainError('PHONE_TAKEN');
    await this.checkAddress(body.province, body.district, body.school);
    const userId = randomUUID();
    const now = this.clock.now();
    // As at sign-in, the code is spent in the transaction that creates the account and its session: a registration
    // that fails after the check (any statement of it) rolls the spending back, so a rejected request consumes no
    // code. A wrong guess is committed as counted and then refused.
    const outcome = await this.ds.transaction(async (m) => {
      const refused = await this.otp.check(m, phone, 'register', body.code, true);
      if (refused) return { refused };
      try {
        await m.query(
          `INSERT INTO users (id, phone, first_name, last_name, role_id, grade, parent_phone, province_id, district_id, school_id, locale, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $12, $11, $11)`,
          [userId, phone, body.firstName, body.lastName, ROLE.student, body.grade, parentPhone, body.province, body.district, body.school, now, locale],
        );
      } catch (err) {
        // Two registrations of one phone at once: the second loses on the unique index.
        if ((err as { code?: string }).code === '23505') throw new DomainError('PHONE_TAKEN');
        throw err;
      }
      await this.outbox.add(m, 'user.registered', {
        userId, roleId: ROLE.student, phone, firstName: body.firstName, lastName: body.lastName, grade: body.grade,
        provinceId: body.province, districtId: body.district, schoolId: body.school, registeredAt: now.toISOString(),
      });
      return { tokens: await this.sessions.start(m, { id: userId, roleId: ROLE.student }, { deviceId: body.device_id, deviceInfo: body.device_info, clientIp }) };
    });
    if (outcome.refused) throw outcome.refused;
    const tokens = outcome.tokens;
    return { data: this.tokenData(tokens, userId, ROLE.student), message: message('REGISTERED', locale) };
  }

  async checkUser(body: { phone?: string; email?: string }) {
    const account = await this.accountBy(body);
    return { data: { exists: !!account, student: account ? account.role_id === ROLE.student : null } };
  }

  async refresh(refreshToken: string, clientIp: string) {
    const tokens = await this.sessions.refresh(refreshToken, clientIp);
    return { data: { token: tokens.token, tokenType: tokens.tokenType, expiresIn: tokens.expiresIn, refreshToken: tokens.refreshToken } };
  }

  /** A school must be in the district, and the district in the province. */
  async checkAddress(province: number, district: number, school: number): Promise<void> {
    const [row] = await this.ds.query(
      `SELECT p.id AS province, d.id AS district, d.province_id AS "districtProvince", s.id AS school, s.district_id AS "schoolDistrict"
         FROM (SELECT $1::int AS p, $2::int AS d, $3::int AS s) want
         LEFT JOIN provinces p ON p.id = want.p
         LEFT JOIN districts d ON d.id = want.d
         LEFT JOIN schools s ON s.id = want.s`,
      [province, district, school],
    ) as { province: number | null; district: number | null; districtProvince: number | null; school: number | null; schoolDistrict: number | null }[];
    if (!row.province) throw new DomainError('RELATED_NOT_FOUND', { field: 'province', value: province }, { province: 'RELATED_NOT_FOUND' });
    if (!row.district) throw new DomainError('RELATED_NOT_FOUND', { field: 'district', value: district }, { district: 'RELATED_NOT_FOUND' });
    if (!row.school) throw new DomainError('RELATED_NOT_FOUND', { field: 'school', value: school }, { school: 'RELATED_NOT_FOUND' });
    if (row.districtProvince !== province) throw new DomainError('ADDRESS_MISMATCH', {}, { district: 'ADDRESS_MISMATCH' });
    if (row.schoolDistrict !== district) throw new DomainError('ADDRESS_MISMATCH', {}, { school: 'ADDRESS_MISMATCH' });
  }

  private tokenData(tokens: IssuedTokens, userId: string, roleId: RoleId) {
    return {
      token: tokens.token,
      tokenType: tokens.tokenType,
      expiresIn: tokens.expiresIn,
      refreshToken: tokens.refreshToken,
      user: { uuid: userId, roleId, student: roleId === ROLE.student },
    };
  }
}
