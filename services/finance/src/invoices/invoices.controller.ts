import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { errorMessage, invoiceChangeReply, invoicePage, invoiceProviderPaymentReply, invoiceReply, type Locale, message, payableReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, DomainError, RequestLocale, SignedIn, UuidParam, ValidBody, ValidQuery, notFound } from '@olymp/server-kit';
import { z } from 'zod';
import { FINANCE_CONFIG, type FinanceConfig } from '../config';
import { PAYMENT_PROVIDER, type PaymentProvider, SandboxProvider } from '../recharges/payment-provider';
import { RechargesService } from '../recharges/recharges.service';
import type { InvoicePayment } from './invoice.entity';
import { Invoice } from './invoice.entity';
import { invoiceView } from './invoice.view';
import { myInvoicesQuery, pageOf } from './invoice.dto';
import { InvoicesService } from './invoices.service';
import { WalletPaymentService } from './wallet-payment.service';

const sandboxBody = z.strictObject({ outcome: z.enum(['succeeded', 'failed']) });

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
    private readonly recharges: RechargesService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(FINANCE_CONFIG) private readonly config: FinanceConfig,
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
        methods: [...(p.payable ? ['wallet' as const] : []), ...(p.provider ? ['provider' as const] : [])],
        amountZp: invoice.amountZp,
        amountTenge: invoice.amountTenge,
        amountAltynSaqa: invoice.amountAltynSaqa,
        tengeDue: invoice.tengeDue,
        balanceZp: p.balanceZp,
        balanceAltynSaqa: p.balanceAltynSaqa,
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

  @Post('invoices/:invoice/provider-payment')
  @ApiShape({ response: invoiceProviderPaymentReply, summary: 'Pay the tenge still due through the payment provider' })
  @HttpCode(200)
  @SignedIn()
  async providerPayment(@CurrentUser() user: AuthUser, @UuidParam('invoice') id: string, @RequestLocale() locale: Locale) {
    const p = await this.payments.startProviderPayment(id, user);
    return { data: providerPaymentView(p), message: message('RECHARGE_PAYMENT_STARTED', locale) };
  }

  /** Outside production, with the sandbox provider: completes or fails the invoice's pending card payment. */
  @Post('invoices/:invoice/sandbox-complete')
  @ApiShape({ response: invoiceProviderPaymentReply, summary: 'Outside production: complete or fail a card payment as the provider would' })
  @HttpCode(200)
  @SignedIn()
  async sandboxComplete(
    @CurrentUser() user: AuthUser,
    @UuidParam('invoice') id: string,
    @ValidBody(sandboxBody) body: z.output<typeof sandboxBody>,
    @RequestLocale() locale: Locale,
  ) {
    if (!this.config.sandboxEnabled || !(this.provider instanceof SandboxProvider)) throw notFound();
    const invoice = await this.invoices.visible(id, user);
    if (invoice.userId !== user.sub) throw notFound();
    const payment = await this.payments.providerPaymentOf(id);
    if (payment?.status !== 'pending') throw new DomainError('RECHARGE_NOT_STARTED');
    const notice = this.provider.notice(payment.providerPaymentId, body.outcome, payment.amountTenge);
    await this.recharges.callback(notice.body, notice.headers);
    const done = (await this.payments.providerPaymentOf(id)) ?? payment;
    return { data: providerPaymentView(done), message: message(done.status === 'succeeded' ? 'INVOICE_PAID' : 'RECHARGE_FAILED', locale, { amountZp: 0 }) };
  }
}

const providerPaymentView = (p: InvoicePayment) => ({
  id: p.id, invoiceId: p.invoiceId, amountTenge: p.amountTenge, status: p.status, checkoutUrl: p.status === 'pending' ? p.checkoutUrl : null,
});
