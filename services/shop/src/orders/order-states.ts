import type { ShopOrderStatus } from '@olymp/proto';

/**
 * The order state machine, all of it: which status may follow which, for each way of getting the goods, and who
 * may make the move. Nothing else in the service decides a transition.
 *
 *   delivery: awaiting_payment -> paid -> processing -> shipped -> delivered
 *   pickup:   awaiting_payment -> paid -> ready_for_pickup -> picked_up
 *   awaiting_payment -> cancelled  (the invoice was cancelled or expired: the reserved stock goes back)
 *   paid | processing | ready_for_pickup -> cancelled  (before it ships: refunded through finance, restocked)
 *   delivered | picked_up -> return_requested -> returned (refunded, restocked) | return_refused
 *
 * `system` moves are made by the service itself (the invoice consumers and the expiry sweeper), never by staff's
 * change-status: a payment is a fact finance reports, not something staff can claim. `owner` is the pupil (a return
 * request within RETURN_WINDOW_MS of the handover; staff may open one for them too). `returned` refunds the ZP
 * through finance before the move (orders.service.ts).
 */
export type FulfilmentMethod = 'delivery' | 'pickup';
export type TransitionActor = 'system' | 'staff' | 'owner';

interface Transition {
  from: ShopOrderStatus;
  to: ShopOrderStatus;
  by: TransitionActor;
  methods: readonly FulfilmentMethod[];
}

const both = ['delivery', 'pickup'] as const;
export const ORDER_TRANSITIONS: readonly Transition[] = [
  { from: 'awaiting_payment', to: 'paid', by: 'system', methods: both },
  { from: 'awaiting_payment', to: 'cancelled', by: 'system', methods: both },
  // Cancelling a paid order before it leaves: the pupil while it is paid or waiting at the point, staff until it
  // ships or is handed over. The refund and the restock go with the move (orders.service.ts).
  { from: 'paid', to: 'cancelled', by: 'owner', methods: both },
  { from: 'ready_for_pickup', to: 'cancelled', by: 'owner', methods: ['pickup'] },
  { from: 'paid', to: 'cancelled', by: 'staff', methods: both },
  { from: 'processing', to: 'cancelled', by: 'staff', methods: ['delivery'] },
  { from: 'ready_for_pickup', to: 'cancelled', by: 'staff', methods: ['pickup'] },
  { from: 'paid', to: 'processing', by: 'staff', methods: ['delivery'] },
  { from: 'processing', to: 'shipped', by: 'staff', methods: ['delivery'] },
  { from: 'shipped', to: 'delivered', by: 'staff', methods: ['delivery'] },
  { from: 'paid', to: 'ready_for_pickup', by: 'staff', methods: ['pickup'] },
  { from: 'ready_for_pickup', to: 'picked_up', by: 'staff', methods: ['pickup'] },
  { from: 'delivered', to: 'return_requested', by: 'owner', methods: ['delivery'] },
  { from: 'picked_up', to: 'return_requested', by: 'owner', methods: ['pickup'] },
  { from: 'delivered', to: 'return_requested', by: 'staff', methods: ['delivery'] },
  { from: 'picked_up', to: 'return_requested', by: 'staff', methods: ['pickup'] },
  { from: 'return_requested', to: 'returned', by: 'staff', methods: both },
  { from: 'return_requested', to: 'return_refused', by: 'staff', methods: both },
];

export function canTransition(method: FulfilmentMethod, from: ShopOrderStatus, to: ShopOrderStatus, by: TransitionActor): boolean {
  return ORDER_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by === by && t.methods.includes(method));
}

/** What `by` may move an order of this method from `from` to (for messages and the admin UI's buttons). */
export function nextStatuses(method: FulfilmentMethod, from: ShopOrderStatus, by: TransitionActor): ShopOrderStatus[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === from && t.by === by && t.methods.includes(method)).map((t) => t.to);
}
