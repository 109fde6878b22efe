import { Module } from '@nestjs/common';
import { type ServiceDefinition, createService } from '@olymp/server-kit';

/** Shop: catalog, cart, wishlist, orders and their state machine, delivery and pickup, returns, reviews. */
@Module({})
export class ShopModule {}

export const shopService: ServiceDefinition = {
  service: 'shop',
  imports: [ShopModule],
  entities: [],
  migrations: [],
};

export const startShop = (env: Record<string, string | undefined> = process.env) => createService(shopService, env);
