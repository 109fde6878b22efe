import { Controller, Get, HttpCode, Post, StreamableFile } from '@nestjs/common';
import { DataSource, type FindOptionsWhere } from 'typeorm';
import type { z } from 'zod';
import { SHOP_ORDER_STATUSES, type ShopOrderStatus, shopChangeStatus, shopReturnRequest, shopCheckout, shopOrderCountsQuery, shopOrderExportQuery, shopOrderListQuery, type Locale, shopOrderCountsReply, shopOrderPage, shopOrderPaymentReply, shopOrderReply, shopReturnMethodsReply, shopUseZp, shopWalletReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, RequestLocale, RequirePermission, RpcClient, SignedIn, UuidParam, ValidBody, ValidQuery, notFound } from '@olymp/server-kit';
import { Order } from './order.entities';
import { orderView } from './order.view';
import { staffPupils } from './staff-pupils';
import { OrdersExport } from './orders-export';
import { Orders } from './orders.service';

type ListQuery = z.output<typeof shopOrderListQuery>;

/**
 * Spec section 7: cart checkout; orders counts, wallet, change-status; a pupil's own orders (`my-orders`, others'
 * are 404) and staff's (`orders`, `shop:order_index`).
 */
@Controller()
export class OrdersController {
  constructor(
    private readonly ds: DataSource,
    private readonly orders: Orders,
    private readonly rpc: RpcClient,
    private readonly exporter: OrdersExport,
  ) {}

  @Post('cart/checkout')
  @SignedIn()
  @ApiShape({ response: shopOrderReply })
  async checkout(@CurrentUser() user: AuthUser, @ValidBody(shopCheckout) body: z.output<typeof shopCheckout>) {
    return { data: orderView(await this.orders.checkout(user.sub, body)) };
  }

  private async page(where: FindOptionsWhere<Order>, q: ListQuery, forStaff: boolean) {
    const [rows, total] = await this.ds.getRepository(Order).findAndCount({
      where, relations: { lines: true }, order: { createdAt: 'DESC', id: 'ASC' }, skip: (q.page - 1) * q.limit, take: q.limit,
    });
    if (!forStaff) return { data: rows.map((o) => orderView(o)), total, page: q.page, limit: q.limit };
    const customers = await staffPupils(this.rpc, rows.map((o) => o.userId));
    return { data: rows.map((o) => ({ ...orderView(o, true), customer: customers.get(o.userId) ?? null })), total, page: q.page, limit: q.limit };
  }

  private filters(q: ListQuery): FindOptionsWhere<Order> {
    return { ...(q.status ? { status: q.status } : {}), ...(q.method ? { method: q.method } : {}) };
  }

  @Get('my-orders')
  @SignedIn()
  @ApiShape({ response: shopOrderPage })
  mine(@CurrentUser() user: AuthUser, @ValidQuery(shopOrderListQuery.omit({ userId: true })) q: ListQuery) {
    return this.page({ ...this.filters(q), userId: user.sub }, q, false);
  }

  @Get('my-orders/:order')
  @SignedIn()
  @ApiShape({ response: shopOrderReply })
  async myOne(@CurrentUser() user: AuthUser, @UuidParam('order') id: string) {
    const order = await this.ds.getRepository(Order).findOne({ where: { id, userId: user.sub }, relations: { lines: true } });
    if (!order) throw notFound();
    return { data: orderView(order) };
  }

  @Post('my-orders/:order/cancel')
  @HttpCode(200)
  @SignedIn()
  @ApiShape({ response: shopOrderReply })
  async cancel(@CurrentUser() user: AuthUser, @UuidParam('order') id: string) {
    await this.orders.cancelByOwner(user, id);
    return this.myOne(user, id);
  }

  @Post('my-orders/:order/return')
  @HttpCode(200)
  @SignedIn()
  @ApiShape({ response: shopOrderReply })
  async requestReturn(@CurrentUser() user: AuthUser, @UuidParam('order') id: string, @ValidBody(shopReturnRequest) body: z.output<typeof shopReturnRequest>) {
    await this.orders.requestReturn(user.sub, id, body.reason, body.method);
    return this.myOne(user, id);
  }

  @Get('my-orders/:order/return-methods')
  @SignedIn()
  @ApiShape({ response: shopReturnMethodsReply })
  async returnMethods(@CurrentUser() user: AuthUser, @UuidParam('order') id: string) {
    return { data: await this.orders.returnMethods(user.sub, id) };
  }

  /** What the caller's order still needs paid and how (spec "orders/{uuid}/payment"). Another pupil's is 404. */
  @Get('orders/:order/payment')
  @SignedIn()
  @ApiShape({ response: shopOrderPaymentReply })
  async payment(@CurrentUser() user: AuthUser, @UuidParam('order') id: string) {
    return { data: await this.orders.payment(user.sub, id) };
  }

  /** Spec "orders use-zp": cover part of the caller's tenge order with ZP at finance's rate. */
  @Post('orders/:order/use-zp')
  @HttpCode(200)
  @SignedIn()
  @ApiShape({ response: shopOrderPaymentReply })
  async useZp(@CurrentUser() user: AuthUser, @UuidParam('order') id: string, @ValidBody(shopUseZp) body: z.output<typeof shopUseZp>) {
    await this.orders.useZp(user.sub, id, body.amountZp);
    return { data: await this.orders.payment(user.sub, id) };
  }

  /** The caller's wallet as the shop shows it beside a ZP price (spec "orders wallet"). */
  @Get('orders/wallet')
  @SignedIn()
  @ApiShape({ response: shopWalletReply })
  async wallet(@CurrentUser() user: AuthUser) {
    const { balances } = await this.rpc.request('finance.balances.get', { userIds: [user.sub] });
    return { data: { zp: balances[0]?.zp ?? 0, altynSaqa: balances[0]?.altynSaqa ?? 0 } };
  }

  @Get('orders/counts')
  @RequirePermission('shop:order_index')
  @ApiShape({ response: shopOrderCountsReply })
  async counts(@ValidQuery(shopOrderCountsQuery) q: z.output<typeof shopOrderCountsQuery>) {
    const rows: { status: string; n: number }[] = await this.ds.query(
      'SELECT status, count(*)::int AS n FROM orders WHERE ($1::text IS NULL OR method = $1) GROUP BY status',
      [q.method ?? null],
    );
    return { data: Object.fromEntries(SHOP_ORDER_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0])) as Record<ShopOrderStatus, number> };
  }

  @Get('orders')
  @RequirePermission('shop:order_index')
  @ApiShape({ response: shopOrderPage })
  list(@ValidQuery(shopOrderListQuery) q: ListQuery) {
    return this.page({ ...this.filters(q), ...(q.userId ? { userId: q.userId } : {}) }, q, true);
  }

  /** The rows `orders` would list for the same filters, all of them, as CSV in the staff's language (streamed). */
  @Get('orders/export')
  @RequirePermission('shop:order_index')
  @ApiShape({ responseType: 'text/csv', summary: 'The filtered orders as CSV' })
  async export(@ValidQuery(shopOrderExportQuery) q: z.output<typeof shopOrderExportQuery>, @RequestLocale() requestLocale: Locale) {
    const stream = await this.exporter.csv({ status: q.status, method: q.method, userId: q.userId }, q.locale ?? requestLocale);
    const name = ['orders', q.method ?? 'all', q.status ?? 'all'].join('-');
    return new StreamableFile(stream, { type: 'text/csv; charset=utf-8', disposition: `attachment; filename="${name}.csv"` });
  }

  @Get('orders/:order')
  @RequirePermission('shop:order_index')
  @ApiShape({ response: shopOrderReply })
  async one(@UuidParam('order') id: string) {
    const order = await this.ds.getRepository(Order).findOne({ where: { id }, relations: { lines: true } });
    if (!order) throw notFound();
    const customers = await staffPupils(this.rpc, [order.userId]);
    return { data: { ...orderView(order, true), customer: customers.get(order.userId) ?? null } };
  }

  @Post('orders/:order/change-status')
  @HttpCode(200)
  @RequirePermission('shop:order_change_status')
  @ApiShape({ response: shopOrderReply })
  async changeStatus(@CurrentUser() user: AuthUser, @UuidParam('order') id: string, @ValidBody(shopChangeStatus) body: z.output<typeof shopChangeStatus>) {
    await this.orders.changeStatus(id, body, user);
    return this.one(id);
  }
}
