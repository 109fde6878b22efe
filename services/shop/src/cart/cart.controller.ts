import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import type { z } from 'zod';
import { shopCartAdd, shopCartQuantity, shopWishlistAdd } from '@olymp/proto';
import { type AuthUser, CurrentUser, SignedIn, UuidParam, ValidBody } from '@olymp/server-kit';
import { Carts } from './cart.service';

/** Spec section 7 "cart (get, add, update item quantity, remove item, clear)" and the wishlist: the caller's own. */
@Controller()
export class CartController {
  constructor(private readonly carts: Carts) {}

  @Get('cart')
  @SignedIn()
  async get(@CurrentUser() user: AuthUser) {
    return { data: await this.carts.get(user.sub) };
  }

  @Post('cart/items')
  @HttpCode(200)
  @SignedIn()
  async add(@CurrentUser() user: AuthUser, @ValidBody(shopCartAdd) body: z.output<typeof shopCartAdd>) {
    return { data: await this.carts.add(user.sub, body.productId, body.quantity) };
  }

  @Put('cart/items/:product')
  @SignedIn()
  async quantity(@CurrentUser() user: AuthUser, @UuidParam('product') productId: string, @ValidBody(shopCartQuantity) body: z.output<typeof shopCartQuantity>) {
    return { data: await this.carts.setQuantity(user.sub, productId, body.quantity) };
  }

  @Delete('cart/items/:product')
  @SignedIn()
  async remove(@CurrentUser() user: AuthUser, @UuidParam('product') productId: string) {
    return { data: await this.carts.remove(user.sub, productId) };
  }

  @Delete('cart')
  @SignedIn()
  async clear(@CurrentUser() user: AuthUser) {
    return { data: await this.carts.clear(user.sub) };
  }

  @Get('wishlist')
  @SignedIn()
  async wishlist(@CurrentUser() user: AuthUser) {
    return { data: await this.carts.wishlist(user.sub) };
  }

  @Post('wishlist')
  @HttpCode(200)
  @SignedIn()
  async wish(@CurrentUser() user: AuthUser, @ValidBody(shopWishlistAdd) body: z.output<typeof shopWishlistAdd>) {
    return { data: await this.carts.wish(user.sub, body.productId) };
  }

  @Delete('wishlist/:product')
  @SignedIn()
  async unwish(@CurrentUser() user: AuthUser, @UuidParam('product') productId: string) {
    return { data: await this.carts.unwish(user.sub, productId) };
  }

  @Post('wishlist/:product/move-to-cart')
  @HttpCode(200)
  @SignedIn()
  async move(@CurrentUser() user: AuthUser, @UuidParam('product') productId: string) {
    return { data: await this.carts.moveToCart(user.sub, productId) };
  }
}
