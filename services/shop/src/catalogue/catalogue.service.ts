import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import type { ShopCurrency, shopProductListQuery } from '@olymp/proto';
import { AuditLog, type AuditActor, notFound } from '@olymp/server-kit';
import { PRODUCT_SEARCH_DOCUMENT, Product, ProductSpec } from './catalogue.entities';

const PRICE_COLUMN: Record<ShopCurrency, string> = { tenge: 'price_tenge', zp: 'price_zp', altyn_saqa: 'price_altyn_saqa' };

export interface ProductCard {
  id: string;
  categoryId: string | null;
  name: { kk: string; ru: string; en: string };
  images: string[];
  prices: { tenge: number | null; zp: number | null; altynSaqa: number | null };
  inStock: boolean;
  stock: number;
  rating: { average: number | null; count: number };
  createdAt: string;
}

interface ProductRow {
  id: string;
  category_id: string | null;
  name_kk: string;
  name_ru: string;
  name_en: string;
  images: string[];
  price_tenge: number | null;
  price_zp: number | null;
  price_altyn_saqa: number | null;
  stock: number;
  rating_sum: number;
  rating_count: number;
  created_at: Date;
}

export const cardOf = (r: ProductRow): ProductCard => ({
  id: r.id,
  categoryId: r.category_id,
  name: { kk: r.name_kk, ru: r.name_ru, en: r.name_en },
  images: r.images,
  prices: { tenge: r.price_tenge, zp: r.price_zp, altynSaqa: r.price_altyn_saqa },
  inStock: r.stock > 0,
  stock: r.stock,
  rating: { average: r.rating_count > 0 ? Math.round((r.rating_sum / r.rating_count) * 10) / 10 : null, count: r.rating_count },
  createdAt: r.created_at.toISOString(),
});

/** Words of a search as a prefix query: "қазақ тіл" finds "Қазақ тілі". Only letters and digits reach to_tsquery. */
export function prefixQuery(q: string): string | null {
  const words = q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * The public catalogue: active products of active categories (or none), searched, filtered, sorted and paged in
 * one statement; and toggling products active for staff.
 */
@Injectable()
export class Catalogue {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditLog,
  ) {}

  async list(q: z.output<typeof shopProductListQuery>): Promise<{ data: ProductCard[]; total: number; page: number; limit: number }> {
    const where = ['p.active', '(p.category_id IS NULL OR EXISTS (SELECT 1 FROM categories c WHERE c.id = p.category_id AND c.active))'];
    const params: unknown[] = [];
    const param = (v: unknown) => `$${params.push(v)}`;
    const tsq = q.q ? prefixQuery(q.q) : null;
    // The indexed expression as written in the migration (unqualified: products is the only table in FROM).
    if (tsq) where.push(`${PRODUCT_SEARCH_DOCUMENT} @@ to_tsquery('simple', ${param(tsq)})`);
    if (q.categoryId) {
      where.push(`p.category_id IN (WITH RECURSIVE sub(id) AS (SELECT ${param(q.categoryId)}::uuid UNION ALL
        SELECT k.id FROM categories k JOIN sub ON k.parent_id = sub.id) SELECT id FROM sub)`);
    }
    const price = q.currency ? `p.${PRICE_COLUMN[q.currency]}` : null;
    if (price) where.push(`${price} IS NOT NULL`);
    if (price && q.minPrice !== undefined) where.push(`${price} >= ${param(q.minPrice)}`);
    if (price && q.maxPrice !== undefined) where.push(`${price} <= ${param(q.maxPrice)}`);
    if (q.inStock) where.push('p.stock > 0');
    const order =
      q.sort === 'price_asc' && price ? `${price} ASC` : q.sort === 'price_desc' && price ? `${price} DESC` : q.sort === 'popular' ? 'p.sold DESC, p.created_at DESC' : 'p.created_at DESC';
    const rows: (ProductRow & { total: string })[] = await this.ds.query(
      `SELECT p.id, p.category_id, p.name_kk, p.name_ru, p.name_en, p.images, p.price_tenge, p.price_zp, p.price_altyn_saqa,
              p.stock, p.rating_sum, p.rating_count, p.created_at, count(*) OVER () AS total
         FROM products p
        WHERE ${where.join(' AND ')}
        ORDER BY ${order}, p.id
        LIMIT ${param(q.limit)} OFFSET ${param((q.page - 1) * q.limit)}`,
      params,
    );
    return { data: rows.map(cardOf), total: rows.length ? Number(rows[0].total) : 0, page: q.page, limit: q.limit };
  }

  /** One active product with its description and specs, or 404 (an inactive product is not shown to the public). */
  async show(id: string) {
    const product = await this.ds.getRepository(Product).findOneBy({ id, active: true });
    if (!product) throw notFound();
    const specs = await this.ds.getRepository(ProductSpec).find({ where: { productId: id }, order: { position: 'ASC', id: 'ASC' } });
    return {
      ...cardOf({
        id: product.id, category_id: product.categoryId, name_kk: product.nameKk, name_ru: product.nameRu, name_en: product.nameEn,
        images: product.images, price_tenge: product.priceTenge, price_zp: product.priceZp, price_altyn_saqa: product.priceAltynSaqa,
        stock: product.stock, rating_sum: product.ratingSum, rating_count: product.ratingCount, created_at: product.createdAt,
      }),
      description: { kk: product.descriptionKk, ru: product.descriptionRu, en: product.descriptionEn },
      specs: specs.map((s) => ({ id: s.id, key: { kk: s.keyKk, ru: s.keyRu, en: s.keyEn }, value: { kk: s.valueKk, ru: s.valueRu, en: s.valueEn } })),
    };
  }

  /**
   * Sets `active` on rows of a table (products, sliders, pickup points): one id flips, many are set to the given
   * value; every id must exist (404 and nothing changed otherwise). Audited in the same transaction.
   */
  async setActive(table: 'products' | 'sliders' | 'pickup_points', ids: string[], active: boolean | 'flip', actor: AuditActor): Promise<{ id: string; active: boolean }[]> {
    return this.ds.transaction(async (m) => {
      const [rows] = (await m.query(
        `UPDATE ${table} SET active = ${active === 'flip' ? 'NOT active' : '$2::boolean'}, updated_at = now() WHERE id = ANY($1::uuid[]) RETURNING id, active`,
        active === 'flip' ? [ids] : [ids, active],
      )) as [{ id: string; active: boolean }[], number];
      if (rows.length !== new Set(ids).size) throw notFound();
      for (const r of rows) {
        await this.audit.record(m, { actor, action: 'toggle-active', resource: table.replace('_', '-'), resourceId: r.id, after: { active: r.active } });
      }
      return rows;
    });
  }
}
