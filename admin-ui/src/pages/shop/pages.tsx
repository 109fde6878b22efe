/** The shop's hand-written pages (issue 14), merged into pages/registry.tsx; the rest of the shop is generated. */
import { lazy } from 'react';
import type { AreaPages } from '../registry';

const ProductEditor = lazy(() => import('./ProductEditor'));
const CategoryTree = lazy(() => import('./CategoryTree'));
const SliderEditor = lazy(() => import('./SliderEditor'));
const OrderShow = lazy(() => import('./OrderShow'));
const ClaimedProducts = lazy(() => import('./ClaimedProducts'));
const points = (name: 'PickupPointList' | 'PickupPointForm' | 'DeliveryPointList' | 'DeliveryPointForm') => lazy(() => import('./Points').then((m) => ({ default: m[name] })));
const rules = (name: 'PrizeRuleList' | 'PrizeRuleForm') => lazy(() => import('./PrizeRules').then((m) => ({ default: m[name] })));
const PickupPointForm = points('PickupPointForm');
const DeliveryPointForm = points('DeliveryPointForm');
const PrizeRuleForm = rules('PrizeRuleForm');
const ordersPage = (name: 'DeliveryOrders' | 'PickupOrders' | 'ReturnOrders') => lazy(() => import('./OrdersList').then((m) => ({ default: m[name] })));

export const PAGES: AreaPages = {
  pages: {
    products: { create: ProductEditor, edit: ProductEditor },
    categories: { list: CategoryTree },
    sliders: { create: SliderEditor, edit: SliderEditor },
    'pickup-points': { list: points('PickupPointList'), create: PickupPointForm, edit: PickupPointForm },
    'delivery-points': { list: points('DeliveryPointList'), create: DeliveryPointForm, edit: DeliveryPointForm },
    'prize-rules': { list: rules('PrizeRuleList'), create: PrizeRuleForm, edit: PrizeRuleForm },
    'shop-claimed-products': { list: ClaimedProducts },
    'shop-orders-delivery': { list: ordersPage('DeliveryOrders') },
    'shop-orders-pickup': { list: ordersPage('PickupOrders') },
    'shop-orders-returns': { list: ordersPage('ReturnOrders') },
  },
  // An order's page is reached from any of the three lists; it needs what they need (shop:order_index).
  routes: [{ path: '/shop/orders/:id', resource: 'shop-orders-delivery', action: 'show', component: OrderShow }],
};
