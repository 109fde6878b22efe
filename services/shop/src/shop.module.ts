import { Module } from '@nestjs/common';
import { AuditModule, CrudResource } from '@olymp/server-kit';
import {
  shopCategoryCreate, shopCategoryUpdate, shopPickupPointCreate, shopPickupPointUpdate, shopProductCreate, shopProductUpdate,
  shopSliderCreate, shopSliderUpdate, shopSpecCreate, shopSpecUpdate, shopDeliveryPointCreate, shopDeliveryPointUpdate, shopPrizeCreate, shopPrizeUpdate,
  shopPrizeRuleCreate, shopPrizeRuleUpdate,
} from '@olymp/proto';
import { Category, PickupPoint, Product, ProductSpec, Slider } from './catalogue/catalogue.entities';
import { CategoryHooks, PickupPointHooks, ProductHooks } from './catalogue/catalogue.hooks';
import { Catalogue } from './catalogue/catalogue.service';
import { CatalogueController } from './catalogue/catalogue.controller';
import { Carts } from './cart/cart.service';
import { CartController } from './cart/cart.controller';
import { Orders } from './orders/orders.service';
import { OrdersController } from './orders/orders.controller';
import { OrdersExport } from './orders/orders-export';
import { InvoiceEventsConsumer } from './orders/invoice-events.consumer';
import { PaymentSweeper } from './orders/payment-sweeper';
import { ShopSeeder } from './seed/shop.seeder';
import { ReviewsController } from './reviews/reviews.controller';
import { PrizesController } from './prizes/prizes.controller';
import { FulfilmentController } from './fulfilment/fulfilment.controller';
import { DeliveryPoint } from './fulfilment/fulfilment.entities';
import { Prize, PrizeRule } from './prizes/prize.entities';
import { PrizeGrants } from './prizes/prize-grants.consumer';

const names = ['nameKk', 'nameRu', 'nameEn'] as const;
/** What a prize was won for, as the staff screens name it. */
const PRIZE_SOURCE_LABELS = {
  treasure: { kk: 'Қазына', ru: 'Сокровище', en: 'Treasure' },
  challenge: { kk: 'Челлендж', ru: 'Челлендж', en: 'Challenge' },
  achievement: { kk: 'Жетістік', ru: 'Достижение', en: 'Achievement' },
  staff: { kk: 'Қызметкер берген', ru: 'Выдан сотрудником', en: 'Given by staff' },
} as const;
const { staff: _staff, ...PRIZE_RULE_SOURCE_LABELS } = PRIZE_SOURCE_LABELS;
/** Screens name a row in the reader's language (`nameKk`, `nameRu` or `nameEn`). */
const label = ['name'];
const newest = [{ field: 'createdAt', order: 'DESC' }] as const;
/** Long texts, file names and foreign catalogue ids belong to the detail view, not to a list's row. */
const hiddenInList = { hiddenInList: true } as const;

/**
 * The shop (spec sections 2, 3, 7): the staff catalogue as CRUD resources (products, categories, specs, sliders,
 * pickup points), the public catalogue, a pupil's cart and wishlist, checkout and orders.
 */
@Module({
  imports: [
    AuditModule,
    CrudResource.register({
      path: 'products', entity: Product, create: shopProductCreate, update: shopProductUpdate, hooks: ProductHooks,
      access: { read: 'shop:product_index', store: 'shop:product_create', update: 'shop:product_update', destroy: 'shop:product_delete' },
      searchable: names, relations: { category: {} },
      filterable: ['categoryId', 'active', 'stock', 'sold', 'priceTenge', 'priceZp', 'priceAltynSaqa', 'createdAt', ...names],
      label, fields: {
        priceTenge: { unit: 'tenge' }, priceZp: { unit: 'zp' }, priceAltynSaqa: { unit: 'altynSaqa' },
        descriptionKk: hiddenInList, descriptionRu: hiddenInList, descriptionEn: hiddenInList,
      },
      defaultSort: newest,
    }),
    CrudResource.register({
      path: 'categories', entity: Category, create: shopCategoryCreate, update: shopCategoryUpdate, hooks: CategoryHooks,
      access: { read: 'shop:category_manage', write: 'shop:category_manage' },
      searchable: names, relations: { parent: {} },
      label, defaultSort: [{ field: 'position', order: 'ASC' }, ...newest],
    }),
    CrudResource.register({
      path: 'specs', entity: ProductSpec, create: shopSpecCreate, update: shopSpecUpdate, actions: ['show', 'store', 'update', 'destroy'],
      access: { read: 'shop:product_index', write: 'shop:product_update' },
      label: ['key', 'value'], defaultSort: [{ field: 'position', order: 'ASC' }],
    }),
    CrudResource.register({
      path: 'sliders', entity: Slider, create: shopSliderCreate, update: shopSliderUpdate,
      access: { read: 'shop:slider_manage', write: 'shop:slider_manage' },
      searchable: ['titleKk', 'titleRu', 'titleEn'], label: ['title'], fields: { image: hiddenInList },
      defaultSort: [{ field: 'position', order: 'ASC' }, ...newest],
    }),
    CrudResource.register({
      path: 'pickup-points', entity: PickupPoint, create: shopPickupPointCreate, update: shopPickupPointUpdate, hooks: PickupPointHooks,
      access: { read: 'shop:pickup_point_manage', write: 'shop:pickup_point_manage' },
      searchable: names, filterable: ['provinceId', 'active', 'createdAt', ...names], label, fields: { provinceId: hiddenInList, addressKk: hiddenInList, addressRu: hiddenInList, addressEn: hiddenInList },
      defaultSort: newest,
    }),
    CrudResource.register({
      path: 'delivery-points', entity: DeliveryPoint, create: shopDeliveryPointCreate, update: shopDeliveryPointUpdate,
      access: { read: 'shop:delivery_point_manage', write: 'shop:delivery_point_manage' },
      searchable: names, filterable: ['cityId', 'active', 'createdAt', ...names], label,
      fields: { cityId: hiddenInList, addressKk: hiddenInList, addressRu: hiddenInList, addressEn: hiddenInList },
      defaultSort: newest,
    }),
    CrudResource.register({
      path: 'prizes', entity: Prize, create: shopPrizeCreate, update: shopPrizeUpdate,
      access: { read: 'shop:prize_manage', write: 'shop:prize_manage' },
      relations: { product: {} }, filterable: ['userId', 'productId', 'source', 'orderId', 'createdAt'],
      // The winner is auth's pupil: staff pick them by name and read their name (auth's `students`), never the id.
      label: ['note'], fields: { userId: { references: 'students' }, orderId: hiddenInList, source: { enumLabels: PRIZE_SOURCE_LABELS } }, defaultSort: newest,
    }),
    CrudResource.register({
      path: 'prize-rules', entity: PrizeRule, create: shopPrizeRuleCreate, update: shopPrizeRuleUpdate,
      access: { read: 'shop:prize_manage', write: 'shop:prize_manage' },
      relations: { product: {} }, filterable: ['source', 'match', 'productId', 'active', 'createdAt'], searchable: ['note', 'match'],
      label: ['note'], fields: { source: { enumLabels: PRIZE_RULE_SOURCE_LABELS } }, defaultSort: newest,
    }),
  ],
  controllers: [CatalogueController, CartController, OrdersController, ReviewsController, PrizesController, FulfilmentController],
  providers: [Catalogue, Carts, Orders, OrdersExport, InvoiceEventsConsumer, PrizeGrants, PaymentSweeper, ShopSeeder],
})
export class ShopModule {}
