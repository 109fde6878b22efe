import { Module } from '@nestjs/common';
import { AuditModule, type ServiceDefinition, createService } from '@olymp/server-kit';
import { ledgerEntities } from './ledger/ledger.entities';
import { LedgerService } from './ledger/ledger.service';
import { Invoice } from './invoices/invoice.entity';
import { InvoicesService } from './invoices/invoices.service';
import { WalletPaymentService } from './invoices/wallet-payment.service';
import { InvoicesController } from './invoices/invoices.controller';
import { InvoicesRpcController } from './invoices/invoices.rpc.controller';
import { FinanceLedger1763900000000 } from './migrations/1763900000000-finance-ledger';
import { FinanceRewards1763900100000 } from './migrations/1763900100000-finance-rewards';
import { QuizXp } from './rewards/quiz-xp.entity';
import { RewardsConsumer } from './rewards/rewards.consumer';
import { HistoryController } from './history/history.controller';

/** Finance: the points ledger (XP, ZP, Altyn Saqa), invoices, wallet payments, recharges. */
@Module({
  imports: [AuditModule],
  controllers: [InvoicesController, InvoicesRpcController, HistoryController],
  providers: [LedgerService, InvoicesService, WalletPaymentService, RewardsConsumer],
  exports: [LedgerService, InvoicesService, WalletPaymentService],
})
export class FinanceModule {}

export const financeService: ServiceDefinition = {
  service: 'finance',
  imports: [FinanceModule],
  entities: [...ledgerEntities, Invoice, QuizXp],
  migrations: [FinanceLedger1763900000000, FinanceRewards1763900100000],
};

export const startFinance = (env: Record<string, string | undefined> = process.env) => createService(financeService, env);
export { LedgerService } from './ledger/ledger.service';
export { InvoicesService } from './invoices/invoices.service';
export { WalletPaymentService } from './invoices/wallet-payment.service';
