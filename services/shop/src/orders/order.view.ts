import type { Order } from './order.entities';
import { nextStatuses } from './order-states';

/** An order as its owner and staff read it. The pickup code is there only while the order waits at the point. */
export function orderView(o: Order, forStaff = false) {
  return {
    id: o.id,
    ...(forStaff ? { userId: o.userId, next: nextStatuses(o.method, o.status, 'staff') } : {}),
    status: o.status,
    method: o.method,
    kind: o.kind,
    currency: o.currency,
    total: o.total,
    zpApplied: o.zpApplied,
    tengeDue: o.tengeDue,
    lines: (o.lines ?? []).map((l) => ({ productId: l.productId, name: { kk: l.nameKk, ru: l.nameRu, en: l.nameEn }, quantity: l.quantity, unitPrice: l.unitPrice })),
    pickupPointId: o.pickupPointId,
    deliveryPointId: o.deliveryPointId,
    address: o.address,
    invoiceId: o.invoiceId,
    payBy: o.payBy.toISOString(),
    // The counter checks the code the pupil says: staff's views never carry it.
    pickupCode: !forStaff && o.status === 'ready_for_pickup' ? o.pickupCode : null,
    returnMethod: o.returnMethod,
    refunded: o.refunded,
    paidAt: o.paidAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
  };
}
