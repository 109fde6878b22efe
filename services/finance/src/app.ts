import { Module } from '@nestjs/common';
import { type ServiceDefinition, createService } from '@olymp/server-kit';

/** Finance: the points ledger (XP, ZP, Altyn Saqa), invoices, subscriptions, wallet payments, recharges. */
@Module({})
export class FinanceModule {}

export const financeService: ServiceDefinition = {
  service: 'finance',
  imports: [FinanceModule],
  entities: [],
  migrations: [],
};

export const startFinance = (env: Record<string, string | undefined> = process.env) => createService(financeService, env);
