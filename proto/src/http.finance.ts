/** HTTP contracts of the finance service that the UIs read (docs/finance.md): invoices and paying them. */
import { z } from 'zod';
import { dataOf, dataWithMessage, isoInstant, localizedText, pageOf } from './http';
import { invoiceStatus } from './rpc';

export type InvoiceStatus = z.output<typeof invoiceStatus>;

/** An invoice as the API answers it (the pupil's own, and staff's views). */
export const invoiceView = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  product: z.object({ kind: z.string(), id: z.string() }),
  title: localizedText,
  amountTenge: z.number().int(),
  amountZp: z.number().int(),
  status: invoiceStatus,
  statusLabel: z.string(),
  paymentMethod: z.enum(['wallet', 'provider']).nullable(),
  createdAt: isoInstant,
  paidAt: isoInstant.nullable(),
  cancelledAt: isoInstant.nullable(),
  refundedAt: isoInstant.nullable(),
  refundedZp: z.number().int().nullable(),
});
export type InvoiceView = z.output<typeof invoiceView>;

/** `GET /api/my-invoices`. */
export const invoicePage = pageOf(invoiceView);
export type InvoicePage = z.input<typeof invoicePage>;
/** `GET /api/my-invoices/{invoice}`. */
export const invoiceReply = dataOf(invoiceView);
export type InvoiceReply = z.input<typeof invoiceReply>;
/** `POST /api/wallet-payment/{invoice}`, `POST /api/invoices/{invoice}/cancel`. */
export const invoiceChangeReply = dataWithMessage(invoiceView);
export type InvoiceChangeReply = z.input<typeof invoiceChangeReply>;

/** `GET /api/invoices/{invoice}/payable`: whether the wallet can pay it now, and if not why (in the caller's language). */
export const payableReply = dataOf(
  z.object({
    invoiceId: z.uuid(),
    payable: z.boolean(),
    /** The error code that would refuse a payment now. */
    reason: z.string().nullable(),
    message: z.string(),
    methods: z.array(z.literal('wallet')),
    amountZp: z.number().int(),
    amountTenge: z.number().int(),
    balanceZp: z.number().int(),
  }),
);
export type PayableReply = z.input<typeof payableReply>;
export type Payable = PayableReply['data'];
