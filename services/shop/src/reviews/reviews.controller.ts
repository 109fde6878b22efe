import { randomUUID } from 'node:crypto';
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { DataSource, type EntityManager, type FindOptionsWhere } from 'typeorm';
import type { z } from 'zod';
import {
  shopFeedback, shopOrderFeedbackReply, shopPublicReviewQuery, shopReviewHide, shopReviewListQuery, shopReviewPage, shopReviewReply,
  shopStaffReviewPage, shopStaffReviewReply,
} from '@olymp/proto';
import {
  ApiShape, AuditLog, type AuthUser, CurrentUser, DomainError, Public, RequirePermission, RpcClient, SignedIn, UuidParam, ValidBody, ValidQuery, notFound,
} from '@olymp/server-kit';
import { Product } from '../catalogue/catalogue.entities';
import { Order } from '../orders/order.entities';
import { ProductReview } from './review.entities';

const view = (r: ProductReview) => ({ id: r.id, productId: r.productId, author: r.author, rating: r.rating, text: r.text, createdAt: r.createdAt.toISOString() });
const staffView = (r: ProductReview) => ({ ...view(r), userId: r.userId, orderId: r.orderId, hidden: r.hidden });
const average = (p: Product) => (p.ratingCount > 0 ? Math.round((p.ratingSum / p.ratingCount) * 10) / 10 : null);

/**
 * Reviews (spec "orders/{uuid}/feedback"): a pupil who received a product (its order delivered or picked up, later
 * returned or not) reviews it once, with a rating 1-5 and a text; the public reads the visible ones with the author
 * as "Aigerim S."; staff (`shop:review_manage`) list them and hide or show one. The product's `rating_sum` and
 * `rating_count` count the visible reviews and change in the same transaction as the review.
 */
@Controller()
export class ReviewsController {
  constructor(
    private readonly ds: DataSource,
    private readonly rpc: RpcClient,
    private readonly audit: AuditLog,
  ) {}

  private async ownOrder(userId: string, orderId: string): Promise<Order> {
    const order = await this.ds.getRepository(Order).findOne({ where: { id: orderId, userId }, relations: { lines: true } });
    if (!order) throw notFound();
    return order;
  }

  @Get('my-orders/:order/feedback')
  @SignedIn()
  @ApiShape({ response: shopOrderFeedbackReply })
  async feedback(@CurrentUser() user: AuthUser, @UuidParam('order') id: string) {
    const order = await this.ownOrder(user.sub, id);
    const mine = await this.ds.getRepository(ProductReview).findBy({ userId: user.sub });
    return {
      data: (order.lines ?? []).map((l) => {
        const review = mine.find((r) => r.productId === l.productId);
        return {
          productId: l.productId,
          name: { kk: l.nameKk, ru: l.nameRu, en: l.nameEn },
          canReview: order.handedOverAt !== null && !review,
          review: review ? view(review) : null,
        };
      }),
    };
  }

  @Post('my-orders/:order/feedback')
  @SignedIn()
  @ApiShape({ response: shopReviewReply })
  async review(@CurrentUser() user: AuthUser, @UuidParam('order') id: string, @ValidBody(shopFeedback) body: z.output<typeof shopFeedback>) {
    const order = await this.ownOrder(user.sub, id);
    if (!(order.lines ?? []).some((l) => l.productId === body.productId)) throw notFound();
    if (order.handedOverAt === null) throw new DomainError('REVIEW_NOT_ALLOWED');
    const { users } = await this.rpc.request('auth.users.get', { userIds: [user.sub] });
    const u = users[0];
    // A minor is shown as "Aigerim S.", never by id or phone.
    const author = u ? `${u.firstName} ${u.lastName ? `${u.lastName.slice(0, 1)}.` : ''}`.trim() : '—';
    return this.ds.transaction(async (m) => {
      const rowId = randomUUID();
      const inserted: unknown[] = await m.query(
        `INSERT INTO product_reviews (id, product_id, user_id, order_id, author, rating, text) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_id, product_id) DO NOTHING RETURNING id`,
        [rowId, body.productId, user.sub, order.id, author.slice(0, 120), body.rating, body.text],
      );
      if (!inserted.length) throw new DomainError('REVIEW_EXISTS');
      await this.count(m, body.productId, body.rating, 1);
      return { data: view(await m.getRepository(ProductReview).findOneByOrFail({ id: rowId })) };
    });
  }

  private async count(m: EntityManager, productId: string, rating: number, sign: 1 | -1): Promise<void> {
    await m.query('UPDATE products SET rating_sum = rating_sum + $2, rating_count = rating_count + $3 WHERE id = $1', [productId, sign * rating, sign]);
  }

  @Get('shop/products/:product/reviews')
  @Public()
  @ApiShape({ response: shopReviewPage })
  async forProduct(@UuidParam('product') productId: string, @ValidQuery(shopPublicReviewQuery) q: z.output<typeof shopPublicReviewQuery>) {
    const product = await this.ds.getRepository(Product).findOneBy({ id: productId, active: true });
    if (!product) throw notFound();
    const [rows, total] = await this.ds.getRepository(ProductReview).findAndCount({
      where: { productId, hidden: false }, order: { createdAt: 'DESC', id: 'ASC' }, skip: (q.page - 1) * q.limit, take: q.limit,
    });
    return { data: rows.map(view), total, page: q.page, limit: q.limit, average: average(product), count: product.ratingCount };
  }

  @Get('reviews')
  @RequirePermission('shop:review_manage')
  @ApiShape({ response: shopStaffReviewPage })
  async list(@ValidQuery(shopReviewListQuery) q: z.output<typeof shopReviewListQuery>) {
    const where: FindOptionsWhere<ProductReview> = { ...(q.productId ? { productId: q.productId } : {}), ...(q.hidden !== undefined ? { hidden: q.hidden } : {}) };
    const [rows, total] = await this.ds.getRepository(ProductReview).findAndCount({ where, order: { createdAt: 'DESC', id: 'ASC' }, skip: (q.page - 1) * q.limit, take: q.limit });
    return { data: rows.map(staffView), total, page: q.page, limit: q.limit };
  }

  @Post('reviews/:review/hide')
  @HttpCode(200)
  @RequirePermission('shop:review_manage')
  @ApiShape({ response: shopStaffReviewReply })
  async hide(@CurrentUser() user: AuthUser, @UuidParam('review') id: string, @ValidBody(shopReviewHide) body: z.output<typeof shopReviewHide>) {
    return this.ds.transaction(async (m) => {
      const review = await m.getRepository(ProductReview).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!review) throw notFound();
      if (review.hidden !== body.hidden) {
        const before = { ...review };
        review.hidden = body.hidden;
        await m.getRepository(ProductReview).save(review);
        await this.count(m, review.productId, review.rating, body.hidden ? -1 : 1);
        await this.audit.record(m, { actor: user, action: body.hidden ? 'hide' : 'show', resource: 'reviews', resourceId: id, before, after: review });
      }
      return { data: staffView(review) };
    });
  }
}
