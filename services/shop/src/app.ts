import { type ServiceDefinition, createService } from '@olymp/server-kit';
import { shopEntities } from './entities';
import { ShopModule } from './shop.module';
import { ShopInitial1764000100000 } from './migrations/1764000100000-shop-initial';

export const shopService: ServiceDefinition = {
  service: 'shop',
  imports: [ShopModule],
  entities: shopEntities,
  migrations: [ShopInitial1764000100000],
};

export const startShop = (env: Record<string, string | undefined> = process.env) => createService(shopService, env);
export { Orders, PAYMENT_WINDOW_MS, RETURN_WINDOW_DAYS } from './orders/orders.service';
export { PaymentSweeper } from './orders/payment-sweeper';
export { ORDER_TRANSITIONS, canTransition, nextStatuses } from './orders/order-states';
export { demoShopId } from './seed/shop.seeder';
