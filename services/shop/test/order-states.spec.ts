/** The order state machine (orders/order-states.ts): every pair of statuses, for both methods and all three actors. */
import { SHOP_ORDER_STATUSES, type ShopOrderStatus } from '@olymp/proto';
import { canTransition } from '@olymp/shop';

type Method = 'delivery' | 'pickup';
const allowed: Record<Method, Record<'staff' | 'system' | 'owner', [ShopOrderStatus, ShopOrderStatus][]>> = {
  delivery: {
    system: [['awaiting_payment', 'paid'], ['awaiting_payment', 'cancelled']],
    staff: [['paid', 'cancelled'], ['processing', 'cancelled'], ['paid', 'processing'], ['processing', 'shipped'], ['shipped', 'delivered'], ['delivered', 'return_requested'], ['return_requested', 'returned'], ['return_requested', 'return_refused']],
    owner: [['paid', 'cancelled'], ['delivered', 'return_requested']],
  },
  pickup: {
    system: [['awaiting_payment', 'paid'], ['awaiting_payment', 'cancelled']],
    staff: [['paid', 'cancelled'], ['ready_for_pickup', 'cancelled'], ['paid', 'ready_for_pickup'], ['ready_for_pickup', 'picked_up'], ['picked_up', 'return_requested'], ['return_requested', 'returned'], ['return_requested', 'return_refused']],
    owner: [['paid', 'cancelled'], ['ready_for_pickup', 'cancelled'], ['picked_up', 'return_requested']],
  },
};

describe('order state machine', () => {
  const cases = (['delivery', 'pickup'] as const).flatMap((method) =>
    (['staff', 'system', 'owner'] as const).flatMap((by) =>
      SHOP_ORDER_STATUSES.flatMap((from) => SHOP_ORDER_STATUSES.map((to) => ({ method, by, from, to }))),
    ),
  );

  it.each(cases)('$method: $by moves $from -> $to only if the table allows it', ({ method, by, from, to }) => {
    const expected = allowed[method][by].some(([f, t]) => f === from && t === to);
    expect(canTransition(method, from, to, by)).toBe(expected);
  });

  it('staff and the pupil can never claim a payment, and nothing leaves a final status', () => {
    for (const method of ['delivery', 'pickup'] as const) {
      expect(canTransition(method, 'awaiting_payment', 'paid', 'staff')).toBe(false);
      expect(canTransition(method, 'awaiting_payment', 'paid', 'owner')).toBe(false);
      for (const final of ['cancelled', 'returned', 'return_refused'] as const) {
        for (const to of SHOP_ORDER_STATUSES) for (const by of ['staff', 'system', 'owner'] as const) expect(canTransition(method, final, to, by)).toBe(false);
      }
    }
  });
});
