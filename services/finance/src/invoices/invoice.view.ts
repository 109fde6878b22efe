import type { Invoice, InvoiceStatus } from './invoice.entity';

/** Spec section 3: the labels of invoice statuses. */
export const STATUS_LABELS: Record<InvoiceStatus, string> = { pending: 'Pending', paid: 'Paid', cancelled: 'Cancelled' };

/** An invoice as the API answers it. */
export function invoiceView(i: Invoice) {
  return {
    id: i.id,
    userId: i.userId,
    product: { kind: i.productKind, id: i.productId },
    title: { kk: i.titleKk, ru: i.titleRu, en: i.titleEn },
    amountTenge: i.amountTenge,
    amountZp: i.amountZp,
    amountAltynSaqa: i.amountAltynSaqa,
    zpApplied: i.zpApplied,
    tengeDue: i.tengeDue,
    status: i.status,
    statusLabel: STATUS_LABELS[i.status],
    paymentMethod: i.paymentMethod,
    createdAt: i.createdAt.toISOString(),
    paidAt: i.paidAt?.toISOString() ?? null,
    cancelledAt: i.cancelledAt?.toISOString() ?? null,
    refundedAt: i.refundedAt?.toISOString() ?? null,
    refundedZp: i.refundedZp,
    refundedAltynSaqa: i.refundedAltynSaqa,
  };
}
export type InvoiceView = ReturnType<typeof invoiceView>;
