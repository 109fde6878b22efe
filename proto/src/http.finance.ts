/** HTTP contracts of the finance service that the UIs read (docs/finance.md): invoices and paying them. */
import { z } from 'zod';
import { dataOf, dataWithMessage, isoInstant, localizedText, pageOf } from './http';
import { invoiceStatus } from './rpc';

export type InvoiceStatus = z.output<typeof invoiceStatus>;

/** An invoice as the API answers it (the pupil's own, and staff's views). */
export const invoiceView = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  product: z.object({ kind: z.string(), id: z.string() }),
  title: localizedText,
  amountTenge: z.number().int(),
  amountZp: z.number().int(),
  /** A price in Altyn Saqa (shop orders paid in it); the wallet pays ZP first if both are set. */
  amountAltynSaqa: z.number().int(),
  /** ZP put towards the tenge price (`finance.invoice.use-zp`); the tenge still due is `tengeDue`. */
  zpApplied: z.number().int(),
  tengeDue: z.number().int(),
  status: invoiceStatus,
  statusLabel: z.string(),
  paymentMethod: z.enum(['wallet', 'provider']).nullable(),
  createdAt: isoInstant,
  paidAt: isoInstant.nullable(),
  cancelledAt: isoInstant.nullable(),
  refundedAt: isoInstant.nullable(),
  refundedZp: z.number().int().nullable(),
  refundedAltynSaqa: z.number().int().nullable(),
});
export type InvoiceView = z.output<typeof invoiceView>;

/** `GET /api/my-invoices`. */
export const invoicePage = pageOf(invoiceView);
export type InvoicePage = z.output<typeof invoicePage>;
/** `GET /api/my-invoices/{invoice}`. */
export const invoiceReply = dataOf(invoiceView);
export type InvoiceReply = z.output<typeof invoiceReply>;
/** `POST /api/wallet-payment/{invoice}`, `POST /api/invoices/{invoice}/cancel`. */
export const invoiceChangeReply = dataWithMessage(invoiceView);
export type InvoiceChangeReply = z.output<typeof invoiceChangeReply>;

/** `GET /api/invoices/{invoice}/payable`: whether the wallet can pay it now, and if not why (in the caller's language). */
export const payableReply = dataOf(
  z.object({
    invoiceId: z.uuid(),
    payable: z.boolean(),
    /** The error code that would refuse a payment now. */
    reason: z.string().nullable(),
    message: z.string(),
    /** `wallet`: ZP or Altyn Saqa now; `provider`: tenge through the payment provider. */
    methods: z.array(z.enum(['wallet', 'provider'])),
    amountZp: z.number().int(),
    amountTenge: z.number().int(),
    amountAltynSaqa: z.number().int(),
    tengeDue: z.number().int(),
    balanceZp: z.number().int(),
    balanceAltynSaqa: z.number().int(),
  }),
);
export type PayableReply = z.output<typeof payableReply>;

/**
 * `POST /api/invoices/{invoice}/provider-payment` (owner): pays the tenge still due through the payment provider
 * (the adapter recharges use). `checkoutUrl` is the provider's page (the sandbox's: `POST` it with `{ outcome }`);
 * the invoice becomes paid when the provider's signed callback says so. Asking again answers the same payment.
 */
export const invoiceProviderPayment = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  amountTenge: z.number().int(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  checkoutUrl: z.string().nullable(),
});
export const invoiceProviderPaymentReply = dataWithMessage(invoiceProviderPayment);
export type InvoiceProviderPaymentReply = z.output<typeof invoiceProviderPaymentReply>;
export type Payable = PayableReply['data'];

/* The ZP wallet: recharges and the history of XP and ZP */

export const rechargeStatus = z.enum(['created', 'pending', 'completed', 'failed']);
export type RechargeStatus = z.output<typeof rechargeStatus>;

/** A ZP purchase; `checkoutUrl` (the provider's payment page) only while it is pending. */
export const rechargeView = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  amountZp: z.number().int(),
  priceTenge: z.number().int(),
  status: rechargeStatus,
  provider: z.string(),
  checkoutUrl: z.string().nullable(),
  createdAt: isoInstant,
  completedAt: isoInstant.nullable(),
  failedAt: isoInstant.nullable(),
});
export type RechargeView = z.output<typeof rechargeView>;
/** `GET /api/zp-recharges`. */
export const rechargePage = pageOf(rechargeView);
export type RechargePage = z.output<typeof rechargePage>;
/** `GET /api/zp-recharges/{recharge}`. */
export const rechargeReply = dataOf(rechargeView);
export type RechargeReply = z.output<typeof rechargeReply>;
/** `POST /api/zp-recharges`, `POST /api/recharges/{recharge}/payment`, `.../sandbox-complete`. */
export const rechargeChangeReply = dataWithMessage(rechargeView);
export type RechargeChangeReply = z.output<typeof rechargeChangeReply>;

/** One movement of a balance: signed amount and the balance after it. */
export const historyRow = z.object({
  id: z.number().int(),
  amount: z.number(),
  balanceAfter: z.number(),
  kind: z.string(),
  reason: z.record(z.string(), z.unknown()),
  createdAt: isoInstant,
});
export type HistoryRow = z.output<typeof historyRow>;
/** `GET /api/xp-history`, `GET /api/zp-history`: a page of movements and the balance now. */
export const historyPage = pageOf(historyRow).extend({ balance: z.number() });
export type HistoryPage = z.output<typeof historyPage>;

/* Staff: finance reports (`/api/finance/...`, each route its own `finance:*` key) */

const period = z.object({ from: z.iso.date(), to: z.iso.date() });

/** `GET /api/finance/overview`: totals of the period, per day and per product. */
export const financeOverview = z.object({
  period,
  totals: z.object({
    invoices: z.number().int(),
    invoiceTenge: z.number(),
    invoiceZp: z.number(),
    recharges: z.number().int(),
    rechargeTenge: z.number(),
    rechargeZp: z.number(),
    refunds: z.number().int(),
    refundedZp: z.number(),
  }),
  byDay: z.array(
    z.object({
      day: z.iso.date(),
      invoices: z.number().int(),
      invoiceTenge: z.number(),
      invoiceZp: z.number(),
      recharges: z.number().int(),
      rechargeTenge: z.number(),
      rechargeZp: z.number(),
    }),
  ),
  byProduct: z.array(
    z.object({ product: z.object({ kind: z.string(), id: z.string() }), title: localizedText, invoices: z.number().int(), tenge: z.number(), zp: z.number() }),
  ),
});
export type FinanceOverview = z.output<typeof financeOverview>;
export const financeOverviewReply = dataOf(financeOverview);
export type FinanceOverviewReply = z.output<typeof financeOverviewReply>;

/** `GET /api/finance/analytics`: invoices opened, paid and cancelled per day, by kind, and the share paid. */
export const financeAnalytics = z.object({
  period,
  series: z.array(z.object({ day: z.iso.date(), opened: z.number().int(), paid: z.number().int(), cancelled: z.number().int(), rechargeTenge: z.number() })),
  byKind: z.array(z.object({ kind: z.string(), pending: z.number().int(), paid: z.number().int(), cancelled: z.number().int() })),
  /** Paid invoices as a share of those opened, 0-1 (0 when none were opened). */
  conversion: z.number(),
});
export type FinanceAnalytics = z.output<typeof financeAnalytics>;
export const financeAnalyticsReply = dataOf(financeAnalytics);
export type FinanceAnalyticsReply = z.output<typeof financeAnalyticsReply>;

/** A payment received: an invoice paid (by wallet or provider) or a completed recharge. */
export const paymentRow = z.object({
  type: z.enum(['invoice', 'recharge']),
  id: z.uuid(),
  userId: z.uuid(),
  paidAt: isoInstant,
  method: z.string(),
  product: z.object({ kind: z.string(), id: z.string() }).nullable(),
  title: localizedText.nullable(),
  /** Money received (tenge). */
  tenge: z.number(),
  /** ZP taken from the wallet for an invoice, or sold by a recharge. */
  zp: z.number(),
  refundedAt: isoInstant.nullable(),
});
export type PaymentRow = z.output<typeof paymentRow>;
/** `GET /api/finance/payments`. */
export const paymentPage = pageOf(paymentRow);
export type PaymentPage = z.output<typeof paymentPage>;

/** `GET /api/finance/invoices`. */
export const staffInvoicePage = pageOf(invoiceView);
export type StaffInvoicePage = z.output<typeof staffInvoicePage>;

/** A ledger posting of an invoice (accounts as `user:<id>` or `system:<code>`). */
export const invoicePosting = z.object({ key: z.string(), kind: z.string(), at: isoInstant, unit: z.string(), amount: z.number(), from: z.string(), to: z.string() });
export type InvoicePosting = z.output<typeof invoicePosting>;
/** `GET /api/finance/invoices/{invoice}`: the invoice and its postings. */
export const staffInvoiceReply = dataOf(invoiceView.extend({ postings: z.array(invoicePosting) }));
export type StaffInvoiceReply = z.output<typeof staffInvoiceReply>;

/** `POST /api/recharges/provider-callback` (the payment provider, by signature): the recharge's status after it. */
export const providerCallbackReply = dataWithMessage(z.object({ id: z.uuid(), status: rechargeStatus }));
export type ProviderCallbackReply = z.output<typeof providerCallbackReply>;

/** A ledger transaction with its postings (`GET /api/transactions`, staff); accounts as `user:<id>` or `system:<code>`. */
export const transactionView = z.object({
  id: z.uuid(),
  key: z.string(),
  kind: z.string(),
  reason: z.record(z.string(), z.unknown()),
  createdAt: isoInstant,
  postings: z.array(z.object({ amount: z.number(), unit: z.string(), from: z.string(), to: z.string() })),
});
export type TransactionView = z.output<typeof transactionView>;
export const transactionPage = pageOf(transactionView);
export type TransactionPage = z.output<typeof transactionPage>;
