import { z } from 'zod';
import { normalizePhone } from './phone';
import { dataOf, isoInstant, localizedText } from './http';

/**
 * HTTP shapes of the shop service: request bodies and query strings (one strict zod schema each; staff catalogue
 * bodies are flat, one column per language, because the CRUD kit stores them as they come), then the answers of its
 * custom routes (named by `@ApiShape` on each route; the UIs import the inferred types).
 */
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max);
const price = z.number().int().min(1).max(100_000_000).nullable();
const position = z.number().int().min(0).max(1_000_000);
/** Names of files answered by `POST /api/upload-image` (a uuid and an extension), or their `/uploads/...` urls. */
const imageName = z.string().regex(/^(\/uploads\/)?[0-9a-f-]{36}\.(webp|jpe?g|png|gif)$/, 'an uploaded image name');

export const SHOP_CURRENCIES = ['tenge', 'zp', 'altyn_saqa'] as const;
export type ShopCurrency = (typeof SHOP_CURRENCIES)[number];

const productFields = {
  categoryId: z.uuid().nullable(),
  nameKk: text(200),
  nameRu: text(200),
  nameEn: text(200),
  descriptionKk: optionalText(5000),
  descriptionRu: optionalText(5000),
  descriptionEn: optionalText(5000),
  images: z.array(imageName).max(10),
  priceTenge: price,
  priceZp: price,
  priceAltynSaqa: price,
  stock: z.number().int().min(0).max(1_000_000),
  active: z.boolean(),
};
const hasPrice = (p: { priceTenge?: number | null; priceZp?: number | null; priceAltynSaqa?: number | null }) =>
  p.priceTenge != null || p.priceZp != null || p.priceAltynSaqa != null;

/** A product needs a price in at least one currency (`PRODUCT_PRICE_REQUIRED` when an update would leave none). */
export const shopProductCreate = z
  .strictObject({
    ...productFields,
    categoryId: productFields.categoryId.default(null),
    descriptionKk: productFields.descriptionKk.default(''),
    descriptionRu: productFields.descriptionRu.default(''),
    descriptionEn: productFields.descriptionEn.default(''),
    images: productFields.images.default([]),
    priceTenge: price.default(null),
    priceZp: price.default(null),
    priceAltynSaqa: price.default(null),
    active: z.boolean().default(true),
  })
  .refine(hasPrice, { message: 'a price in tenge, ZP or Altyn Saqa is required', path: ['priceZp'] });
export const shopProductUpdate = z.strictObject(productFields).partial();

export const shopCategoryCreate = z.strictObject({
  parentId: z.uuid().nullable().default(null),
  nameKk: text(120),
  nameRu: text(120),
  nameEn: text(120),
  position: position.default(0),
  active: z.boolean().default(true),
});
export const shopCategoryUpdate = z
  .strictObject({ parentId: z.uuid().nullable(), nameKk: text(120), nameRu: text(120), nameEn: text(120), position, active: z.boolean() })
  .partial();

/** A product's specification row (e.g. "Pages: 96"), in three languages. Specs have no index (spec section 7). */
export const shopSpecCreate = z.strictObject({
  productId: z.uuid(),
  keyKk: text(100),
  keyRu: text(100),
  keyEn: text(100),
  valueKk: text(300),
  valueRu: text(300),
  valueEn: text(300),
  position: position.default(0),
});
export const shopSpecUpdate = shopSpecCreate.omit({ productId: true }).partial();

export const shopSliderCreate = z.strictObject({
  titleKk: text(200),
  titleRu: text(200),
  titleEn: text(200),
  image: imageName,
  /** Where the slide leads: a path inside the site (e.g. `/student/shop/products/<id>`). */
  link: z.string().regex(/^\/[\w\-/?=&.%]*$/, 'a path inside the site').max(300).nullable().default(null),
  position: position.default(0),
  active: z.boolean().default(true),
});
export const shopSliderUpdate = z
  .strictObject({
    titleKk: text(200), titleRu: text(200), titleEn: text(200), image: imageName,
    link: z.string().regex(/^\/[\w\-/?=&.%]*$/).max(300).nullable(), position, active: z.boolean(),
  })
  .partial();

export const shopPickupPointCreate = z.strictObject({
  nameKk: text(200),
  nameRu: text(200),
  nameEn: text(200),
  addressKk: text(300),
  addressRu: text(300),
  addressEn: text(300),
  /** Opening hours as shown, e.g. "Mon-Fri 10:00-19:00". */
  hours: text(100),
  /** The province (auth's catalogue id) it serves, for listing points by region. */
  provinceId: z.number().int().positive().nullable().default(null),
  active: z.boolean().default(true),
});
export const shopPickupPointUpdate = z
  .strictObject({
    nameKk: text(200), nameRu: text(200), nameEn: text(200), addressKk: text(300), addressRu: text(300), addressEn: text(300),
    hours: text(100), provinceId: z.number().int().positive().nullable(), active: z.boolean(),
  })
  .partial();

export const shopToggleActiveMany = z.strictObject({ ids: z.array(z.uuid()).min(1).max(200), active: z.boolean() });

const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const SHOP_PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'popular'] as const;

/**
 * The public catalogue's query: full-text `q` (any of the three languages, prefix matching), a category (with its
 * subcategories), a price range in one currency, only what is in stock, a sort and a page.
 */
export const shopProductListQuery = z
  .strictObject({
    q: z.string().trim().max(100).optional(),
    categoryId: z.uuid().optional(),
    currency: z.enum(SHOP_CURRENCIES).optional(),
    minPrice: queryInt(0, 100_000_000).optional(),
    maxPrice: queryInt(0, 100_000_000).optional(),
    inStock: queryBool.optional(),
    sort: z.enum(SHOP_PRODUCT_SORTS).default('newest'),
    page: queryInt(1, 10_000).default(1),
    limit: queryInt(1, 100).default(20),
  })
  .refine((q) => q.currency !== undefined || (q.minPrice === undefined && q.maxPrice === undefined), {
    message: 'a price range needs a currency',
    path: ['currency'],
  })
  .refine((q) => q.currency !== undefined || (q.sort !== 'price_asc' && q.sort !== 'price_desc'), {
    message: 'sorting by price needs a currency',
    path: ['currency'],
  });

export const shopCartAdd = z.strictObject({ productId: z.uuid(), quantity: z.number().int().min(1).max(99).default(1) });
export const shopCartQuantity = z.strictObject({ quantity: z.number().int().min(1).max(99) });
export const shopWishlistAdd = z.strictObject({ productId: z.uuid() });

const phone = z.string().transform((v, ctx) => {
  const normalized = normalizePhone(v);
  if (!normalized) ctx.addIssue({ code: 'custom', message: 'a Kazakhstan phone number, e.g. +7 700 000 00 00' });
  return normalized ?? v;
});

/** A delivery address typed at checkout or saved (`addresses`). */
export const shopAddress = z.strictObject({
  recipient: text(200),
  phone,
  /** A delivery city of auth's catalogue (`GET /api/cities`). */
  cityId: z.number().int().positive(),
  line: text(300),
  note: optionalText(500).default(''),
});

/**
 * Checkout: the whole cart, paid in one currency (`zp` or `altyn_saqa` from the wallet, `tenge` through the payment
 * provider, optionally partly covered with ZP by `orders/{id}/use-zp`), and how the goods reach the pupil: collected
 * at a pickup point, delivered to an address (typed now, or one of the pupil's saved `addresses` by `addressId`), or
 * delivered to a delivery point (a parcel point of a city, `GET /api/shop/delivery-points`) for `recipient`/`phone`.
 */
export const shopFulfilment = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('pickup'), pickupPointId: z.uuid() }),
  z
    .strictObject({ method: z.literal('delivery'), address: shopAddress.optional(), addressId: z.uuid().optional() })
    .refine((f) => (f.address === undefined) !== (f.addressId === undefined), { message: 'give either address or addressId', path: ['address'] }),
  z.strictObject({ method: z.literal('delivery_point'), deliveryPointId: z.uuid(), recipient: text(200), phone }),
]);
export type ShopFulfilment = z.output<typeof shopFulfilment>;
export const shopCheckout = z.strictObject({
  currency: z.enum(SHOP_CURRENCIES),
  fulfilment: shopFulfilment,
});

export const SHOP_ORDER_STATUSES = [
  'awaiting_payment', 'paid', 'processing', 'shipped', 'delivered', 'ready_for_pickup', 'picked_up', 'cancelled',
  'return_requested', 'returned', 'return_refused',
] as const;
export type ShopOrderStatus = (typeof SHOP_ORDER_STATUSES)[number];

export const shopOrderListQuery = z.strictObject({
  status: z.enum(SHOP_ORDER_STATUSES).optional(),
  method: z.enum(['pickup', 'delivery']).optional(),
  userId: z.uuid().optional(),
  page: queryInt(1, 10_000).default(1),
  limit: queryInt(1, 100).default(20),
});
/**
 * `GET /api/orders/export` (`shop:order_index`): every row `GET /api/orders` lists for the same filters, as a CSV file
 * (streamed, UTF-8 with a BOM) whose titles, statuses, methods and currencies are in `locale` (else the caller's
 * `X-Locale`), with pupils and points by name.
 */
export const shopOrderExportQuery = shopOrderListQuery.omit({ page: true, limit: true }).extend({ locale: z.enum(['kk', 'ru', 'en']).optional() });
export const shopOrderCountsQuery = z.strictObject({ method: z.enum(['pickup', 'delivery']).optional() });
/** Handing a pickup order over (`picked_up`) needs the 6-digit code the pupil shows. */
export const shopChangeStatus = z.strictObject({
  status: z.enum(SHOP_ORDER_STATUSES),
  note: optionalText(500).optional(),
  pickupCode: z.string().regex(/^\d{6}$/, 'six digits').optional(),
});

/**
 * How returned goods travel back (`GET /api/my-orders/{id}/return-methods` lists what an order allows): brought to
 * an active pickup point, or collected by courier from the order's delivery address (delivery orders only).
 */
export const shopReturnMethod = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('pickup_point'), pickupPointId: z.uuid() }),
  z.strictObject({ kind: z.literal('courier') }),
]);
/** A pupil's return request: why (shown to staff) and how the goods come back (default: courier for a delivery, the
 * order's own pickup point for a pickup order). */
export const shopReturnRequest = z.strictObject({ reason: text(500), method: shopReturnMethod.optional() });

/** `POST /api/orders/{id}/use-zp`: cover part of a tenge order with ZP at finance's rate (the tenge still due goes down). */
export const shopUseZp = z.strictObject({ amountZp: z.number().int().min(1).max(100_000_000) });

/** `POST /api/my-orders/{id}/feedback`: a review of one product of a received order (once per product and pupil). */
export const shopFeedback = z.strictObject({ productId: z.uuid(), rating: z.number().int().min(1).max(5), text: optionalText(2000).default('') });
export const shopReviewListQuery = z.strictObject({
  productId: z.uuid().optional(),
  hidden: queryBool.optional(),
  page: queryInt(1, 10_000).default(1),
  limit: queryInt(1, 100).default(20),
});
export const shopPublicReviewQuery = z.strictObject({ page: queryInt(1, 10_000).default(1), limit: queryInt(1, 100).default(20) });
/** Staff hide (or show again) a review: `POST /api/reviews/{id}/hide`. */
export const shopReviewHide = z.strictObject({ hidden: z.boolean() });

/** Staff's delivery points (parcel points couriers deliver to), a CRUD resource like pickup points. */
export const shopDeliveryPointCreate = z.strictObject({
  nameKk: text(200),
  nameRu: text(200),
  nameEn: text(200),
  addressKk: text(300),
  addressRu: text(300),
  addressEn: text(300),
  hours: text(100),
  /** Auth's delivery city (`GET /api/cities`). */
  cityId: z.number().int().positive(),
  active: z.boolean().default(true),
});
export const shopDeliveryPointUpdate = z
  .strictObject({
    nameKk: text(200), nameRu: text(200), nameEn: text(200), addressKk: text(300), addressRu: text(300), addressEn: text(300),
    hours: text(100), cityId: z.number().int().positive(), active: z.boolean(),
  })
  .partial();
/** The public pickup points of one region (auth's province id), e.g. the pupil's own at checkout. */
export const shopPickupPointQuery = z.strictObject({ provinceId: queryInt(1, 2_147_483_647).optional() });
export const shopDeliveryPointQuery = z.strictObject({ cityId: queryInt(1, 1_000_000_000).optional() });

/** A pupil's saved delivery addresses (`addresses`, CRUD of the caller's own; `label` e.g. "Home"). */
export const shopSavedAddressCreate = shopAddress.extend({ label: optionalText(60).default('') });
export const shopSavedAddressUpdate = z
  .strictObject({ label: optionalText(60), recipient: text(200), phone, cityId: z.number().int().positive(), line: text(300), note: optionalText(500) })
  .partial();

/**
 * Prizes won (a treasure, a challenge reward, an achievement, or given by staff): a product the pupil claims once as a
 * zero-price order, through the same fulfilment as a purchase (`POST /api/my-prizes/{id}/claim`).
 */
export const SHOP_PRIZE_SOURCES = ['treasure', 'challenge', 'achievement', 'staff'] as const;
export const shopPrizeCreate = z.strictObject({
  userId: z.uuid(),
  productId: z.uuid(),
  source: z.enum(SHOP_PRIZE_SOURCES).default('staff'),
  /** What it was won for, as staff read it (e.g. "Math challenge, 1st place"). */
  note: optionalText(300).default(''),
});
export const shopPrizeUpdate = z.strictObject({ note: optionalText(300) }).partial();
/**
 * Staff's prize rules (`prize-rules`, `shop:prize_manage`): what learning's events grant a pupil, once per rule and
 * pupil. `treasure`: `treasure.claimed` of the treasure `match` (its id); `challenge`: `achievement.earned` for
 * finishing the challenge `match` (its id); `achievement`: `achievement.earned` with the code `match`.
 */
export const SHOP_PRIZE_RULE_SOURCES = ['treasure', 'challenge', 'achievement'] as const;
export const shopPrizeRuleCreate = z
  .strictObject({
    source: z.enum(SHOP_PRIZE_RULE_SOURCES),
    match: text(64),
    productId: z.uuid(),
    /** What the prize is for, as the winner and staff read it (e.g. "Math challenge finisher"). */
    note: optionalText(300).default(''),
    active: z.boolean().default(true),
  })
  .superRefine((r, ctx) => {
    // A treasure or a challenge is named by its id; the message is the usual one for a malformed uuid.
    if (r.source !== 'achievement' && !z.uuid().safeParse(r.match).success) ctx.addIssue({ code: 'invalid_format', format: 'uuid', path: ['match'], input: r.match });
  });
/** What a rule grants and whether it is on; what it matches is fixed (a new match is a new rule). */
export const shopPrizeRuleUpdate = z.strictObject({ productId: z.uuid(), note: optionalText(300), active: z.boolean() }).partial();
export const shopPrizeClaim = z.strictObject({ fulfilment: shopFulfilment });
export const shopClaimedQuery = z.strictObject({
  claimed: queryBool.optional(),
  userId: z.uuid().optional(),
  productId: z.uuid().optional(),
  source: z.enum(SHOP_PRIZE_SOURCES).optional(),
  page: queryInt(1, 10_000).default(1),
  limit: queryInt(1, 100).default(20),
});

// Answers.
const int = z.number().int();
const nullablePrices = z.object({ tenge: int.nullable(), zp: int.nullable(), altynSaqa: int.nullable() });

export const shopProductCard = z.object({
  id: z.string(),
  categoryId: z.string().nullable(),
  name: localizedText,
  images: z.array(z.string()),
  prices: nullablePrices,
  inStock: z.boolean(),
  stock: int,
  /** Visible reviews: their average rating (1-5, one decimal; null without reviews) and count. */
  rating: z.object({ average: z.number().nullable(), count: int }),
  createdAt: isoInstant,
});
export type ShopProductCard = z.output<typeof shopProductCard>;
/** A page of the public catalogue. */
export const shopProductPage = z.object({ data: z.array(shopProductCard), total: int, page: int, limit: int });
export const shopProductReply = dataOf(
  shopProductCard.extend({
    description: localizedText,
    specs: z.array(z.object({ id: z.string(), key: localizedText, value: localizedText })),
  }),
);
export type ShopProductDetail = z.output<typeof shopProductReply>['data'];
export const shopCategoriesReply = dataOf(z.array(z.object({ id: z.string(), parentId: z.string().nullable(), name: localizedText, position: int })));
export const shopSlidersReply = dataOf(z.array(z.object({ id: z.string(), title: localizedText, image: z.string(), link: z.string().nullable() })));
export const shopPickupPoint = z.object({ id: z.string(), name: localizedText, address: localizedText, hours: z.string(), provinceId: int.nullable() });
export const shopPickupPointsReply = dataOf(z.array(shopPickupPoint));
export const shopDeliveryPoint = z.object({ id: z.string(), name: localizedText, address: localizedText, hours: z.string(), cityId: int });
/** `GET /api/shop/delivery-points?cityId`: the active ones. */
export const shopDeliveryPointsReply = dataOf(z.array(shopDeliveryPoint));
const activeRow = z.object({ id: z.string(), active: z.boolean() });
export const shopToggleReply = dataOf(activeRow);
export const shopToggleManyReply = dataOf(z.array(activeRow));

/** A cart line's state: `short` = fewer in stock than asked, `out` = none, `unavailable` = not on sale. */
export const shopCart = z.object({
  lines: z.array(
    z.object({
      productId: z.string(),
      name: localizedText,
      image: z.string().nullable(),
      quantity: int,
      prices: nullablePrices,
      state: z.enum(['ok', 'short', 'out', 'unavailable']),
      available: int,
    }),
  ),
  /** The cart in each currency when every line has a price in it, else null. */
  totals: z.object({ zp: int.nullable(), altynSaqa: int.nullable(), tenge: int.nullable() }),
});
export type ShopCart = z.output<typeof shopCart>;
export const shopCartReply = dataOf(shopCart);
export const shopWishlistReply = dataOf(
  z.array(z.object({ productId: z.string(), name: localizedText, image: z.string().nullable(), prices: nullablePrices, available: z.boolean(), addedAt: isoInstant })),
);

const orderAddress = z.object({ recipient: z.string(), phone: z.string(), city: z.object({ id: int, name: localizedText }), line: z.string(), note: z.string() });
/** A pupil as staff read them on an order or a prize: name, grade, school (null when auth no longer knows the id). */
const staffPupil = z.object({ firstName: z.string(), lastName: z.string(), grade: z.number().int().nullable(), school: localizedText.nullable() }).nullable();
export const shopOrder = z.object({
  id: z.string(),
  /** Staff's view only: whose order (the id and the pupil by name), and the statuses staff may move it to. */
  userId: z.string().optional(),
  customer: staffPupil.optional(),
  next: z.array(z.enum(SHOP_ORDER_STATUSES)).optional(),
  status: z.enum(SHOP_ORDER_STATUSES),
  method: z.enum(['delivery', 'pickup']),
  /** `prize`: a claimed prize (total 0, no invoice). */
  kind: z.enum(['purchase', 'prize']),
  currency: z.enum(SHOP_CURRENCIES),
  /** In `currency` (tenge, ZP or Altyn Saqa); 0 for a prize. */
  total: int,
  /** ZP put towards a tenge order (`use-zp`), and the tenge still due through the provider (null unless tenge). */
  zpApplied: int,
  tengeDue: int.nullable(),
  lines: z.array(z.object({ productId: z.string(), name: localizedText, quantity: int, unitPrice: int })),
  pickupPointId: z.string().nullable(),
  deliveryPointId: z.string().nullable(),
  address: orderAddress.nullable(),
  /** Finance's invoice (derived from the order's id): pay ZP / Altyn Saqa with `POST /api/wallet-payment/{invoiceId}`,
   * tenge with `POST /api/invoices/{invoiceId}/provider-payment`; `GET /api/orders/{id}/payment` says which applies. */
  invoiceId: z.string().nullable(),
  payBy: isoInstant,
  /** The owner's only, while the order waits at the pickup point; the desk asks the pupil for it (staff never get it). */
  pickupCode: z.string().nullable(),
  /** How the goods come back, once a return was asked for. */
  returnMethod: z.object({ kind: z.enum(['pickup_point', 'courier']), pickupPointId: z.string().nullable() }).nullable(),
  /** What was given back (refund) when the order was cancelled after payment or returned; null otherwise. */
  refunded: z.object({ amount: int, currency: z.enum(SHOP_CURRENCIES), zp: int }).nullable(),
  paidAt: isoInstant.nullable(),
  createdAt: isoInstant,
});
export type ShopOrder = z.output<typeof shopOrder>;
export const shopOrderReply = dataOf(shopOrder);
export const shopOrderPage = z.object({ data: z.array(shopOrder), total: int, page: int, limit: int });
export const shopOrderCountsReply = dataOf(z.record(z.enum(SHOP_ORDER_STATUSES), int));
export const shopWalletReply = dataOf(z.object({ zp: int, altynSaqa: int }));

/**
 * `GET /api/orders/{id}/payment` (the owner): what is due and how it can be paid now. `methods`: `wallet` (ZP or Altyn
 * Saqa: `POST /api/wallet-payment/{invoiceId}`), `provider` (tenge: `POST /api/invoices/{invoiceId}/provider-payment`
 * answers the provider's `checkoutUrl`), `use_zp` (tenge: `POST /api/orders/{id}/use-zp` lowers `tengeDue` by
 * `amountZp × zpRateTenge`, at most `maxZp`). Answered by `use-zp` too.
 */
export const shopOrderPayment = z.object({
  orderId: z.string(),
  invoiceId: z.string().nullable(),
  status: z.enum(SHOP_ORDER_STATUSES),
  currency: z.enum(SHOP_CURRENCIES),
  total: int,
  zpApplied: int,
  tengeDue: int.nullable(),
  /** Tenge one ZP covers (finance's `FINANCE_ZP_PRICE_TENGE`). */
  zpRateTenge: int,
  /** The most ZP `use-zp` accepts now (by the tenge due and the wallet). */
  maxZp: int,
  balances: z.object({ zp: int, altynSaqa: int }),
  methods: z.array(z.enum(['wallet', 'provider', 'use_zp'])),
  payBy: isoInstant,
});
export type ShopOrderPayment = z.output<typeof shopOrderPayment>;
export const shopOrderPaymentReply = dataOf(shopOrderPayment);

/** `GET /api/my-orders/{id}/return-methods`: how this order's goods may come back (empty when no return is possible). */
export const shopReturnMethodsReply = dataOf(
  z.object({
    returnable: z.boolean(),
    /** The last day a return may be asked for (YYYY-MM-DD), once received. */
    until: z.string().nullable(),
    methods: z.array(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('pickup_point'), pickupPoints: z.array(shopPickupPoint) }),
        z.object({ kind: z.literal('courier'), address: orderAddress }),
      ]),
    ),
  }),
);

/** A review as the public reads it: the author as "Aigerim S.", never an id. */
export const shopReview = z.object({ id: z.string(), productId: z.string(), author: z.string(), rating: int, text: z.string(), createdAt: isoInstant });
export const shopReviewPage = z.object({ data: z.array(shopReview), total: int, page: int, limit: int, average: z.number().nullable(), count: int });
/** Staff's list: with the author's id, the order and whether it is hidden. */
export const shopStaffReview = shopReview.extend({ userId: z.string(), orderId: z.string(), hidden: z.boolean() });
export const shopStaffReviewPage = z.object({ data: z.array(shopStaffReview), total: int, page: int, limit: int });
export const shopStaffReviewReply = dataOf(shopStaffReview);
/** `GET /api/my-orders/{id}/feedback`: each product of the order, whether it can be reviewed now, and the pupil's review. */
export const shopOrderFeedbackReply = dataOf(
  z.array(
    z.object({
      productId: z.string(),
      name: localizedText,
      canReview: z.boolean(),
      review: shopReview.nullable(),
    }),
  ),
);
export const shopReviewReply = dataOf(shopReview);

export const shopSavedAddress = z.object({
  id: z.string(),
  label: z.string(),
  recipient: z.string(),
  phone: z.string(),
  cityId: int,
  line: z.string(),
  note: z.string(),
  createdAt: isoInstant,
});
export const shopSavedAddressReply = dataOf(shopSavedAddress);
export const shopSavedAddressesReply = dataOf(z.array(shopSavedAddress));

/** A prize as its winner sees it (`GET /api/my-prizes`); `orderId` once claimed. */
export const shopPrize = z.object({
  id: z.string(),
  product: z.object({ id: z.string(), name: localizedText, image: z.string().nullable() }),
  source: z.enum(SHOP_PRIZE_SOURCES),
  note: z.string(),
  orderId: z.string().nullable(),
  claimedAt: isoInstant.nullable(),
  createdAt: isoInstant,
});
export const shopPrizesReply = dataOf(z.array(shopPrize));
/**
 * Staff's `GET /api/claimed-products`: prizes with their winner (named as staff see pupils: first and last name, grade
 * and school, from auth; null when auth no longer knows the id) and the claim's order status.
 */
export const shopClaimedPage = z.object({
  data: z.array(
    shopPrize.extend({
      userId: z.string(),
      winner: staffPupil,
      orderStatus: z.enum(SHOP_ORDER_STATUSES).nullable(),
    }),
  ),
  total: int,
  page: int,
  limit: int,
});
