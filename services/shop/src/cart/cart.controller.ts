import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import type { z } from 'zod';
import { shopCartAdd, shopCartQuantity, shopWishlistAdd, shopCartReply, shopWishlistReply, } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, SignedIn, UuidParam, ValidBody } from '@olymp/server-kit';
import { Carts } from './cart.service';

/** Spec section 7 "cart (get, add, update item quantity, remove item, clear)" and the wishlist: the caller's own. */
@Controller()
export class CartController {
  constructor(private readonly carts: Carts) {}

  @Get('cart')
  @SignedIn()
  @ApiShape({ response: shopCartReply })
  async get(@CurrentUser() user: AuthUser) {
    return { data: await this.carts.get(user.sub) };
  }

  @Post('cart/items')
  @HttpCode(200)
  @SignedIn()
  @ApiShape({ response: shopCartReply })
  async add(@CurrentUser() user: AuthUser, @ValidBody(shopCartAdd) body: z.output<typeof shopCartAdd>) {
    return { data: await this.carts.add(user.sub, body.productId, body.quantity) };
  }

  @Put('cart/items/:product')
  @SignedIn()
  @ApiShape({ response: shopCartReply })
  async quantity(@CurrentUser() user: AuthUser, @UuidParam('product') productId: string, @ValidBody(shopCartQuantity) body: z.output<typeof shopCartQuantity>) {
    return { data: await this.carts.setQuantity(user.sub, productId, body.quantity) };
  }

  @Delete('cart/items/:product')
  @SignedIn()
  @ApiShape({ response: shopCartReply })
  async remove(@CurrentUser() user: AuthUser, @UuidParam('product') productId: string) {
    return { data: await this.carts.remove(user.sub, productId) };
  }

  @Delete('cart')
  @SignedIn()
  @ApiShape({ response: shopCartReply })
  async clear(@CurrentUser() user: AuthUser) {
    return { data: await this.carts.clear(user.sub) };
  }

  @Get('wishlist')
  @SignedIn()
  @ApiShape({ response: shopWishlistReply })
  async wishlist(@CurrentUser() user: AuthUser) {
    return { data: await this.carts.wishlist(user.sub) };
  }

  @Post('wishlist')
  @HttpCode(200)
  @SignedIn()
  @ApiShape({ response: shopWishlistReply })
  async wish(@CurrentUser() user: AuthUser, @ValidBody(shopWishlistAdd) body: z.output<typeof shopWishlistAdd>) {
    return { data: await this.carts.wish(user.sub, body.productId) };
  }

  @Delete('wishlist/:product')
  @SignedIn()
  @ApiShape({ response: shopWishlistReply })
  async unwish(@CurrentUser() user: AuthUser, @UuidParam('product') productId: string) {
    return { data: await this.carts.unwish(user.sub, productId) };
  }

  @Post('wishlist/:product/move-to-cart')
  @HttpCode(200)
  @SignedIn()
  @ApiShape({ response: shopCartReply })
  async move(@CurrentUser() user: AuthUser, @UuidParam('product') productId: string) {
    return { data: await this.carts.moveToCart(user.sub, productId) };
  }
}
