import { type ServiceDefinition, createService } from '@olymp/server-kit';
import { shopEntities } from './entities';
import { ShopModule } from './shop.module';
import { ShopInitial1764000100000 } from './migrations/1764000100000-shop-initial';
import { ShopPaymentsReviewsPrizes1764100000000 } from './migrations/1764100000000-shop-payments-reviews-prizes';
import { ShopPrizeRules1764200000000 } from './migrations/1764200000000-shop-prize-rules';
import { ShopPickupPointProvince1764300000000 } from './migrations/1764300000000-shop-pickup-point-province';

export const shopService: ServiceDefinition = {
  service: 'shop',
  imports: [ShopModule],
  entities: shopEntities,
  migrations: [ShopInitial1764000100000, ShopPaymentsReviewsPrizes1764100000000, ShopPrizeRules1764200000000, ShopPickupPointProvince1764300000000],
};

export const startShop = (env: Record<string, string | undefined> = process.env) => createService(shopService, env);
export { Orders, PAYMENT_WINDOW_MS, RETURN_WINDOW_DAYS, invoiceIdOf } from './orders/orders.service';
export { PaymentSweeper } from './orders/payment-sweeper';
export { ORDER_TRANSITIONS, canTransition, nextStatuses } from './orders/order-states';
export { demoShopId } from './seed/shop.seeder';
