import { z } from 'zod';
import { numeral } from '@olymp/server-kit';
import { INVOICE_STATUSES, PRODUCT_KINDS } from './invoice.entity';

/** Query strings and bodies of the invoice routes. All strict: an unknown field is refused with UNKNOWN_FIELD. */
export const paging = {
  page: numeral(z.number().int().min(1).max(100_000).default(1)),
  limit: numeral(z.number().int().min(1).max(100).default(25)),
};

export const myInvoicesQuery = z.strictObject({
  status: z.enum(INVOICE_STATUSES).optional(),
  ...paging,
});

const title = z.string().trim().min(1).max(300);
const amount = z.number().int().min(0).max(100_000_000);

/**
 * POST finance/invoices: a staff member opens an invoice for a pupil by hand. Not for a shop order: its invoice is
 * opened by the shop's checkout, which reserved the stock it pays for.
 */
export const createInvoiceBody = z.strictObject({
  userId: z.uuid(),
  product: z.strictObject({ kind: z.enum(PRODUCT_KINDS.filter((k) => k !== 'order') as ['challenge', 'training', 'course']), id: z.uuid() }),
  title: z.strictObject({ kk: title, ru: title, en: title }),
  amountTenge: amount,
  amountZp: amount,
});

/** GET finance/invoices: staff's list. */
export const staffInvoicesQuery = z.strictObject({
  status: z.enum(INVOICE_STATUSES).optional(),
  kind: z.enum(PRODUCT_KINDS).optional(),
  productId: z.uuid().optional(),
  userId: z.uuid().optional(),
  ...paging,
});

export const pageOf = <T>(rows: T[], total: number, page: number, limit: number) => ({
  data: rows,
  count: rows.length,
  total,
  page,
  pageCount: Math.max(1, Math.ceil(total / limit)),
});
