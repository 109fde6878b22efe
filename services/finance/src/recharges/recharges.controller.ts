import { Controller, Get, Headers, HttpCode, Inject, Post, Body } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { type Locale, message, providerCallbackReply, rechargeChangeReply, rechargePage, rechargeReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, DomainError, Public, RequestLocale, SignedIn, UuidParam, ValidBody, ValidQuery, notFound } from '@olymp/server-kit';
import { FINANCE_CONFIG, type FinanceConfig } from '../config';
import { paging, pageOf } from '../invoices/invoice.dto';
import { PAYMENT_PROVIDER, type PaymentProvider, SandboxProvider } from './payment-provider';
import { RECHARGE_STATUSES, ZpRecharge } from './recharge.entities';
import { RechargesService } from './recharges.service';

const listQuery = z.strictObject({ status: z.enum(RECHARGE_STATUSES).optional(), ...paging });
// At most 100,000 ZP at up to 10,000 tenge each: the price still fits the integer column.
const createBody = z.strictObject({ amountZp: z.number().int().min(1).max(100_000) });
const sandboxBody = z.strictObject({ outcome: z.enum(['succeeded', 'failed']) });

export function rechargeView(r: ZpRecharge) {
  return {
    id: r.id,
    userId: r.userId,
    amountZp: r.amountZp,
    priceTenge: r.priceTenge,
    status: r.status,
    provider: r.provider,
    checkoutUrl: r.status === 'pending' ? r.checkoutUrl : null,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    failedAt: r.failedAt?.toISOString() ?? null,
  };
}

/**
 * Spec section 7: `zp-recharges` (list, store, show) and `recharges/{uuid}/payment`; the provider's callback
 * (`recharges/provider-callback`, public: it is authenticated by its signature, not by a user token); and, with the
 * sandbox provider outside production, `recharges/{uuid}/sandbox-complete`, which plays the provider's part.
 */
@Controller()
export class RechargesController {
  constructor(
    private readonly ds: DataSource,
    private readonly recharges: RechargesService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(FINANCE_CONFIG) private readonly config: FinanceConfig,
  ) {}

  @Get('zp-recharges')
  @ApiShape({ response: rechargePage, summary: 'The caller\'s ZP purchases, newest first' })
  @SignedIn()
  async list(@CurrentUser() user: AuthUser, @ValidQuery(listQuery) q: z.output<typeof listQuery>) {
    const [rows, total] = await this.ds.getRepository(ZpRecharge).findAndCount({
      where: { userId: user.sub, ...(q.status ? { status: q.status } : {}) },
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    });
    return pageOf(rows.map(rechargeView), total, q.page, q.limit);
  }

  @Post('zp-recharges')
  @ApiShape({ response: rechargeChangeReply, summary: 'Start buying ZP' })
  @SignedIn()
  async create(@CurrentUser() user: AuthUser, @ValidBody(createBody) body: z.output<typeof createBody>, @RequestLocale() locale: Locale) {
    return { data: rechargeView(await this.recharges.create(user.sub, body.amountZp)), message: message('RECHARGE_CREATED', locale) };
  }

  @Get('zp-recharges/:recharge')
  @ApiShape({ response: rechargeReply })
  @SignedIn()
  async show(@CurrentUser() user: AuthUser, @UuidParam('recharge') id: string) {
    return { data: rechargeView(await this.recharges.visible(id, user)) };
  }

  @Post('recharges/:recharge/payment')
  @ApiShape({ response: rechargeChangeReply, summary: 'Open the provider\'s payment page' })
  @HttpCode(200)
  @SignedIn()
  async pay(@CurrentUser() user: AuthUser, @UuidParam('recharge') id: string, @RequestLocale() locale: Locale) {
    return { data: rechargeView(await this.recharges.startPayment(id, user)), message: message('RECHARGE_PAYMENT_STARTED', locale) };
  }

  @Post('recharges/provider-callback')
  @ApiShape({ response: providerCallbackReply, summary: 'The payment provider reports a payment (signed; the body is the provider\'s)' })
  @HttpCode(200)
  @Public()
  async callback(@Body() body: unknown, @Headers() headers: Record<string, string | string[] | undefined>, @RequestLocale() locale: Locale) {
    const r = await this.recharges.callback(body, headers);
    return { data: { id: r.id, status: r.status }, message: message('CALLBACK_ACCEPTED', locale) };
  }

  @Post('recharges/:recharge/sandbox-complete')
  @ApiShape({ response: rechargeChangeReply, summary: 'Outside production: complete or fail a payment as the provider would' })
  @HttpCode(200)
  @SignedIn()
  async sandboxComplete(
    @CurrentUser() user: AuthUser,
    @UuidParam('recharge') id: string,
    @ValidBody(sandboxBody) body: z.output<typeof sandboxBody>,
    @RequestLocale() locale: Locale,
  ) {
    if (!this.config.sandboxEnabled || !(this.provider instanceof SandboxProvider)) throw notFound();
    const r = await this.recharges.visible(id, user);
    if (r.userId !== user.sub) throw notFound();
    if (r.status === 'created' || !r.providerPaymentId) throw new DomainError('RECHARGE_NOT_STARTED');
    const notice = this.provider.notice(r.providerPaymentId, body.outcome, r.priceTenge);
    await this.recharges.callback(notice.body, notice.headers);
    const done = await this.recharges.visible(id, user);
    const key = done.status === 'completed' ? 'RECHARGE_COMPLETED' : 'RECHARGE_FAILED';
    return { data: rechargeView(done), message: message(key, locale, { amountZp: done.amountZp }) };
  }
}
