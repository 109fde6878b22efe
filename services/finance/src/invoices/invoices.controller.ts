import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { errorMessage, invoiceChangeReply, invoicePage, invoiceReply, type Locale, message, payableReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, RequestLocale, SignedIn, UuidParam, ValidQuery, notFound } from '@olymp/server-kit';
import { Invoice } from './invoice.entity';
import { invoiceView } from './invoice.view';
import { myInvoicesQuery, pageOf } from './invoice.dto';
import { InvoicesService } from './invoices.service';
import { WalletPaymentService } from './wallet-payment.service';

/**
 * Spec section 7, "Payments": a pupil's invoices (`my-invoices`), whether one can be paid (`invoices/{invoice}/payable`),
 * cancelling it (`invoices/{invoice}/cancel`) and paying it with ZP (`wallet-payment/{invoice}`).
 */
@Controller()
export class InvoicesController {
  constructor(
    private readonly ds: DataSource,
    private readonly invoices: InvoicesService,
    private readonly payments: WalletPaymentService,
  ) {}

  @Get('my-invoices')
  @ApiShape({ response: invoicePage, summary: 'The caller\'s invoices, newest first' })
  @SignedIn()
  async mine(@CurrentUser() user: AuthUser, @ValidQuery(myInvoicesQuery) q: z.output<typeof myInvoicesQuery>) {
    const [rows, total] = await this.ds.getRepository(Invoice).findAndCount({
      where: { userId: user.sub, ...(q.status ? { status: q.status } : {}) },
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    });
    return pageOf(rows.map(invoiceView), total, q.page, q.limit);
  }

  @Get('my-invoices/:invoice')
  @ApiShape({ response: invoiceReply })
  @SignedIn()
  async myOne(@CurrentUser() user: AuthUser, @UuidParam('invoice') id: string) {
    const invoice = await this.ds.getRepository(Invoice).findOneBy({ id, userId: user.sub });
    if (!invoice) throw notFound();
    return { data: invoiceView(invoice) };
  }

  @Get('invoices/:invoice/payable')
  @ApiShape({ response: payableReply, summary: 'Whether the wallet can pay the invoice now' })
  @SignedIn()
  async payable(@CurrentUser() user: AuthUser, @UuidParam('invoice') id: string, @RequestLocale() locale: Locale) {
    const invoice = await this.invoices.visible(id, user);
    const p = await this.invoices.payable(invoice);
    return {
      data: {
        invoiceId: invoice.id,
        payable: p.payable,
        reason: p.reason,
        message: p.reason ? errorMessage(p.reason, locale, p.params) : message('INVOICE_PAYABLE', locale),
        methods: p.payable ? ['wallet' as const] : [],
        amountZp: invoice.amountZp,
        amountTenge: invoice.amountTenge,
        balanceZp: p.balanceZp,
      },
    };
  }

  @Post('invoices/:invoice/cancel')
  @ApiShape({ response: invoiceChangeReply })
  @HttpCode(200)
  @SignedIn()
  async cancel(@CurrentUser() user: AuthUser, @UuidParam('invoice') id: string, @RequestLocale() locale: Locale) {
    const invoice = await this.invoices.cancel(id, user);
    return { data: invoiceView(invoice), message: message('INVOICE_CANCELLED', locale) };
  }

  @Post('wallet-payment/:invoice')
  @ApiShape({ response: invoiceChangeReply, summary: 'Pay an invoice with ZP' })
  @HttpCode(200)
  @SignedIn()
  async pay(@CurrentUser() user: AuthUser, @UuidParam('invoice') id: string, @RequestLocale() locale: Locale) {
    const invoice = await this.payments.pay(id, user);
    return { data: invoiceView(invoice), message: message('INVOICE_PAID', locale) };
  }
}
