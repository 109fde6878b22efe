/**
 * What the finance pages compute themselves: the report period's query (inclusive days in Asia/Almaty, the API's
 * default being the last 30 days), the payments filters as query parameters, the export file's name, and the
 * invoice-create body.
 */

export interface PaymentFilters {
  from?: string;
  to?: string;
  type?: 'invoice' | 'recharge';
  method?: 'wallet' | 'provider';
  kind?: 'challenge' | 'training' | 'course';
  userId?: string;
  productId?: string;
}

/** Query parameters of the filters: empty values are left out (the API rejects unknown or empty ones). */
export function paymentParams(f: PaymentFilters, extra: Record<string, string | number> = {}): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(f)) if (typeof v === 'string' && v.trim()) out[k] = v.trim();
  return { ...out, ...extra };
}

/** The file name the server gives (`content-disposition`), else one made of the period. */
export function exportFileName(contentDisposition: string | undefined, f: PaymentFilters): string {
  const m = /filename="?([^";]+)"?/i.exec(contentDisposition ?? '');
  return m?.[1] ?? `payments-${f.from ?? 'last-30-days'}${f.to ? `-${f.to}` : ''}.csv`;
}

export interface InvoiceForm {
  userId: string;
  kind: 'challenge' | 'training' | 'course';
  productId: string;
  titleKk: string;
  titleRu: string;
  titleEn: string;
  amountTenge: number;
  amountZp: number;
}

/** POST /api/finance/invoices takes `{ userId, product { kind, id }, title { kk, ru, en }, amountTenge, amountZp }`. */
export function invoiceBody(v: InvoiceForm) {
  return {
    userId: v.userId.trim(),
    product: { kind: v.kind, id: v.productId.trim() },
    title: { kk: v.titleKk, ru: v.titleRu, en: v.titleEn },
    amountTenge: Number(v.amountTenge ?? 0),
    amountZp: Number(v.amountZp ?? 0),
  };
}

/** Server field errors of the nested body (`product.id`, `title.kk`) under the form's flat field names. */
export function invoiceFieldOf(apiField: string): keyof InvoiceForm | undefined {
  const map: Record<string, keyof InvoiceForm> = {
    userId: 'userId',
    'product.kind': 'kind',
    'product.id': 'productId',
    product: 'productId',
    'title.kk': 'titleKk',
    'title.ru': 'titleRu',
    'title.en': 'titleEn',
    amountTenge: 'amountTenge',
    amountZp: 'amountZp',
  };
  return map[apiField];
}

/** Tenge with thin grouping, as staff read sums. */
export function money(n: number | null | undefined): string {
  return typeof n === 'number' ? n.toLocaleString('ru-RU').replace(/\u00a0/g, ' ') : '—';
}
