import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { shopPickupPointQuery, shopProductListQuery, shopToggleActiveMany, shopCategoriesReply, shopPickupPointsReply, shopProductPage, shopProductReply, shopSlidersReply, shopToggleManyReply, shopToggleReply, } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, Public, RequirePermission, UuidParam, ValidBody, ValidQuery } from '@olymp/server-kit';
import { Catalogue } from './catalogue.service';
import { Category, PickupPoint, Slider } from './catalogue.entities';

/**
 * The public shop (spec section 2, /student/shop: products/home, products/{uuid}, products) under `shop/`, and the
 * staff toggles of spec section 7 (products toggle-active and toggle-active-many; sliders and pickup-points
 * toggle-active). Staff's full lists and edits are the CRUD resources (shop.module.ts).
 */
@Controller()
export class CatalogueController {
  constructor(
    private readonly ds: DataSource,
    private readonly catalogue: Catalogue,
  ) {}

  @Get('shop/products')
  @Public()
  @ApiShape({ response: shopProductPage })
  products(@ValidQuery(shopProductListQuery) q: z.output<typeof shopProductListQuery>) {
    return this.catalogue.list(q);
  }

  @Get('shop/products/:product')
  @Public()
  @ApiShape({ response: shopProductReply })
  async product(@UuidParam('product') id: string) {
    return { data: await this.catalogue.show(id) };
  }

  @Get('shop/categories')
  @Public()
  @ApiShape({ response: shopCategoriesReply })
  async categories() {
    const rows = await this.ds.getRepository(Category).find({ where: { active: true }, order: { position: 'ASC', id: 'ASC' } });
    return { data: rows.map((c) => ({ id: c.id, parentId: c.parentId, name: { kk: c.nameKk, ru: c.nameRu, en: c.nameEn }, position: c.position })) };
  }

  @Get('shop/sliders')
  @Public()
  @ApiShape({ response: shopSlidersReply })
  async sliders() {
    const rows = await this.ds.getRepository(Slider).find({ where: { active: true }, order: { position: 'ASC', id: 'ASC' } });
    return { data: rows.map((s) => ({ id: s.id, title: { kk: s.titleKk, ru: s.titleRu, en: s.titleEn }, image: s.image, link: s.link })) };
  }

  @Get('shop/pickup-points')
  @Public()
  @ApiShape({ response: shopPickupPointsReply })
  async pickupPoints(@ValidQuery(shopPickupPointQuery) q: z.output<typeof shopPickupPointQuery>) {
    const rows = await this.ds.getRepository(PickupPoint).find({ where: { active: true, ...(q.provinceId ? { provinceId: q.provinceId } : {}) }, order: { nameRu: 'ASC', id: 'ASC' } });
    return {
      data: rows.map((p) => ({
        id: p.id, name: { kk: p.nameKk, ru: p.nameRu, en: p.nameEn }, address: { kk: p.addressKk, ru: p.addressRu, en: p.addressEn },
        hours: p.hours, provinceId: p.provinceId,
      })),
    };
  }

  @Post('products/toggle-active-many')
  @HttpCode(200)
  @RequirePermission('shop:product_update')
  @ApiShape({ response: shopToggleManyReply })
  async toggleMany(@CurrentUser() user: AuthUser, @ValidBody(shopToggleActiveMany) body: z.output<typeof shopToggleActiveMany>) {
    return { data: await this.catalogue.setActive('products', body.ids, body.active, user) };
  }

  @Post('products/:id/toggle-active')
  @HttpCode(200)
  @RequirePermission('shop:product_update')
  @ApiShape({ response: shopToggleReply })
  async toggleProduct(@CurrentUser() user: AuthUser, @UuidParam('id') id: string) {
    return { data: (await this.catalogue.setActive('products', [id], 'flip', user))[0] };
  }

  @Post('sliders/:id/toggle-active')
  @HttpCode(200)
  @RequirePermission('shop:slider_manage')
  @ApiShape({ response: shopToggleReply })
  async toggleSlider(@CurrentUser() user: AuthUser, @UuidParam('id') id: string) {
    return { data: (await this.catalogue.setActive('sliders', [id], 'flip', user))[0] };
  }

  @Post('pickup-points/:id/toggle-active')
  @HttpCode(200)
  @RequirePermission('shop:pickup_point_manage')
  @ApiShape({ response: shopToggleReply })
  async togglePickupPoint(@CurrentUser() user: AuthUser, @UuidParam('id') id: string) {
    return { data: (await this.catalogue.setActive('pickup_points', [id], 'flip', user))[0] };
  }
}
