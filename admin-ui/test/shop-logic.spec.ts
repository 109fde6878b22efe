import { moveCategory, orderAmount, ordersExportParams, ordersParams, productBody, specChanges, type SpecRow } from '../src/pages/shop/logic';

const spec = (id: string | undefined, key: string): SpecRow => ({ id, keyKk: key, keyRu: key, keyEn: key, valueKk: 'v', valueRu: 'v', valueEn: 'v' });

describe('the shop screens’ rules', () => {
  it('asks each order list for its method, and the return list for one return status', () => {
    expect(ordersParams('delivery', undefined, 1, 25)).toEqual({ page: 1, limit: 25, method: 'delivery' });
    expect(ordersParams('pickup', 'ready_for_pickup', 2, 10)).toEqual({ page: 2, limit: 10, method: 'pickup', status: 'ready_for_pickup' });
    expect(ordersParams('returns', undefined, 1, 25)).toEqual({ page: 1, limit: 25, status: 'return_requested' });
    expect(ordersParams('returns', 'returned', 1, 25)).toEqual({ page: 1, limit: 25, status: 'returned' });
  });

  it('exports what the list shows (its filters, no paging) in the reader’s language, and names each total’s unit', () => {
    expect(ordersExportParams('delivery', undefined, 'kk')).toEqual({ method: 'delivery', locale: 'kk' });
    expect(ordersExportParams('pickup', 'ready_for_pickup', 'ru')).toEqual({ method: 'pickup', status: 'ready_for_pickup', locale: 'ru' });
    expect(ordersExportParams('returns', undefined, 'en')).toEqual({ status: 'return_requested', locale: 'en' });
    expect([orderAmount(300, 'zp'), orderAmount(900, 'tenge'), orderAmount(14, 'altyn_saqa')]).toEqual(['300 ZP', '900 ₸', '14 Altyn Saqa']);
  });

  it('sends every product column, empty prices as null and images in their order', () => {
    expect(productBody({ nameKk: 'a', nameRu: 'b', nameEn: 'c', priceZp: 40, priceTenge: undefined, stock: 3 }, ['x.webp', 'y.webp'])).toEqual({
      nameKk: 'a', nameRu: 'b', nameEn: 'c', descriptionKk: '', descriptionRu: '', descriptionEn: '', categoryId: null, images: ['x.webp', 'y.webp'],
      priceTenge: null, priceZp: 40, priceAltynSaqa: null, stock: 3, active: true,
    });
  });

  it('stores new spec rows, updates moved or edited ones and deletes removed ones', () => {
    const before = [spec('1', 'Pages'), spec('2', 'Size'), spec('3', 'Cover')];
    const after = [spec('2', 'Size'), spec('1', 'Pages'), spec(undefined, 'Age'), { ...spec('3', 'Cover') }];
    after[3]!.valueEn = 'hard';
    const changes = specChanges(before.slice(0, 3), after.filter((r) => r.id !== '3').concat([]));
    expect(changes.destroy).toEqual(['3']);
    expect(changes.update.map((u) => [u.id, u.body.position])).toEqual([['2', 0], ['1', 1]]);
    expect(changes.store).toEqual([{ keyKk: 'Age', keyRu: 'Age', keyEn: 'Age', valueKk: 'v', valueRu: 'v', valueEn: 'v', position: 2 }]);
    expect(specChanges(before, before)).toEqual({ store: [], update: [], destroy: [] });
    expect(specChanges(before, [before[0]!, before[1]!, after[3]!]).update.map((u) => u.id)).toEqual(['3']);
  });

  it('reorders and reparents categories, and refuses a drop into the dragged one’s own subtree', () => {
    const all = [
      { id: 'a', parentId: null, position: 0 },
      { id: 'b', parentId: null, position: 1 },
      { id: 'a1', parentId: 'a', position: 0 },
      { id: 'a2', parentId: 'a', position: 1 },
    ];
    expect(moveCategory(all, 'b', 'a', false, false)).toEqual({
      parentId: null, order: ['b', 'a'], writes: [{ id: 'b', position: 0, parentId: null }, { id: 'a', position: 1, parentId: null }],
    });
    expect(moveCategory(all, 'b', 'a', true, false)?.writes).toEqual([{ id: 'b', position: 2, parentId: 'a' }]);
    expect(moveCategory(all, 'b', 'a1', false, true)?.order).toEqual(['a1', 'b', 'a2']);
    expect(moveCategory(all, 'a', 'a2', true, false)).toBeNull();
    expect(moveCategory(all, 'a', 'a', true, false)).toBeNull();
  });
});
