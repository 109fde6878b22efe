/**
 * The shop as the pupil meets it (docs/shop.md): the public catalogue, the pupil's own cart, wishlist and orders,
 * checkout, the wallet the shop shows beside a price, and the delivery cities of auth's directory. Answers are
 * proto's contracts (proto/src/http.shop.ts), imported type-only; paying an order is finance's wallet payment.
 */
import type {
  ShopCart, ShopOrder, ShopOrderStatus, ShopProductCard, ShopProductDetail, shopCategoriesReply, shopOrderFeedbackReply, shopOrderPage, shopPickupPointsReply,
  shopOrderPaymentReply, shopProductPage, shopReview, shopReviewPage, shopSlidersReply, shopWalletReply, shopWishlistReply,
  shopDeliveryPointsReply, shopSavedAddressReply, AddressReply,
} from '@olymp/proto';
import type { z } from 'zod';
import { apiJson } from './http';
import { authJson } from './session';

export type { ShopCart, ShopOrder, ShopOrderStatus, ShopProductCard, ShopProductDetail };
export type Currency = 'tenge' | 'zp' | 'altyn_saqa';
export type Sort = 'newest' | 'price_asc' | 'price_desc' | 'popular';

export interface ProductQuery {
  q?: string;
  categoryId?: string;
  currency?: Currency;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  sort?: Sort;
  page?: number;
  limit?: number;
}

export type ProductPage = z.output<typeof shopProductPage>;
export type Category = z.output<typeof shopCategoriesReply>['data'][number];
export type Slide = z.output<typeof shopSlidersReply>['data'][number];
export type PickupPoint = z.output<typeof shopPickupPointsReply>['data'][number];
export type OrderPage = z.output<typeof shopOrderPage>;
export type WishlistItem = z.output<typeof shopWishlistReply>['data'][number];
export type Wallet = z.output<typeof shopWalletReply>['data'];
export type OrderPayment = z.output<typeof shopOrderPaymentReply>['data'];
export type Review = z.output<typeof shopReview>;
export type ReviewPage = z.output<typeof shopReviewPage>;
export type FeedbackLine = z.output<typeof shopOrderFeedbackReply>['data'][number];
export type SavedAddress = z.output<typeof shopSavedAddressReply>['data'];
export type DeliveryPoint = z.output<typeof shopDeliveryPointsReply>['data'][number];

/** The query string of the catalogue: only what is set, so the server's defaults apply to the rest. */
export function productQueryString(q: ProductQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) {
    if (value === undefined || value === '' || value === false) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

export const getProducts = (q: ProductQuery) => apiJson<ProductPage>(`shop/products?${productQueryString(q)}`);
export const getProduct = (id: string) => apiJson<{ data: ShopProductDetail }>(`shop/products/${id}`).then((a) => a.data);
export const getCategories = () => apiJson<{ data: Category[] }>('shop/categories').then((a) => a.data);
export const getSliders = () => apiJson<{ data: Slide[] }>('shop/sliders').then((a) => a.data);
/** Active pickup points, of one region (auth's province id) when given. */
export const getPickupPoints = (provinceId?: number) =>
  apiJson<{ data: PickupPoint[] }>(provinceId ? `shop/pickup-points?provinceId=${provinceId}` : 'shop/pickup-points').then((a) => a.data);

export const CART_CHANGED = 'olymp:cart-changed';
/** Tells the header's basket to count again. */
export function cartChanged(): void {
  window.dispatchEvent(new Event(CART_CHANGED));
}

const cartCall = async (path: string, init: { method: string; body?: unknown }) => {
  const answer = await authJson<{ data: ShopCart }>(path, init);
  cartChanged();
  return answer.data;
};
export const getCart = () => authJson<{ data: ShopCart }>('cart').then((a) => a.data);
export const addToCart = (productId: string, quantity = 1) => cartCall('cart/items', { method: 'POST', body: { productId, quantity } });
export const setCartQuantity = (productId: string, quantity: number) => cartCall(`cart/items/${productId}`, { method: 'PUT', body: { quantity } });
export const removeFromCart = (productId: string) => cartCall(`cart/items/${productId}`, { method: 'DELETE' });
export const clearCart = () => cartCall('cart', { method: 'DELETE' });

export const getWishlist = () => authJson<{ data: WishlistItem[] }>('wishlist').then((a) => a.data);
export const addToWishlist = (productId: string) => authJson<{ data: WishlistItem[] }>('wishlist', { method: 'POST', body: { productId } }).then((a) => a.data);
export const removeFromWishlist = (productId: string) => authJson<{ data: WishlistItem[] }>(`wishlist/${productId}`, { method: 'DELETE' }).then((a) => a.data);
export const moveToCart = async (productId: string) => {
  const answer = await authJson<unknown>(`wishlist/${productId}/move-to-cart`, { method: 'POST' });
  cartChanged();
  return answer;
};

export interface AddressInput {
  recipient: string;
  phone: string;
  cityId: number;
  line: string;
  note?: string;
}
export type Fulfilment =
  | { method: 'pickup'; pickupPointId: string }
  | { method: 'delivery'; address: AddressInput }
  | { method: 'delivery'; addressId: string }
  | { method: 'delivery_point'; deliveryPointId: string; recipient: string; phone: string };

/** The pupil's saved delivery addresses (at most 10), newest first. */
export const getAddresses = () => authJson<{ data: SavedAddress[] }>('addresses').then((a) => a.data);
export const saveAddress = (body: AddressInput & { label?: string }) => authJson<{ data: SavedAddress }>('addresses', { method: 'POST', body }).then((a) => a.data);
/** The active parcel points of one delivery city. */
/** The pupil's home address in their profile (auth), null when none was given: offered at checkout. */
export const getHomeAddress = (userId: string) => authJson<AddressReply>(`users/${userId}/home-address`).then((a) => a.data);
export const getDeliveryPoints = (cityId: number) => apiJson<{ data: DeliveryPoint[] }>(`shop/delivery-points?cityId=${cityId}`).then((a) => a.data);

export const checkout = async (fulfilment: Fulfilment, currency: Currency = 'zp') => {
  const answer = await authJson<{ data: ShopOrder }>('cart/checkout', { method: 'POST', body: { currency, fulfilment } });
  cartChanged();
  return answer.data;
};

export const getMyOrders = (page: number, limit = 10) => authJson<OrderPage>(`my-orders?page=${page}&limit=${limit}`);
export const getMyOrder = (id: string) => authJson<{ data: ShopOrder }>(`my-orders/${id}`).then((a) => a.data);
export const cancelOrder = (id: string) => authJson<{ data: ShopOrder }>(`my-orders/${id}/cancel`, { method: 'POST' }).then((a) => a.data);
export const requestReturn = (id: string, reason: string) =>
  authJson<{ data: ShopOrder }>(`my-orders/${id}/return`, { method: 'POST', body: { reason } }).then((a) => a.data);

/** A product's visible reviews (authors as "Aigerim S."), with their average and count. */
export const getProductReviews = (id: string, page = 1, limit = 20) => apiJson<ReviewPage>(`shop/products/${id}/reviews?page=${page}&limit=${limit}`);
/** Each product of one of the pupil's orders: whether it can be reviewed now, and the pupil's review. */
export const getOrderFeedback = (id: string) => authJson<{ data: FeedbackLine[] }>(`my-orders/${id}/feedback`).then((a) => a.data);
export const sendFeedback = (id: string, body: { productId: string; rating: number; text: string }) =>
  authJson<{ data: Review }>(`my-orders/${id}/feedback`, { method: 'POST', body }).then((a) => a.data);

/** What an order still needs and how it can be paid, with the pupil's ZP and Altyn Saqa. */
export const getOrderPayment = (id: string) => authJson<{ data: OrderPayment }>(`orders/${id}/payment`).then((a) => a.data);

/** Puts `amountZp` ZP towards a tenge order at finance's rate (once per order); answers the payment summary again. */
export const applyZpToOrder = (id: string, amountZp: number) =>
  authJson<{ data: OrderPayment }>(`orders/${id}/use-zp`, { method: 'POST', body: { amountZp } }).then((a) => a.data);

export const getWallet = () => authJson<{ data: Wallet }>('orders/wallet').then((a) => a.data);

/** Where an uploaded image is served: stored names become the upload route's address. */
export function imageUrl(name: string): string {
  return name.startsWith('/') || /^https?:\/\//.test(name) ? name : `/api/upload-image/${name}`;
}

/** An order a notice spoke of (set by the student layout when a notice arrives over the socket). */
export const ORDER_NOTICE = 'olymp:order-notice';
export function orderNoticed(orderId: string): void {
  window.dispatchEvent(new CustomEvent<string>(ORDER_NOTICE, { detail: orderId }));
}
