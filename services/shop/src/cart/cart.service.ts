import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainError, notFound } from '@olymp/server-kit';
import { Product } from '../catalogue/catalogue.entities';
import { CartItem, WishlistItem } from './cart.entities';

/** Different products one cart may hold. */
export const CART_MAX_LINES = 50;

export interface CartLine {
  productId: string;
  name: { kk: string; ru: string; en: string };
  image: string | null;
  quantity: number;
  /** Current prices (the cart does not freeze them; checkout does). */
  prices: { tenge: number | null; zp: number | null; altynSaqa: number | null };
  /** Whether the line can be ordered as it is now: `ok`, `short` (fewer in stock than asked), `out` or `unavailable`. */
  state: 'ok' | 'short' | 'out' | 'unavailable';
  available: number;
}

/**
 * A pupil's cart and wishlist, read and changed only by the pupil (every query is keyed by the caller's id, so
 * another pupil's lines are unreachable). Quantities are 1..99 per product.
 */
@Injectable()
export class Carts {
  constructor(private readonly ds: DataSource) {}

  async get(userId: string, m: EntityManager = this.ds.manager): Promise<{ lines: CartLine[]; totals: { zp: number | null; altynSaqa: number | null; tenge: number | null } }> {
    const items = await m.getRepository(CartItem).find({ where: { userId }, relations: { product: true }, order: { addedAt: 'ASC', productId: 'ASC' } });
    const lines = items.map((i): CartLine => {
      const p = i.product!;
      const state = !p.active ? 'unavailable' : p.stock === 0 ? 'out' : p.stock < i.quantity ? 'short' : 'ok';
      return {
        productId: p.id,
        name: { kk: p.nameKk, ru: p.nameRu, en: p.nameEn },
        image: p.images[0] ?? null,
        quantity: i.quantity,
        prices: { tenge: p.priceTenge, zp: p.priceZp, altynSaqa: p.priceAltynSaqa },
        state,
        available: p.active ? p.stock : 0,
      };
    });
    // The ZP total is only meaningful when every line has a ZP price (checkout pays the cart in one currency).
    const total = (unit: 'zp' | 'altynSaqa' | 'tenge') =>
      lines.length && lines.every((l) => l.prices[unit] !== null) ? lines.reduce((s, l) => s + (l.prices[unit] ?? 0) * l.quantity, 0) : null;
    return { lines, totals: { zp: total('zp'), altynSaqa: total('altynSaqa'), tenge: total('tenge') } };
  }

  private async sellable(m: EntityManager, productId: string): Promise<Product> {
    const product = await m.getRepository(Product).findOneBy({ id: productId });
    if (!product) throw notFound();
    if (!product.active) throw new DomainError('PRODUCT_NOT_SOLD', { product: product.nameRu });
    return product;
  }

  /** Adds a product (or more of it); the quantity is capped at 99, stock is checked at checkout. */
  async add(userId: string, productId: string, quantity: number) {
    return this.ds.transaction((m) => this.addIn(m, userId, productId, quantity));
  }

  async setQuantity(userId: string, productId: string, quantity: number) {
    return this.ds.transaction(async (m) => {
      const [, n] = (await m.query('UPDATE cart_items SET quantity = $3, updated_at = now() WHERE user_id = $1 AND product_id = $2', [userId, productId, quantity])) as [unknown, number];
      if (!n) throw new DomainError('CART_ITEM_NOT_FOUND');
      return this.get(userId, m);
    });
  }

  async remove(userId: string, productId: string) {
    const { affected } = await this.ds.getRepository(CartItem).delete({ userId, productId });
    if (!affected) throw new DomainError('CART_ITEM_NOT_FOUND');
    return this.get(userId);
  }

  async clear(userId: string) {
    await this.ds.getRepository(CartItem).delete({ userId });
    return this.get(userId);
  }

  async wishlist(userId: string) {
    const items = await this.ds.getRepository(WishlistItem).find({ where: { userId }, relations: { product: true }, order: { addedAt: 'DESC', productId: 'ASC' } });
    return items.map((i) => ({
      productId: i.productId,
      name: { kk: i.product!.nameKk, ru: i.product!.nameRu, en: i.product!.nameEn },
      image: i.product!.images[0] ?? null,
      prices: { tenge: i.product!.priceTenge, zp: i.product!.priceZp, altynSaqa: i.product!.priceAltynSaqa },
      available: i.product!.active && i.product!.stock > 0,
      addedAt: i.addedAt.toISOString(),
    }));
  }

  async wish(userId: string, productId: string) {
    await this.sellable(this.ds.manager, productId);
    await this.ds.query('INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, productId]);
    return this.wishlist(userId);
  }

  async unwish(userId: string, productId: string) {
    const { affected } = await this.ds.getRepository(WishlistItem).delete({ userId, productId });
    if (!affected) throw notFound();
    return this.wishlist(userId);
  }

  /** Moves a wished product into the cart (one more of it), in one transaction. */
  async moveToCart(userId: string, productId: string) {
    const cart = await this.ds.transaction(async (m) => {
      const { affected } = await m.getRepository(WishlistItem).delete({ userId, productId });
      if (!affected) throw notFound();
      return this.addIn(m, userId, productId, 1);
    });
    return cart;
  }

  private async addIn(m: EntityManager, userId: string, productId: string, quantity: number) {
    await this.sellable(m, productId);
    // The caller's own writes are serialised on a per-pupil advisory lock, so the line cap holds under concurrency.
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`cart:${userId}`]);
    const exists = await m.getRepository(CartItem).existsBy({ userId, productId });
    if (!exists && (await m.getRepository(CartItem).countBy({ userId })) >= CART_MAX_LINES) throw new DomainError('CART_TOO_LARGE', { max: CART_MAX_LINES });
    await m.query(
      `INSERT INTO cart_items (user_id, product_id, quantity) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = LEAST(cart_items.quantity + EXCLUDED.quantity, 99), updated_at = now()`,
      [userId, productId, quantity],
    );
    return this.get(userId, m);
  }
}
