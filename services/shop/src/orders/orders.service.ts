import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { ShopOrderStatus, shopChangeStatus, shopCheckout } from '@olymp/proto';
import { AuditLog, type AuditActor, Clock, DomainError, EventOutbox, KIT_LOGGER, RpcClient, currentLocale, notFound } from '@olymp/server-kit';
import { PickupPoint, Product } from '../catalogue/catalogue.entities';
import { CartItem } from '../cart/cart.entities';
import { type DeliveryAddress, Order, OrderLine, OrderStatusChange } from './order.entities';
import { type TransitionActor, canTransition, nextStatuses } from './order-states';

/** How long stock stays reserved for an unpaid order; then the invoice is cancelled and the stock returns. */
export const PAYMENT_WINDOW_MS = 30 * 60_000;
/** How long after the handover (delivered, picked up) a pupil may ask for a return. */
export const RETURN_WINDOW_DAYS = 14;

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
   * so stock never goes below zero and a short product refuses the order with OUT_OF_STOCK and nothing taken.
   * Then finance opens the invoice; if finance cannot be reached the reservation is given back at once.
   */
  async checkout(userId: string, body: z.output<typeof shopCheckout>): Promise<Order> {
    const address = body.fulfilment.method === 'delivery' ? await this.deliveryAddress(body.fulfilment.address) : null;
    const order: Order = await this.ds.transaction(async (m) => {
      const items = await m
        .getRepository(CartItem)
        .createQueryBuilder('i')
        .where('i.userId = :userId', { userId })
        .orderBy('i.productId', 'ASC')
        .setLock('pessimistic_write')
        .getMany();
      if (!items.length) throw new DomainError('CART_EMPTY');
      if (body.fulfilment.method === 'pickup') {
        const point = await m.getRepository(PickupPoint).findOneBy({ id: body.fulfilment.pickupPointId });
        if (!point) throw notFound();
        if (!point.active) throw new DomainError('PICKUP_POINT_UNAVAILABLE');
      }
      const locale = currentLocale();
      const lines: OrderLine[] = [];
      // Product rows are locked in id order, so two checkouts sharing products cannot deadlock.
      for (const item of items) {
        const [rows] = (await m.query(
          `UPDATE products SET stock = stock - $2, updated_at = now() WHERE id = $1 AND active AND stock >= $2
           RETURNING id, name_kk, name_ru, name_en, price_zp`,
          [item.productId, item.quantity],
        )) as [{ id: string; name_kk: string; name_ru: string; name_en: string; price_zp: number | null }[], number];
        if (!rows.length) {
          const p = await m.getRepository(Product).findOneBy({ id: item.productId });
          const name = p ? { kk: p.nameKk, ru: p.nameRu, en: p.nameEn }[locale] : item.productId;
          if (!p?.active) throw new DomainError('PRODUCT_NOT_SOLD', { product: name });
          throw new DomainError('OUT_OF_STOCK', { product: name, available: p.stock, requested: item.quantity });
        }
        const p = rows[0];
        if (p.price_zp === null) throw new DomainError('PRODUCT_NOT_SOLD_IN_CURRENCY', { product: { kk: p.name_kk, ru: p.name_ru, en: p.name_en }[locale], currency: 'ZP' });
        lines.push(Object.assign(new OrderLine(), { productId: p.id, quantity: item.quantity, unitPrice: p.price_zp, nameKk: p.name_kk, nameRu: p.name_ru, nameEn: p.name_en }));
      }
      const fulfilment = body.fulfilment;
      const created: Order = await m.getRepository(Order).save(
        Object.assign(new Order(), {
          id: randomUUID(),
          userId,
          status: 'awaiting_payment' as const,
          method: fulfilment.method,
          currency: body.currency,
          total: lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0),
          pickupPointId: fulfilment.method === 'pickup' ? fulfilment.pickupPointId : null,
          address,
          invoiceId: null,
          payBy: new Date(this.clock.nowMs() + PAYMENT_WINDOW_MS),
          pickupCode: null,
          paidAt: null,
        }),
      );
      for (const l of lines) l.orderId = created.id;
      await m.getRepository(OrderLine).insert(lines);
      await this.record(m, created, null, 'awaiting_payment', null, null);
      await m.getRepository(CartItem).delete({ userId });
      created.lines = lines;
      return created;
    });
    try {
      const invoice = await this.rpc.request('finance.invoice.open', {
        userId,
        product: { kind: 'order', id: order.id },
        title: { kk: `Тапсырыс ${order.id.slice(0, 8)}`, ru: `Заказ ${order.id.slice(0, 8)}`, en: `Order ${order.id.slice(0, 8)}` },
        amountTenge: 0,
        amountZp: order.total,
      });
      await this.ds.getRepository(Order).update({ id: order.id }, { invoiceId: invoice.invoiceId });
      order.invoiceId = invoice.invoiceId;
      return order;
    } catch (err) {
      // No invoice, no order: give the stock back now (the sweeper would, at the deadline, if this fails too).
      await this.release(order.id, 'system', null, 'invoice not opened').catch((e: unknown) => this.logger.error({ err: e, orderId: order.id }, 'release after a failed invoice'));
      throw err;
    }
  }

  /** The address with its city named by auth's catalogue (asked before anything is reserved). */
  private async deliveryAddress(a: Extract<z.output<typeof shopCheckout>['fulfilment'], { method: 'delivery' }>['address']): Promise<DeliveryAddress> {
    const { cities } = await this.rpc.request('auth.cities.get', { cityIds: [a.cityId] });
    if (!cities.length) throw new DomainError('DELIVERY_CITY_NOT_FOUND', { cityId: a.cityId });
    return { recipient: a.recipient, phone: a.phone, city: cities[0], line: a.line, note: a.note };
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

  /** The pupil gives up an unpaid order: its invoice is cancelled in finance first, so it can no longer be paid. */
  async cancelByOwner(userId: string, orderId: string): Promise<Order> {
    const order = await this.ds.getRepository(Order).findOneBy({ id: orderId, userId });
    if (!order) throw notFound();
    if (order.status !== 'awaiting_payment') throw new DomainError('ORDER_NOT_CANCELLABLE');
    const { cancelled } = await this.rpc.request('finance.invoice.cancel-unpaid', { product: { kind: 'order', id: orderId } });
    if (cancelled === 0 && order.invoiceId !== null) {
      // Finance found nothing pending: it was paid a moment ago (invoice.paid is on its way) or already cancelled.
      const now = await this.ds.getRepository(Order).findOneByOrFail({ id: orderId });
      if (now.status !== 'awaiting_payment' && now.status !== 'cancelled') throw new DomainError('ORDER_NOT_CANCELLABLE');
    }
    await this.release(orderId, 'system', userId, 'cancelled by the pupil');
    return this.ds.getRepository(Order).findOneByOrFail({ id: orderId });
  }

  /** The pupil asks to return a delivered or picked-up order, within RETURN_WINDOW_DAYS of receiving it. */
  async requestReturn(userId: string, orderId: string, reason: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const order = await m.getRepository(Order).findOne({ where: { id: orderId, userId }, lock: { mode: 'pessimistic_write' } });
      if (!order) throw notFound();
      if (order.handedOverAt && this.clock.nowMs() > order.handedOverAt.getTime() + RETURN_WINDOW_DAYS * 86_400_000) {
        throw new DomainError('RETURN_WINDOW_CLOSED', { days: RETURN_WINDOW_DAYS, receivedOn: order.handedOverAt.toISOString().slice(0, 10) });
      }
      await this.move(m, order, 'return_requested', 'owner', userId, reason);
    });
  }

  /**
   * Staff's change-status: only the moves the table gives staff; audited; publishes order.status.changed. Handing a
   * pickup order over needs its code; `returned` first refunds the ZP in finance (idempotent there, so a move that
   * fails after the refund converges when staff try again).
   */
  async changeStatus(orderId: string, change: z.output<typeof shopChangeStatus>, actor: AuditActor): Promise<Order> {
    return this.ds.transaction(async (m) => {
      const order = await m.getRepository(Order).findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order) throw notFound();
      const before = { ...order };
      const allowed = canTransition(order.method, order.status, change.status, 'staff');
      if (allowed && change.status === 'picked_up' && change.pickupCode !== order.pickupCode) throw new DomainError('PICKUP_CODE_MISMATCH');
      if (allowed && change.status === 'returned' && order.invoiceId) {
        await this.rpc.request('finance.invoice.refund', { invoiceId: order.invoiceId, actor: { userId: actor.sub, roleId: actor.roleId } });
      }
      await this.move(m, order, change.status, 'staff', actor.sub, change.note ?? null);
      await this.audit.record(m, { actor, action: 'change-status', resource: 'orders', resourceId: order.id, before, after: order });
      return order;
    });
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
    await this.outbox.add(m, 'order.status.changed', { orderId: order.id, userId: order.userId, from, to, changedAt: at.toISOString() });
  }
}
