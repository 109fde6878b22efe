import { Controller, Get, Post } from '@nestjs/common';
import { DataSource, type FindOptionsWhere, IsNull, Not } from 'typeorm';
import type { z } from 'zod';
import { shopClaimedPage, shopClaimedQuery, shopOrderReply, shopPrizeClaim, shopPrizesReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, RequirePermission, RpcClient, SignedIn, UuidParam, ValidBody, ValidQuery } from '@olymp/server-kit';
import { Order } from '../orders/order.entities';
import { orderView } from '../orders/order.view';
import { staffPupils } from '../orders/staff-pupils';
import { Orders } from '../orders/orders.service';
import { Prize } from './prize.entities';

const prizeView = (p: Prize) => ({
  id: p.id,
  product: { id: p.productId, name: { kk: p.product?.nameKk ?? '', ru: p.product?.nameRu ?? '', en: p.product?.nameEn ?? '' }, image: p.product?.images[0] ?? null },
  source: p.source,
  note: p.note,
  orderId: p.orderId,
  claimedAt: p.claimedAt?.toISOString() ?? null,
  createdAt: p.createdAt.toISOString(),
});

/**
 * Claimed products (spec section 7 "claimed-products"): prizes pupils won, claimed once as zero-price orders through
 * the usual fulfilment (`my-prizes`), and staff's list of them with the claim's order status. Staff grant prizes with
 * the `prizes` CRUD resource (`shop:prize_manage`).
 */
@Controller()
export class PrizesController {
  constructor(
    private readonly ds: DataSource,
    private readonly orders: Orders,
    private readonly rpc: RpcClient,
  ) {}

  @Get('my-prizes')
  @SignedIn()
  @ApiShape({ response: shopPrizesReply })
  async mine(@CurrentUser() user: AuthUser) {
    const rows = await this.ds.getRepository(Prize).find({ where: { userId: user.sub }, relations: { product: true }, order: { createdAt: 'DESC', id: 'ASC' } });
    return { data: rows.map(prizeView) };
  }

  @Post('my-prizes/:prize/claim')
  @SignedIn()
  @ApiShape({ response: shopOrderReply })
  async claim(@CurrentUser() user: AuthUser, @UuidParam('prize') id: string, @ValidBody(shopPrizeClaim) body: z.output<typeof shopPrizeClaim>) {
    return { data: orderView(await this.orders.claimPrize(user.sub, id, body.fulfilment)) };
  }

  @Get('claimed-products')
  @RequirePermission('shop:prize_manage')
  @ApiShape({ response: shopClaimedPage })
  async claimed(@ValidQuery(shopClaimedQuery) q: z.output<typeof shopClaimedQuery>) {
    const where: FindOptionsWhere<Prize> = {
      ...(q.userId ? { userId: q.userId } : {}),
      ...(q.productId ? { productId: q.productId } : {}),
      ...(q.source ? { source: q.source } : {}),
      ...(q.claimed === undefined ? {} : { orderId: q.claimed ? Not(IsNull()) : IsNull() }),
    };
    const [rows, total] = await this.ds.getRepository(Prize).findAndCount({
      where, relations: { product: true }, order: { createdAt: 'DESC', id: 'ASC' }, skip: (q.page - 1) * q.limit, take: q.limit,
    });
    const orderIds = rows.map((r) => r.orderId).filter((x): x is string => x !== null);
    const orders = orderIds.length ? await this.ds.getRepository(Order).find({ where: orderIds.map((id) => ({ id })), select: { id: true, status: true } }) : [];
    // Winners as staff see pupils (full name, grade, school), one request for the page's distinct ids.
    const winners = await staffPupils(this.rpc, rows.map((r) => r.userId));
    return {
      data: rows.map((r) => ({ ...prizeView(r), userId: r.userId, winner: winners.get(r.userId) ?? null, orderStatus: orders.find((o) => o.id === r.orderId)?.status ?? null })),
      total, page: q.page, limit: q.limit,
    };
  }
}
