import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { KIT_CONFIG, KIT_LOGGER, type KitConfig } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { LedgerService } from '../ledger/ledger.service';

/** The demo pupils of `npm start` (README's table; auth's seed creates them) and the ZP each starts with. */
export const DEMO_PUPIL_PHONES = ['+77000000105', '+77000000106', '+77000000107'] as const;
export const DEMO_STARTING_ZP = 5000;

const uuidFrom = (seed: string) => {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/**
 * A demo person's id: the same rule as auth's `demoUserId` (services/auth/src/seed/seeder.ts), copied rather than
 * imported because one service must not depend on another's package; seed.spec.ts checks both agree.
 */
export const demoUserId = (phone: string) => uuidFrom(`olymp-demo:${phone}`);
export const demoRechargeId = (phone: string) => uuidFrom(`olymp-demo-recharge:${phone}`);

/**
 * With SEED_DEMO on (never in production), every demo pupil gets ZP as a completed recharge (provider `demo`) and
 * its ledger credit, so a newcomer can pay an invoice right away. Idempotent: the same recharge id and ledger key
 * every start.
 */
@Injectable()
export class FinanceSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    private readonly ledger: LedgerService,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO) return;
    await this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['finance:seed']);
      for (const phone of DEMO_PUPIL_PHONES) {
        const id = demoRechargeId(phone);
        const userId = demoUserId(phone);
        await m.query(
          `INSERT INTO zp_recharges (id, user_id, amount_zp, price_tenge, status, provider, provider_payment_id, completed_at)
           VALUES ($1, $2, $3, 0, 'completed', 'demo', $4, now()) ON CONFLICT (id) DO NOTHING`,
          [id, userId, DEMO_STARTING_ZP, `demo_${id}`],
        );
        await this.ledger.post(m, {
          key: `recharge:${id}`,
          kind: 'recharge',
          reason: { rechargeId: id, provider: 'demo', priceTenge: 0 },
          legs: [{ unit: 'ZP', from: { system: 'recharges' }, to: { user: userId }, amount: DEMO_STARTING_ZP }],
        });
      }
    });
    this.logger.info({ pupils: DEMO_PUPIL_PHONES.length, zp: DEMO_STARTING_ZP }, 'demo wallets seeded');
  }
}
