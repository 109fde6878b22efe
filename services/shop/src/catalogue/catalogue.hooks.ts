import { Injectable } from '@nestjs/common';
import { type CrudHooks, type CrudWriteContext, DomainError, RpcClient } from '@olymp/server-kit';
import { Category, PickupPoint, Product } from './catalogue.entities';

/** A category may not become its own ancestor (the tree stays a tree). */
@Injectable()
export class CategoryHooks implements CrudHooks<Category> {
  async beforeUpdate(row: Category, input: Partial<Category>, { manager }: CrudWriteContext): Promise<void> {
    if (!input.parentId) return;
    const [hit] = (await manager.query(
      `WITH RECURSIVE up(id, parent_id) AS (
         SELECT id, parent_id FROM categories WHERE id = $1
         UNION ALL SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id)
       SELECT 1 FROM up WHERE id = $2 LIMIT 1`,
      [input.parentId, row.id],
    )) as unknown[];
    if (hit) throw new DomainError('CATEGORY_CYCLE');
  }
}

/** An update may not take away a product's last price (the create schema requires one). */
@Injectable()
export class ProductHooks implements CrudHooks<Product> {
  beforeUpdate(row: Product, input: Partial<Product>): void {
    const next = { ...row, ...input };
    if (next.priceTenge == null && next.priceZp == null && next.priceAltynSaqa == null) throw new DomainError('PRODUCT_PRICE_REQUIRED');
  }
}

/** A pickup point's region is one of auth's provinces (asked over `auth.provinces.get`); none is allowed too. */
@Injectable()
export class PickupPointHooks implements CrudHooks<PickupPoint> {
  constructor(private readonly rpc: RpcClient) {}

  private async check(provinceId: number | null | undefined): Promise<void> {
    if (provinceId == null) return;
    const { provinces } = await this.rpc.request('auth.provinces.get', { ids: [provinceId] });
    if (!provinces.length) throw new DomainError('PICKUP_PROVINCE_NOT_FOUND', { provinceId });
  }

  beforeStore(input: Partial<PickupPoint>): Promise<void> {
    return this.check(input.provinceId);
  }

  beforeUpdate(_row: PickupPoint, input: Partial<PickupPoint>): Promise<void> {
    return this.check(input.provinceId);
  }
}
