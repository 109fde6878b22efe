import { exportFileName, invoiceBody, invoiceFieldOf, money, paymentParams } from '../src/pages/finance/logic';

describe('finance pages: what they compute', () => {
  it('sends only the filters that are set, trimmed, with paging', () => {
    expect(paymentParams({ from: '2026-01-01', to: '2026-01-31', type: 'invoice', userId: '  ', kind: undefined }, { page: 2, limit: 25 })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      type: 'invoice',
      page: 2,
      limit: 25,
    });
  });

  it("names the export file as the server says, else after the period", () => {
    expect(exportFileName('attachment; filename="payments-2026-01-01-2026-01-31.csv"', {})).toBe('payments-2026-01-01-2026-01-31.csv');
    expect(exportFileName(undefined, { from: '2026-02-01', to: '2026-02-10' })).toBe('payments-2026-02-01-2026-02-10.csv');
    expect(exportFileName(undefined, {})).toBe('payments-last-30-days.csv');
  });

  it('builds the nested invoice body the API takes and maps its field errors back to the form', () => {
    expect(
      invoiceBody({ userId: ' 0b5c6f1e-0000-4000-8000-000000000001 ', kind: 'training', productId: 'p', titleKk: 'А', titleRu: 'Б', titleEn: 'C', amountTenge: 5000, amountZp: 50 }),
    ).toEqual({ userId: '0b5c6f1e-0000-4000-8000-000000000001', product: { kind: 'training', id: 'p' }, title: { kk: 'А', ru: 'Б', en: 'C' }, amountTenge: 5000, amountZp: 50 });
    expect(invoiceFieldOf('product.id')).toBe('productId');
    expect(invoiceFieldOf('title.ru')).toBe('titleRu');
    expect(invoiceFieldOf('somethingElse')).toBeUndefined();
  });

  it('formats sums with spaces between thousands', () => {
    expect(money(1234567)).toBe('1 234 567');
    expect(money(null)).toBe('—');
  });
});
