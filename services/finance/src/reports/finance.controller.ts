import { Controller, Get, Header, HttpCode, Post, Res } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  financeAnalyticsReply, financeOverviewReply, invoiceChangeReply, type Locale, message, paymentPage, staffInvoicePage, staffInvoiceReply,
} from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, DomainError, RequestLocale, RequirePermission, RpcClient, UuidParam, ValidBody, ValidQuery, toCsv } from '@olymp/server-kit';
import { Invoice, PRODUCT_KINDS } from '../invoices/invoice.entity';
import { invoiceView } from '../invoices/invoice.view';
import { createInvoiceBody, pageOf, paging, staffInvoicesQuery } from '../invoices/invoice.dto';
import { InvoicesService } from '../invoices/invoices.service';
import { WalletPaymentService } from '../invoices/wallet-payment.service';
import { period, periodQuery } from './period';
import { type PaymentFilter, ReportsService } from './reports.service';

const paymentFilter = {
  ...periodQuery,
  type: z.enum(['invoice', 'recharge']).optional(),
  method: z.enum(['wallet', 'provider']).optional(),
  kind: z.enum(PRODUCT_KINDS).optional(),
  productId: z.uuid().optional(),
  userId: z.uuid().optional(),
};
const paymentsQuery = z.strictObject({ ...paymentFilter, ...paging });
const exportQuery = z.strictObject({ ...paymentFilter, locale: z.enum(['kk', 'ru', 'en']).optional() });
const periodOnly = z.strictObject(periodQuery);
const EXPORT_MAX_ROWS = 50_000;

/**
 * The staff finance area (`/api/finance/...`): overview, analytics, payments and their CSV export, invoices (list,
 * detail with its ledger postings, create, refund). Each route needs its own `finance:*` key.
 */
@Controller('finance')
export class FinanceController {
  constructor(
    private readonly ds: DataSource,
    private readonly reports: ReportsService,
    private readonly invoices: InvoicesService,
    private readonly payments: WalletPaymentService,
    private readonly rpc: RpcClient,
  ) {}

  @Get('overview')
  @ApiShape({ response: financeOverviewReply, summary: 'Totals of a period, per day and per product' })
  @RequirePermission('finance:overview')
  async overview(@ValidQuery(periodOnly) q: z.output<typeof periodOnly>) {
    const p = period(q);
    return { data: await this.reports.overview(p.from, p.to) };
  }

  @Get('analytics')
  @ApiShape({ response: financeAnalyticsReply, summary: 'Invoices per day and by kind, and the share paid' })
  @RequirePermission('finance:analytics')
  async analytics(@ValidQuery(periodOnly) q: z.output<typeof periodOnly>) {
    const p = period(q);
    return { data: await this.reports.analytics(p.from, p.to) };
  }

  @Get('payments')
  @ApiShape({ response: paymentPage, summary: 'Payments received' })
  @RequirePermission('finance:payments')
  async list(@ValidQuery(paymentsQuery) q: z.output<typeof paymentsQuery>) {
    const { rows, total } = await this.reports.payments(filter(q), { limit: q.limit, offset: (q.page - 1) * q.limit });
    return pageOf(rows, total, q.page, q.limit);
  }

  /** The rows `payments` would list for the same filters, all of them (up to 50,000), as CSV. */
  @Get('payments/export')
  @ApiShape({ responseType: 'text/csv', summary: 'The same payments as CSV' })
  @RequirePermission('finance:payments_export')
  @Header('content-type', 'text/csv; charset=utf-8')
  async export(@ValidQuery(exportQuery) q: z.output<typeof exportQuery>, @RequestLocale() requestLocale: Locale, @Res({ passthrough: true }) reply: { header(name: string, value: string): unknown }) {
    const f = filter(q);
    const locale = q.locale ?? requestLocale;
    const { rows } = await this.reports.payments(f, { limit: EXPORT_MAX_ROWS, offset: 0 });
    reply.header('content-disposition', `attachment; filename="payments-${f.from}-${f.to}.csv"`);
    return toCsv(
      ['type', 'id', 'user_id', 'paid_at', 'method', 'product_kind', 'product_id', 'title', 'tenge', 'zp', 'refunded_at'],
      rows.map((r) => [r.type, r.id, r.userId, r.paidAt, r.method, r.product?.kind, r.product?.id, r.title?.[locale], r.tenge, r.zp, r.refundedAt]),
    );
  }

  @Get('invoices')
  @ApiShape({ response: staffInvoicePage })
  @RequirePermission('finance:invoice_index')
  async invoiceList(@ValidQuery(staffInvoicesQuery) q: z.output<typeof staffInvoicesQuery>) {
    const [rows, total] = await this.ds.getRepository(Invoice).findAndCount({
      where: {
        ...(q.status ? { status: q.status } : {}),
        ...(q.kind ? { productKind: q.kind } : {}),
        ...(q.productId ? { productId: q.productId } : {}),
        ...(q.userId ? { userId: q.userId } : {}),
      },
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    });
    return pageOf(rows.map(invoiceView), total, q.page, q.limit);
  }

  /** One invoice with the ledger transactions that moved money for it (payment, refund). */
  @Get('invoices/:invoice')
  @ApiShape({ response: staffInvoiceReply, summary: 'An invoice with its ledger postings' })
  @RequirePermission('finance:invoice_index')
  async invoice(@UuidParam('invoice') id: string) {
    const invoice = await this.invoices.get(id);
    const ledger: { key: string; kind: string; created_at: Date; unit: string; amount: string; debit: string; credit: string }[] = await this.ds.query(
      `SELECT t.idempotency_key AS key, t.kind, t.created_at, p.unit, p.amount,
              coalesce('user:' || d.owner_id, 'system:' || d.code) AS debit, coalesce('user:' || c.owner_id, 'system:' || c.code) AS credit
         FROM ledger_transactions t JOIN postings p ON p.transaction_id = t.id
         JOIN accounts d ON d.id = p.debit_account_id JOIN accounts c ON c.id = p.credit_account_id
        WHERE t.idempotency_key = ANY($1) ORDER BY p.id`,
      [[`invoice.wallet:${id}`, `invoice.refund:${id}`]],
    );
    return {
      data: {
        ...invoiceView(invoice),
        postings: ledger.map((l) => ({ key: l.key, kind: l.kind, at: l.created_at.toISOString(), unit: l.unit, amount: Number(l.amount), from: l.debit, to: l.credit })),
      },
    };
  }

  @Post('invoices')
  @ApiShape({ response: invoiceChangeReply, summary: 'Open an invoice for a user' })
  @RequirePermission('finance:invoice_create')
  async create(@CurrentUser() staff: AuthUser, @ValidBody(createInvoiceBody) body: z.output<typeof createInvoiceBody>, @RequestLocale() locale: Locale) {
    const { users } = await this.rpc.request('auth.users.get', { userIds: [body.userId] });
    if (!users.length) throw new DomainError('USER_NOT_FOUND', { userId: body.userId }, { userId: 'USER_NOT_FOUND' });
    const { invoice, created } = await this.invoices.open(body, staff);
    if (!created) throw new DomainError('INVOICE_EXISTS', { invoiceId: invoice.id });
    return { data: invoiceView(invoice), message: message('INVOICE_CREATED', locale) };
  }

  @Post('invoices/:invoice/refund')
  @ApiShape({ response: invoiceChangeReply, summary: 'Refund a paid invoice in ZP' })
  @HttpCode(200)
  @RequirePermission('finance:invoice_refund')
  async refund(@CurrentUser() staff: AuthUser, @UuidParam('invoice') id: string, @RequestLocale() locale: Locale) {
    const invoice = await this.payments.refund(id, staff);
    return { data: invoiceView(invoice), message: message('INVOICE_REFUNDED', locale, { amountZp: invoice.refundedZp }) };
  }
}

function filter(q: z.output<typeof paymentsQuery> | z.output<typeof exportQuery>): PaymentFilter {
  return { ...period(q), type: q.type, method: q.method, kind: q.kind, productId: q.productId, userId: q.userId };
}
