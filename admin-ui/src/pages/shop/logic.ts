/**
 * The shop screens' rules that need no React: which statuses each orders list shows, how a product form becomes the
 * API's body, which spec rows to create, change or delete, and where a dragged category lands in the tree.
 */
import type { ShopOrderStatus } from '@olymp/proto';

export type OrdersKind = 'delivery' | 'pickup' | 'returns';

/** The statuses each staff list filters by (spec section 2: delivery, self-pickup and return orders). */
export const KIND_STATUSES: Record<OrdersKind, ShopOrderStatus[]> = {
  delivery: ['awaiting_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'],
  pickup: ['awaiting_payment', 'paid', 'ready_for_pickup', 'picked_up', 'cancelled'],
  returns: ['return_requested', 'returned', 'return_refused'],
};

export const STATUS_COLORS: Record<ShopOrderStatus, string> = {
  awaiting_payment: 'gold',
  paid: 'blue',
  processing: 'geekblue',
  shipped: 'cyan',
  delivered: 'green',
  ready_for_pickup: 'purple',
  picked_up: 'green',
  cancelled: 'default',
  return_requested: 'orange',
  returned: 'default',
  return_refused: 'red',
};

/** The list query: a method for the delivery and pickup lists; the return list is by status (one at a time). */
export function ordersParams(kind: OrdersKind, status: ShopOrderStatus | undefined, page: number, limit: number): Record<string, string | number> {
  const params: Record<string, string | number> = { page, limit };
  if (kind !== 'returns') params.method = kind;
  const chosen = status ?? (kind === 'returns' ? 'return_requested' : undefined);
  if (chosen) params.status = chosen;
  return params;
}

/**
 * The query of `GET /api/orders/export`: the list's own filters (no paging: the server streams every row) and the
 * language the file's titles and labels are written in.
 */
export function ordersExportParams(kind: OrdersKind, status: ShopOrderStatus | undefined, locale: 'kk' | 'ru' | 'en'): Record<string, string> {
  const { page: _page, limit: _limit, ...filters } = ordersParams(kind, status, 1, 1);
  return { ...(filters as Record<string, string>), locale };
}

/** An order's total with its unit: "300 ZP", "900 ₸", "14 Altyn Saqa". */
export function orderAmount(total: number, currency: 'zp' | 'tenge' | 'altyn_saqa'): string {
  return currency === 'tenge' ? `${total} ₸` : currency === 'zp' ? `${total} ZP` : `${total} Altyn Saqa`;
}

export interface ProductForm {
  nameKk: string;
  nameRu: string;
  nameEn: string;
  descriptionKk?: string;
  descriptionRu?: string;
  descriptionEn?: string;
  categoryId?: string | null;
  priceTenge?: number | null;
  priceZp?: number | null;
  priceAltynSaqa?: number | null;
  stock?: number | null;
  active?: boolean;
}

const price = (v: number | null | undefined) => (v === undefined || v === null ? null : v);

/** The body of `POST /api/products` or `PUT /api/products/{id}`: every column, images in their order (first is the cover). */
export function productBody(v: ProductForm, images: string[]) {
  return {
    nameKk: v.nameKk,
    nameRu: v.nameRu,
    nameEn: v.nameEn,
    descriptionKk: v.descriptionKk ?? '',
    descriptionRu: v.descriptionRu ?? '',
    descriptionEn: v.descriptionEn ?? '',
    categoryId: v.categoryId ?? null,
    images,
    priceTenge: price(v.priceTenge),
    priceZp: price(v.priceZp),
    priceAltynSaqa: price(v.priceAltynSaqa),
    stock: v.stock ?? 0,
    active: v.active ?? true,
  };
}

export interface SpecRow {
  id?: string;
  keyKk: string;
  keyRu: string;
  keyEn: string;
  valueKk: string;
  valueRu: string;
  valueEn: string;
}

const SPEC_TEXT = ['keyKk', 'keyRu', 'keyEn', 'valueKk', 'valueRu', 'valueEn'] as const;

/** What saving the spec rows takes: new rows to store, changed ones (text or place) to update, removed ones to delete. */
export function specChanges(before: SpecRow[], after: SpecRow[]) {
  const old = new Map(before.filter((r) => r.id).map((r, i) => [r.id as string, { row: r, position: i }]));
  const store: (Omit<SpecRow, 'id'> & { position: number })[] = [];
  const update: { id: string; body: Omit<SpecRow, 'id'> & { position: number } }[] = [];
  after.forEach((row, position) => {
    const body = { ...Object.fromEntries(SPEC_TEXT.map((k) => [k, row[k].trim()])), position } as Omit<SpecRow, 'id'> & { position: number };
    const was = row.id ? old.get(row.id) : undefined;
    if (!was) store.push(body);
    else if (was.position !== position || SPEC_TEXT.some((k) => was.row[k] !== body[k])) update.push({ id: row.id as string, body });
  });
  const kept = new Set(after.map((r) => r.id).filter(Boolean));
  const destroy = [...old.keys()].filter((id) => !kept.has(id));
  return { store, update, destroy };
}

export interface TreeCategory {
  id: string;
  parentId: string | null;
  position: number;
}

/**
 * A drop in the category tree: the moved category's new parent and the new order of that parent's children (each
 * with its position, 0...n-1). `dropToGap` false means "into" the target; otherwise before (-1) or after (1) it.
 * Answers null for a drop into the category itself or its own subtree (the API would refuse it: CATEGORY_CYCLE).
 */
export function moveCategory(all: TreeCategory[], dragId: string, targetId: string, into: boolean, after: boolean) {
  if (dragId === targetId) return null;
  const target = all.find((c) => c.id === targetId);
  if (!target) return null;
  const parentId = into ? target.id : target.parentId;
  for (let p: string | null = parentId; p; p = all.find((c) => c.id === p)?.parentId ?? null) if (p === dragId) return null;
  const siblings = all.filter((c) => c.parentId === parentId && c.id !== dragId).sort((a, b) => a.position - b.position);
  let at = siblings.length;
  if (!into) {
    const i = siblings.findIndex((c) => c.id === targetId);
    at = after ? i + 1 : i;
  }
  const order = [...siblings.slice(0, at).map((c) => c.id), dragId, ...siblings.slice(at).map((c) => c.id)];
  const writes = order
    .map((id, position) => ({ id, position, parentId }))
    .filter((w) => {
      const c = all.find((x) => x.id === w.id);
      return !c || c.position !== w.position || c.parentId !== w.parentId;
    });
  return { parentId, order, writes };
}

/** CRUD index answers an array, or `{ data }` when paged. */
export function rowsOf<T>(answer: T[] | { data: T[] }): T[] {
  return Array.isArray(answer) ? answer : answer.data;
}

export const shortId = (id: string) => id.slice(0, 8).toUpperCase();
