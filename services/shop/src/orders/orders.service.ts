import { createHash, randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { ShopCurrency, ShopFulfilment, ShopOrderStatus, shopChangeStatus, shopCheckout, shopReturnMethod } from '@olymp/proto';
import { AuditLog, type AuditActor, Clock, DomainError, EventOutbox, KIT_LOGGER, RpcClient, currentLocale, notFound } from '@olymp/server-kit';
import { PickupPoint, Product } from '../catalogue/catalogue.entities';
import { type PickupPointView, pickupPointView } from '../catalogue/pickup-point.view';
import { CartItem } from '../cart/cart.entities';
import { type DeliveryAddress, Order, OrderLine, OrderStatusChange } from './order.entities';
import { type FulfilmentMethod, type TransitionActor, canTransition, nextStatuses } from './order-states';
import { DeliveryPoint, SavedAddress } from '../fulfilment/fulfilment.entities';
import { Prize } from '../prizes/prize.entities';

/** How long stock stays reserved for an unpaid order; then the invoice is cancelled and the stock returns. */
export const PAYMENT_WINDOW_MS = 30 * 60_000;
/** How long after the handover (delivered, picked up) a pupil may ask for a return. */
export const RETURN_WINDOW_DAYS = 14;

const CURRENCY_NAMES: Record<ShopCurrency, string> = { zp: 'ZP', tenge: '₸', altyn_saqa: 'Altyn Saqa' };

/** Where an order goes: a pickup point, or a delivery (to an address, possibly a delivery point's). */
export interface Place {
  method: FulfilmentMethod;
  pickupPointId: string | null;
  deliveryPointId: string | null;
  address: DeliveryAddress | null;
}

/**
 * The invoice id of an order: a name-based (version 5 style) uuid of the order's id, so the order records it in its
 * own transaction and a retried or crashed checkout finds the same invoice in finance.
 */
export function invoiceIdOf(orderId: string): string {
  const h = createHash('sha1').update(`olymp.shop.order-invoice:${orderId}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/**
 * Orders: checkout (reserve the cart's stock and open the invoice), the moves of the state machine
 * (order-states.ts) with their history, audit and `order.status.changed` event, and releasing a reservation.
 */
@Injectable()
export class Orders {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
    private readonly audit: AuditLog,
    private readonly rpc: RpcClient,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The whole cart becomes one order in one transaction: each product's stock is taken with
   * `UPDATE ... SET stock = stock - n WHERE stock >= n` (row lock; a concurrent buyer re-checks the committed stock),
   * so stock never goes below zero and a short product refuses the order with OUT_OF_STOCK and nothing taken. The
   * lines are priced in the chosen currency. Then finance opens the invoice under the id derived from the order's
   * (`invoiceIdOf`, recorded with the order); if finance cannot be reached the reservation is given back at once.
   */
  async checkout(userId: string, body: z.output<typeof shopCheckout>): Promise<Order> {
    const place = await this.resolveFulfilment(userId, body.fulfilment);
    const order: Order = await this.ds.transaction(async (m) => {
      const items = await m
        .getRepository(CartItem)
        .createQueryBuilder('i')
        .where('i.userId = :userId', { userId })
        .orderBy('i.productId', 'ASC')
        .setLock('pessimistic_write')
        .getMany();
      if (!items.length) throw new DomainError('CART_EMPTY');
      await this.checkPoints(m, place);
      const lines: OrderLine[] = [];
      // Product rows are locked in id order, so two checkouts sharing products cannot deadlock.
      for (const item of items) lines.push(await this.reserve(m, item.productId, item.quantity, body.currency));
      const created = await this.insertOrder(m, userId, 'purchase', body.currency, lines, place);
      await m.getRepository(CartItem).delete({ userId });
      return created;
    });
    try {
      await this.rpc.request('finance.invoice.open', {
        userId,
        product: { kind: 'order', id: order.id },
        title: { kk: `Тапсырыс ${order.id.slice(0, 8)}`, ru: `Заказ ${order.id.slice(0, 8)}`, en: `Order ${order.id.slice(0, 8)}` },
        amountTenge: order.currency === 'tenge' ? order.total : 0,
        amountZp: order.currency === 'zp' ? order.total : 0,
        amountAltynSaqa: order.currency === 'altyn_saqa' ? order.total : 0,
        invoiceId: order.invoiceId ?? undefined,
      });
      return order;
    } catch (err) {
      // No invoice, no order: give the stock back now (the sweeper would, at the deadline, if this fails too).
      await this.release(order.id, 'system', null, 'invoice not opened').catch((e: unknown) => this.logger.error({ err: e, orderId: order.id }, 'release after a failed invoice'));
      throw err;
    }
  }

  /**
   * Takes `quantity` of a product from its stock in the caller's transaction and answers the order line priced in
   * `currency` (a prize: price 0). OUT_OF_STOCK / PRODUCT_NOT_SOLD / PRODUCT_NOT_SOLD_IN_CURRENCY roll it all back.
   */
  async reserve(m: EntityManager, productId: string, quantity: number, currency: ShopCurrency | 'prize'): Promise<OrderLine> {
    const locale = currentLocale();
    const [rows] = (await m.query(
      `UPDATE products SET stock = stock - $2, updated_at = now() WHERE id = $1 AND active AND stock >= $2
       RETURNING id, name_kk, name_ru, name_en, price_zp, price_tenge, price_altyn_saqa`,
      [productId, quantity],
    )) as [{ id: string; name_kk: string; name_ru: string; name_en: string; price_zp: number | null; price_tenge: number | null; price_altyn_saqa: number | null }[], number];
    if (!rows.length) {
      const p = await m.getRepository(Product).findOneBy({ id: productId });
      if (!p) throw notFound();
      const name = { kk: p.nameKk, ru: p.nameRu, en: p.nameEn }[locale];
      if (!p.active) throw new DomainError('PRODUCT_NOT_SOLD', { product: name });
      throw new DomainError('OUT_OF_STOCK', { product: name, available: p.stock, requested: quantity });
    }
    const p = rows[0];
    const price = currency === 'prize' ? 0 : { zp: p.price_zp, tenge: p.price_tenge, altyn_saqa: p.price_altyn_saqa }[currency];
    if (price === null) {
      throw new DomainError('PRODUCT_NOT_SOLD_IN_CURRENCY', { product: { kk: p.name_kk, ru: p.name_ru, en: p.name_en }[locale], currency: CURRENCY_NAMES[currency as ShopCurrency] });
    }
    return Object.assign(new OrderLine(), { productId: p.id, quantity, unitPrice: price, nameKk: p.name_kk, nameRu: p.name_ru, nameEn: p.name_en });
  }

  /** Writes a new order (awaiting payment) with its lines, first history row and event, in the caller's transaction. */
  async insertOrder(m: EntityManager, userId: string, kind: 'purchase' | 'prize', currency: ShopCurrency, lines: OrderLine[], place: Place): Promise<Order> {
    const id = randomUUID();
    const total = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
    const created: Order = await m.getRepository(Order).save(
      Object.assign(new Order(), {
        id,
        userId,
        status: 'awaiting_payment' as const,
        method: place.method,
        kind,
        currency,
        total,
        zpApplied: 0,
        tengeDue: kind === 'purchase' && currency === 'tenge' ? total : null,
        pickupPointId: place.pickupPointId,
        deliveryPointId: place.deliveryPointId,
        address: place.address,
        invoiceId: kind === 'purchase' ? invoiceIdOf(id) : null,
        payBy: new Date(this.clock.nowMs() + PAYMENT_WINDOW_MS),
        pickupCode: null,
        returnMethod: null,
        refunded: null,
        paidAt: null,
      }),
    );
    for (const l of lines) l.orderId = created.id;
    await m.getRepository(OrderLine).insert(lines);
    await this.record(m, created, null, 'awaiting_payment', null, null);
    created.lines = lines;
    return created;
  }

  /**
   * Where the goods go, checked before anything is reserved: a pickup point (checked again in the transaction), an
   * address typed now or saved (the caller's own: another's is 404), or a delivery point; cities named by auth.
   */
  async resolveFulfilment(userId: string, f: ShopFulfilment): Promise<Place> {
    if (f.method === 'pickup') return { method: 'pickup', pickupPointId: f.pickupPointId, deliveryPointId: null, address: null };
    if (f.method === 'delivery_point') {
      const point = await this.ds.getRepository(DeliveryPoint).findOneBy({ id: f.deliveryPointId });
      if (!point) throw notFound();
      const city = await this.city(point.cityId);
      const line = { kk: `${point.nameKk}, ${point.addressKk}`, ru: `${point.nameRu}, ${point.addressRu}`, en: `${point.nameEn}, ${point.addressEn}` }[currentLocale()];
      return { method: 'delivery', pickupPointId: null, deliveryPointId: point.id, address: { recipient: f.recipient, phone: f.phone, city, line, note: '' } };
    }
    let a = f.address;
    if (f.addressId) {
      const saved = await this.ds.getRepository(SavedAddress).findOneBy({ id: f.addressId, userId });
      if (!saved) throw notFound();
      a = { recipient: saved.recipient, phone: saved.phone, cityId: saved.cityId, line: saved.line, note: saved.note };
    }
    if (!a) throw notFound();
    return { method: 'delivery', pickupPointId: null, deliveryPointId: null, address: { recipient: a.recipient, phone: a.phone, city: await this.city(a.cityId), line: a.line, note: a.note } };
  }

  /** Pickup and delivery points must be active when the order is placed (in its transaction). */
  async checkPoints(m: EntityManager, place: Place): Promise<void> {
    if (place.pickupPointId) {
      const point = await m.getRepository(PickupPoint).findOneBy({ id: place.pickupPointId });
      if (!point) throw notFound();
      if (!point.active) throw new DomainError('PICKUP_POINT_UNAVAILABLE');
    }
    if (place.deliveryPointId) {
      const point = await m.getRepository(DeliveryPoint).findOneBy({ id: place.deliveryPointId });
      if (!point?.active) throw new DomainError('DELIVERY_POINT_UNAVAILABLE');
    }
  }

  private async city(cityId: number): Promise<DeliveryAddress['city']> {
    const { cities } = await this.rpc.request('auth.cities.get', { cityIds: [cityId] });
    if (!cities.length) throw new DomainError('DELIVERY_CITY_NOT_FOUND', { cityId });
    return cities[0];
  }

  /**
   * A pupil claims a prize they won: one zero-price order of its product, through the usual fulfilment, in one
   * transaction that locks the prize row (a second claim, also a concurrent one, finds it claimed: 409
   * PRIZE_ALREADY_CLAIMED), takes the unit from stock (OUT_OF_STOCK otherwise) and moves the order straight to paid.
   */
  async claimPrize(userId: string, prizeId: string, fulfilment: ShopFulfilment): Promise<Order> {
    const place = await this.resolveFulfilment(userId, fulfilment);
    return this.ds.transaction(async (m) => {
      const prize = await m.getRepository(Prize).findOne({ where: { id: prizeId, userId }, lock: { mode: 'pessimistic_write' } });
      if (!prize) throw notFound();
      if (prize.orderId) throw new DomainError('PRIZE_ALREADY_CLAIMED');
      await this.checkPoints(m, place);
      const line = await this.reserve(m, prize.productId, 1, 'prize');
      const order = await this.insertOrder(m, userId, 'prize', 'zp', [line], place);
      order.paidAt = this.clock.now();
      await this.move(m, order, 'paid', 'system', null, 'prize claimed');
      await m.query('UPDATE products SET sold = sold + 1 WHERE id = $1', [prize.productId]);
      prize.orderId = order.id;
      prize.claimedAt = this.clock.now();
      await m.getRepository(Prize).save(prize);
      return order;
    });
  }

  /** invoice.paid for an order: awaiting_payment -> paid (idempotent: any later status means it was done). */
  async paid(m: EntityManager, orderId: string, paidAt: Date): Promise<void> {
    const order = await m.getRepository(Order).findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
    if (!order) return this.logger.warn({ orderId }, 'invoice.paid for an unknown order');
    if (order.status !== 'awaiting_payment') {
      if (order.status === 'cancelled') this.logger.error({ orderId }, 'invoice.paid for a cancelled order: refund it in finance');
      return;
    }
    order.paidAt = paidAt;
    await this.move(m, order, 'paid', 'system', null, null);
    await this.lockProducts(m, orderId);
    await m.query(
      `UPDATE products p SET sold = p.sold + l.quantity FROM order_lines l WHERE l.order_id = $1 AND l.product_id = p.id`,
      [orderId],
    );
  }

  /**
   * Cancels an unpaid order and puts its stock back (invoice cancelled or expired, invoice never opened). Nothing
   * happens to an order that is no longer awaiting payment, so a late or repeated notice changes nothing.
   */
  async release(orderId: string, by: TransitionActor, actorId: string | null, note: string | null, outer?: EntityManager): Promise<boolean> {
    const work = async (m: EntityManager) => {
      const order = await m.getRepository(Order).findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order || order.status !== 'awaiting_payment') return false;
      await this.move(m, order, 'cancelled', by, actorId, note);
      await this.lockProducts(m, orderId);
      await m.query(
        `UPDATE products p SET stock = p.stock + l.quantity, updated_at = now() FROM order_lines l WHERE l.order_id = $1 AND l.product_id = p.id`,
        [orderId],
      );
      return true;
    };
    return outer ? work(outer) : this.ds.transaction(work);
  }

  /**
   * Locks an order's products in id order, the order checkout takes them in, so a release or a payment touching
   * several products never deadlocks with a checkout or another release (a joined UPDATE locks in no set order).
   */
  private async lockProducts(m: EntityManager, orderId: string): Promise<void> {
    await m.query(
      'SELECT p.id FROM products p WHERE p.id IN (SELECT product_id FROM order_lines WHERE order_id = $1) ORDER BY p.id FOR UPDATE OF p',
      [orderId],
    );
  }

  /** Orders whose payment window has closed (by the kit's clock). */
  async overdue(limit: number): Promise<{ id: string; invoiceId: string | null }[]> {
    return this.ds.getRepository(Order).createQueryBuilder('o').select(['o.id', 'o.invoiceId'])
      .where(`o.status = 'awaiting_payment' AND o.payBy <= :now`, { now: this.clock.now() }).orderBy('o.payBy', 'ASC').limit(limit).getMany();
  }

  /**
   * The pupil gives up an order. Unpaid: its invoice is cancelled in finance first, so it can no longer be paid, then
   * the reservation is released. Paid and not yet on its way (paid, or waiting at the pickup point): refunded and
   * restocked (`cancelPaid`).
   */
  async cancelByOwner(owner: AuditActor, orderId: string): Promise<Order> {
    const order = await this.ds.getRepository(Order).findOneBy({ id: orderId, userId: owner.sub });
    if (!order) throw notFound();
    if (order.status !== 'awaiting_payment') {
      if (!canTransition(order.method, order.status, 'cancelled', 'owner')) throw new DomainError('ORDER_NOT_CANCELLABLE');
      return this.ds.transaction(async (m) => {
        const locked = await m.getRepository(Order).findOneOrFail({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
        if (!canTransition(locked.method, locked.status, 'cancelled', 'owner')) throw new DomainError('ORDER_NOT_CANCELLABLE');
        await this.refundAndRestock(m, locked, owner);
        await this.freePrize(m, locked);
        await this.move(m, locked, 'cancelled', 'owner', owner.sub, 'cancelled by the pupil');
        return locked;
      });
    }
    const { cancelled } = await this.rpc.request('finance.invoice.cancel-unpaid', { product: { kind: 'order', id: orderId } });
    if (cancelled === 0 && order.invoiceId !== null) {
      // Finance found nothing pending: it was paid a moment ago (invoice.paid is on its way) or already cancelled.
      const now = await this.ds.getRepository(Order).findOneByOrFail({ id: orderId });
      if (now.status !== 'awaiting_payment' && now.status !== 'cancelled') throw new DomainError('ORDER_NOT_CANCELLABLE');
    }
    await this.release(orderId, 'system', owner.sub, 'cancelled by the pupil');
    return this.ds.getRepository(Order).findOneByOrFail({ id: orderId });
  }

  /**
   * A paid order leaves the pupil's hands or never reached them (cancelled before shipping, or returned): finance
   * refunds the invoice (idempotent there: a move that fails after the refund converges when tried again), the
   * units go back to `stock` and out of `sold`, in the move's transaction (the order row is locked by the caller).
   */
  private async refundAndRestock(m: EntityManager, order: Order, actor: AuditActor): Promise<void> {
    if (order.invoiceId) {
      const r = await this.rpc.request('finance.invoice.refund', { invoiceId: order.invoiceId, actor: { userId: actor.sub, roleId: actor.roleId } });
      const amount = order.currency === 'zp' ? r.refundedZp : order.currency === 'altyn_saqa' ? r.refundedAltynSaqa : r.refundedTenge;
      order.refunded = { amount, currency: order.currency, zp: order.currency === 'tenge' ? r.refundedZp : 0 };
    }
    await this.lockProducts(m, order.id);
    await m.query(
      `UPDATE products p SET stock = p.stock + l.quantity, sold = greatest(p.sold - l.quantity, 0), updated_at = now()
         FROM order_lines l WHERE l.order_id = $1 AND l.product_id = p.id`,
      [order.id],
    );
  }

  /** A cancelled prize claim (never handed over) leaves the prize to be claimed again. */
  private async freePrize(m: EntityManager, order: Order): Promise<void> {
    if (order.kind === 'prize') await m.query('UPDATE prizes SET order_id = NULL, claimed_at = NULL WHERE order_id = $1', [order.id]);
  }

  /**
   * The pupil asks to return a delivered or picked-up order, within RETURN_WINDOW_DAYS of receiving it, saying how
   * the goods come back (one of `returnMethods`; by default courier for a delivery, the order's point for a pickup).
   */
  async requestReturn(userId: string, orderId: string, reason: string, method?: z.output<typeof shopReturnMethod>): Promise<void> {
    await this.ds.transaction(async (m) => {
      const order = await m.getRepository(Order).findOne({ where: { id: orderId, userId }, lock: { mode: 'pessimistic_write' } });
      if (!order) throw notFound();
      if (order.handedOverAt && this.clock.nowMs() > order.handedOverAt.getTime() + RETURN_WINDOW_DAYS * 86_400_000) {
        throw new DomainError('RETURN_WINDOW_CLOSED', { days: RETURN_WINDOW_DAYS, receivedOn: order.handedOverAt.toISOString().slice(0, 10) });
      }
      const chosen = method ?? (order.method === 'delivery' ? { kind: 'courier' as const } : { kind: 'pickup_point' as const, pickupPointId: order.pickupPointId ?? '' });
      if (chosen.kind === 'courier' && order.method !== 'delivery') throw new DomainError('RETURN_METHOD_UNAVAILABLE');
      if (chosen.kind === 'pickup_point') {
        const point = await m.getRepository(PickupPoint).findOneBy({ id: chosen.pickupPointId });
        if (!point?.active) throw new DomainError('RETURN_METHOD_UNAVAILABLE');
      }
      order.returnMethod = { kind: chosen.kind, pickupPointId: chosen.kind === 'pickup_point' ? chosen.pickupPointId : null };
      await this.move(m, order, 'return_requested', 'owner', userId, reason);
    });
  }

  /** How an order's goods may come back now: any active pickup point, or a courier to its delivery address. */
  async returnMethods(userId: string, orderId: string) {
    const order = await this.ds.getRepository(Order).findOneBy({ id: orderId, userId });
    if (!order) throw notFound();
    const until = order.handedOverAt ? new Date(order.handedOverAt.getTime() + RETURN_WINDOW_DAYS * 86_400_000) : null;
    const returnable = canTransition(order.method, order.status, 'return_requested', 'owner') && until !== null && this.clock.nowMs() <= until.getTime();
    if (!returnable) return { returnable: false, until: until?.toISOString().slice(0, 10) ?? null, methods: [] };
    const points = await this.ds.getRepository(PickupPoint).find({ where: { active: true }, order: { nameRu: 'ASC', id: 'ASC' } });
    const methods: ({ kind: 'pickup_point'; pickupPoints: PickupPointView[] } | { kind: 'courier'; address: DeliveryAddress })[] = [];
    if (points.length) methods.push({ kind: 'pickup_point', pickupPoints: points.map(pickupPointView) });
    if (order.method === 'delivery' && order.address) methods.push({ kind: 'courier', address: order.address });
    return { returnable: true, until: until.toISOString().slice(0, 10), methods };
  }

  /**
   * Staff's change-status: only the moves the table gives staff; audited; publishes order.status.changed. Handing a
   * pickup order over needs its code; `returned` and a cancel of a paid order first refund through finance and put
   * the stock back (`refundAndRestock`).
   */
  async changeStatus(orderId: string, change: z.output<typeof shopChangeStatus>, actor: AuditActor): Promise<Order> {
    return this.ds.transaction(async (m) => {
      const order = await m.getRepository(Order).findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order) throw notFound();
      const before = { ...order };
      const allowed = canTransition(order.method, order.status, change.status, 'staff');
      if (allowed && change.status === 'picked_up' && change.pickupCode !== order.pickupCode) throw new DomainError('PICKUP_CODE_MISMATCH');
      if (allowed && (change.status === 'returned' || change.status === 'cancelled')) await this.refundAndRestock(m, order, actor);
      if (allowed && change.status === 'cancelled') await this.freePrize(m, order);
      await this.move(m, order, change.status, 'staff', actor.sub, change.note ?? null);
      await this.audit.record(m, { actor, action: 'change-status', resource: 'orders', resourceId: order.id, before, after: order });
      return order;
    });
  }

  /** `use-zp`: the pupil's ZP towards their tenge order's price, paid by finance on their behalf. */
  async useZp(userId: string, orderId: string, amountZp: number): Promise<Order> {
    const order = await this.ds.getRepository(Order).findOneBy({ id: orderId, userId });
    if (!order) throw notFound();
    if (order.status !== 'awaiting_payment' || !order.invoiceId) throw new DomainError('ORDER_NOT_PAYABLE', { status: order.status });
    if (order.currency !== 'tenge') throw new DomainError('USE_ZP_NOT_APPLICABLE', { currency: CURRENCY_NAMES[order.currency] });
    const r = await this.rpc.request('finance.invoice.use-zp', { invoiceId: order.invoiceId, userId, amountZp });
    await this.ds.getRepository(Order).update({ id: orderId }, { zpApplied: r.zpApplied, tengeDue: r.tengeDue });
    return this.ds.getRepository(Order).findOneOrFail({ where: { id: orderId }, relations: { lines: true } });
  }

  /** What the owner's order still needs paid and how (`GET /api/orders/{id}/payment`). */
  async payment(userId: string, orderId: string) {
    const order = await this.ds.getRepository(Order).findOneBy({ id: orderId, userId });
    if (!order) throw notFound();
    const { balances } = await this.rpc.request('finance.balances.get', { userIds: [userId] });
    const wallet = { zp: balances[0]?.zp ?? 0, altynSaqa: balances[0]?.altynSaqa ?? 0 };
    const invoice = order.invoiceId ? await this.rpc.request('finance.invoice.get', { invoiceId: order.invoiceId }).catch(() => null) : null;
    const open = order.status === 'awaiting_payment' && invoice?.status === 'pending';
    const tengeDue = order.currency === 'tenge' ? (invoice?.tengeDue ?? order.tengeDue) : null;
    const rate = invoice?.zpRateTenge ?? 1;
    const methods: ('wallet' | 'provider' | 'use_zp')[] = [];
    if (open && order.currency !== 'tenge') methods.push('wallet');
    if (open && order.currency === 'tenge' && (tengeDue ?? 0) > 0) methods.push('provider');
    if (open && order.currency === 'tenge' && (invoice?.zpApplied ?? 0) === 0 && wallet.zp > 0) methods.push('use_zp');
    return {
      orderId: order.id,
      invoiceId: order.invoiceId,
      status: order.status,
      currency: order.currency,
      total: order.total,
      zpApplied: invoice?.zpApplied ?? order.zpApplied,
      tengeDue,
      zpRateTenge: rate,
      maxZp: methods.includes('use_zp') ? Math.min(Math.ceil((tengeDue ?? 0) / rate), wallet.zp) : 0,
      balances: wallet,
      methods,
      payBy: order.payBy.toISOString(),
    };
  }

  /** One move of the state machine, with its history row and event, in the caller's transaction. */
  private async move(m: EntityManager, order: Order, to: ShopOrderStatus, by: TransitionActor, actorId: string | null, note: string | null): Promise<void> {
    const from = order.status;
    if (!canTransition(order.method, from, to, by)) {
      throw new DomainError('ORDER_TRANSITION_REFUSED', { from, to, allowed: nextStatuses(order.method, from, by).join(', ') || '-' });
    }
    order.status = to;
    if (to === 'ready_for_pickup') order.pickupCode = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (to === 'delivered' || to === 'picked_up') order.handedOverAt = this.clock.now();
    await m.getRepository(Order).save(order);
    await this.record(m, order, from, to, actorId, note);
  }

  private async record(m: EntityManager, order: Order, from: ShopOrderStatus | null, to: ShopOrderStatus, actorId: string | null, note: string | null): Promise<void> {
    const at = this.clock.now();
    await m.getRepository(OrderStatusChange).insert({ id: randomUUID(), orderId: order.id, fromStatus: from, toStatus: to, actorId, note, at });
    await this.outbox.add(m, 'order.status.changed', {
      orderId: order.id, userId: order.userId, from, to, kind: order.kind,
      pickupCode: to === 'ready_for_pickup' ? order.pickupCode : null, changedAt: at.toISOString(),
    });
  }
}
