import { Category, PickupPoint, Product, ProductSpec, Slider } from './catalogue/catalogue.entities';
import { CartItem, WishlistItem } from './cart/cart.entities';
import { Order, OrderLine, OrderStatusChange } from './orders/order.entities';
import { DeliveryPoint, SavedAddress } from './fulfilment/fulfilment.entities';
import { ProductReview } from './reviews/review.entities';
import { Prize, PrizeRule } from './prizes/prize.entities';

export const shopEntities = [Category, Product, ProductSpec, Slider, PickupPoint, CartItem, WishlistItem, Order, OrderLine, OrderStatusChange, DeliveryPoint, SavedAddress, ProductReview, Prize, PrizeRule];
