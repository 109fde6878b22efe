import { keys } from './permission-keys';

/**
 * API permission keys of the shop service (spec section 2, admin "shop management"). The public catalogue, a pupil's
 * own cart, wishlist and orders need no key (public or sign-in); these are for staff: the catalogue (products with
 * their specs, categories, sliders, pickup points) and orders (reading every pupil's, changing their status).
 */
export const SHOP_PERMISSIONS = [
  ...keys('shop', [
    'product_index', 'product_create', 'product_update', 'product_delete', 'category_manage', 'slider_manage',
    'pickup_point_manage', 'delivery_point_manage', 'order_index', 'order_change_status', 'review_manage', 'prize_manage',
  ] as const),
] as const;
