/** The finance service as the pupil sees it: invoices, the ZP wallet and its recharges, XP and ZP history. */
import type {
  HistoryPage, InvoiceChangeReply, InvoiceProviderPaymentReply, InvoicePage, InvoiceReply, InvoiceView, PayableReply, RechargeChangeReply, RechargePage, RechargeReply, RechargeView,
} from '@olymp/proto';
import { authJson } from './session';

// Invoices are proto's HTTP contracts (proto/src/http.finance.ts), imported type-only.
export type { InvoiceStatus, Payable } from '@olymp/proto';
export type Invoice = InvoiceView;

export type { HistoryRow } from '@olymp/proto';
export type Recharge = RechargeView;

export const getInvoices = () => authJson<InvoicePage>('my-invoices');
export const getInvoice = (id: string) => authJson<InvoiceReply>(`my-invoices/${id}`).then((a) => a.data);
export const getPayable = (id: string) => authJson<PayableReply>(`invoices/${id}/payable`).then((a) => a.data);
export const payWithZp = (id: string) => authJson<InvoiceChangeReply>(`wallet-payment/${id}`, { method: 'POST' });
export const cancelInvoice = (id: string) => authJson<InvoiceChangeReply>(`invoices/${id}/cancel`, { method: 'POST' });

/** Pays the tenge still due on an invoice by card through the payment provider; asking again answers the pending payment. */
export const startCardPayment = (invoiceId: string) =>
  authJson<InvoiceProviderPaymentReply>(`invoices/${invoiceId}/provider-payment`, { method: 'POST' }).then((a) => a.data);
/** The sandbox provider's page for an invoice's card payment (outside production only). */
export const sandboxCardComplete = (invoiceId: string, outcome: 'succeeded' | 'failed') =>
  authJson<InvoiceProviderPaymentReply>(`invoices/${invoiceId}/sandbox-complete`, { method: 'POST', body: { outcome } });
export type CardPayment = InvoiceProviderPaymentReply['data'];

export const getRecharges = () => authJson<RechargePage>('zp-recharges');
export const getRecharge = (id: string) => authJson<RechargeReply>(`zp-recharges/${id}`).then((a) => a.data);
export const createRecharge = (amountZp: number) => authJson<RechargeChangeReply>('zp-recharges', { method: 'POST', body: { amountZp } }).then((a) => a.data);
export const startRechargePayment = (id: string) => authJson<RechargeChangeReply>(`recharges/${id}/payment`, { method: 'POST' }).then((a) => a.data);
/** The sandbox provider's stand-in for the payment page (outside production only). */
export const sandboxComplete = (id: string, outcome: 'succeeded' | 'failed') =>
  authJson<RechargeChangeReply>(`recharges/${id}/sandbox-complete`, { method: 'POST', body: { outcome } });

export const getHistory = (unit: 'xp' | 'zp') => authJson<HistoryPage>(`${unit}-history`);
