/** The finance service as the pupil sees it: invoices, the ZP wallet and its recharges, XP and ZP history. */
import type { Localized } from '../lib/format';
import { authJson } from './session';

export type InvoiceStatus = 'pending' | 'paid' | 'cancelled' | 'refunded';

export interface Invoice {
  id: string;
  product: { kind: string; id: string };
  title: Localized;
  amountTenge: number;
  amountZp: number;
  status: InvoiceStatus;
  paymentMethod: string | null;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
}

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  pageCount: number;
}

export interface Payable {
  invoiceId: string;
  payable: boolean;
  reason?: string;
  message?: string;
  amountZp: number;
  amountTenge: number;
  balanceZp: number;
}

export interface Recharge {
  id: string;
  amountZp: number;
  priceTenge: number;
  status: 'created' | 'pending' | 'completed' | 'failed';
  checkoutUrl: string | null;
  createdAt: string;
  completedAt: string | null;
}

export interface HistoryRow {
  id: number;
  amount: number;
  balanceAfter: number;
  kind: string;
  createdAt: string;
}

export const getInvoices = () => authJson<Page<Invoice>>('my-invoices');
export const getInvoice = (id: string) => authJson<{ data: Invoice }>(`my-invoices/${id}`).then((a) => a.data);
export const getPayable = (id: string) => authJson<{ data: Payable }>(`invoices/${id}/payable`).then((a) => a.data);
export const payWithZp = (id: string) => authJson<{ data: Invoice; message: string }>(`wallet-payment/${id}`, { method: 'POST' });
export const cancelInvoice = (id: string) => authJson<{ data: Invoice; message: string }>(`invoices/${id}/cancel`, { method: 'POST' });

export const getRecharges = () => authJson<Page<Recharge>>('zp-recharges');
export const getRecharge = (id: string) => authJson<{ data: Recharge }>(`zp-recharges/${id}`).then((a) => a.data);
export const createRecharge = (amountZp: number) => authJson<{ data: Recharge }>('zp-recharges', { method: 'POST', body: { amountZp } }).then((a) => a.data);
export const startRechargePayment = (id: string) => authJson<{ data: Recharge }>(`recharges/${id}/payment`, { method: 'POST' }).then((a) => a.data);
/** The sandbox provider's stand-in for the payment page (outside production only). */
export const sandboxComplete = (id: string, outcome: 'succeeded' | 'failed') =>
  authJson<{ data: { status: string }; message: string }>(`recharges/${id}/sandbox-complete`, { method: 'POST', body: { outcome } });

export const getHistory = (unit: 'xp' | 'zp') => authJson<Page<HistoryRow> & { balance: number }>(`${unit}-history`);
