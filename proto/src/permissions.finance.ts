import { keys } from './permission-keys';

/**
 * API permission keys of the finance service. Pupils' own money (my-invoices, wallet payment, recharges, XP and ZP
 * history) needs only sign-in; these keys are for staff: reading the finance area (overview, analytics, payments
 * and their CSV export, invoices, ledger postings) and acting on invoices (create, cancel someone else's, refund).
 */
export const FINANCE_PERMISSIONS = [
  ...keys('finance', [
    'overview', 'analytics', 'payments', 'payments_export', 'invoice_index', 'invoice_create', 'invoice_cancel',
    'invoice_refund', 'transactions',
  ] as const),
] as const;
