import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule, type KitConfig, type ServiceDefinition, createService } from '@olymp/server-kit';
import { FINANCE_CONFIG, type FinanceConfig, loadFinanceConfig } from './config';
import { ledgerEntities } from './ledger/ledger.entities';
import { LedgerService } from './ledger/ledger.service';
import { Invoice, InvoicePayment } from './invoices/invoice.entity';
import { InvoicesService } from './invoices/invoices.service';
import { WalletPaymentService } from './invoices/wallet-payment.service';
import { InvoicesController } from './invoices/invoices.controller';
import { InvoicesRpcController } from './invoices/invoices.rpc.controller';
import { QuizXp } from './rewards/quiz-xp.entity';
import { RewardsConsumer } from './rewards/rewards.consumer';
import { HistoryController } from './history/history.controller';
import { ProviderCallback, ZpRecharge } from './recharges/recharge.entities';
import { RechargesService } from './recharges/recharges.service';
import { RechargesController } from './recharges/recharges.controller';
import { PAYMENT_PROVIDER, SandboxProvider } from './recharges/payment-provider';
import { ReportsService } from './reports/reports.service';
import { FinanceSeeder } from './seed/finance.seeder';
import { FinanceController } from './reports/finance.controller';
import { TransactionsController } from './reports/transactions.controller';
import { FinanceLedger1763900000000 } from './migrations/1763900000000-finance-ledger';
import { FinanceRewards1763900100000 } from './migrations/1763900100000-finance-rewards';
import { FinanceRecharges1763900200000 } from './migrations/1763900200000-finance-recharges';
import { FinanceOrderInvoices1764000000000 } from './migrations/1764000000000-finance-order-invoices';
import { FinanceAltynSaqaTenge1764100000000 } from './migrations/1764100000000-finance-altyn-saqa-tenge';

/** Finance: the points ledger (XP, ZP, Altyn Saqa), invoices, wallet payments, ZP recharges. */
@Module({})
export class FinanceModule {
  static forRoot(config: FinanceConfig): DynamicModule {
    return {
      module: FinanceModule,
      imports: [AuditModule],
      controllers: [InvoicesController, InvoicesRpcController, HistoryController, RechargesController, FinanceController, TransactionsController],
      providers: [
        { provide: FINANCE_CONFIG, useValue: config },
        { provide: PAYMENT_PROVIDER, useFactory: () => new SandboxProvider(config.FINANCE_PROVIDER_SECRET) },
        LedgerService,
        InvoicesService,
        WalletPaymentService,
        RewardsConsumer,
        RechargesService,
        ReportsService,
        FinanceSeeder,
      ],
    };
  }
}

/** The service, reading finance's own settings from `env` when it boots. */
export function financeDefinition(env: Record<string, string | undefined> = process.env): ServiceDefinition {
  return {
    service: 'finance',
    imports: (kit: KitConfig) => [FinanceModule.forRoot(loadFinanceConfig(env, kit.isProduction))],
    entities: [...ledgerEntities, Invoice, InvoicePayment, QuizXp, ZpRecharge, ProviderCallback],
    migrations: [FinanceLedger1763900000000, FinanceRewards1763900100000, FinanceRecharges1763900200000, FinanceOrderInvoices1764000000000, FinanceAltynSaqaTenge1764100000000],
  };
}

export const financeService: ServiceDefinition = financeDefinition();

export const startFinance = (env: Record<string, string | undefined> = process.env) => createService(financeDefinition(env), env);
export { LedgerService } from './ledger/ledger.service';
export { InvoicesService } from './invoices/invoices.service';
export { WalletPaymentService } from './invoices/wallet-payment.service';
export { RechargesService } from './recharges/recharges.service';
export { PAYMENT_PROVIDER, SandboxProvider, SANDBOX_SIGNATURE_HEADER } from './recharges/payment-provider';
export { loadFinanceConfig, DEV_PROVIDER_SECRET } from './config';
