import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const PRODUCT_KINDS = ['challenge', 'training', 'course', 'order'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const INVOICE_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type PaymentMethod = 'wallet' | 'provider';

/**
 * A pupil's invoice for a product (challenge, training, course or shop order), priced in tenge and/or ZP. Pending until paid or
 * cancelled; a paid invoice is never cancelled (a refund is a ledger posting and `refunded_at`). At most one live
 * invoice (pending, or paid and not refunded) per pupil and product: `finance.invoice.open` answers that one.
 */
@Entity({ name: 'invoices' })
@Index('UQ_invoices_live_product', ['userId', 'productKind', 'productId'], {
  unique: true,
  where: `"status" = 'pending' OR ("status" = 'paid' AND "refunded_at" IS NULL)`,
})
@Index('IDX_invoices_user_created', ['userId', 'createdAt'])
@Index('IDX_invoices_product', ['productKind', 'productId'])
@Index('IDX_invoices_paid_at', ['paidAt'])
@Check('CHK_invoices_status', `"status" IN ('pending', 'paid', 'cancelled')`)
@Check('CHK_invoices_product_kind', `"product_kind" IN ('challenge', 'training', 'course', 'order')`)
@Check('CHK_invoices_amounts', '"amount_tenge" >= 0 AND "amount_zp" >= 0 AND "amount_altyn_saqa" >= 0 AND "amount_tenge" + "amount_zp" + "amount_altyn_saqa" > 0')
@Check('CHK_invoices_zp_applied', '"zp_applied" >= 0 AND ("zp_applied" = 0 OR "amount_tenge" > 0)')
@Check('CHK_invoices_paid', `("status" = 'paid') = ("paid_at" IS NOT NULL AND "payment_method" IS NOT NULL)`)
@Check('CHK_invoices_cancelled', `("status" = 'cancelled') = ("cancelled_at" IS NOT NULL)`)
export class Invoice {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_invoices' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'product_kind', type: 'varchar', length: 12 })
  productKind!: ProductKind;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  @Column({ name: 'amount_tenge', type: 'integer' })
  amountTenge!: number;

  @Column({ name: 'amount_zp', type: 'integer' })
  amountZp!: number;

  /** A price in Altyn Saqa (a shop order paid in it). The wallet pays ZP if there is a ZP price, else Altyn Saqa. */
  @Column({ name: 'amount_altyn_saqa', type: 'integer', default: 0 })
  amountAltynSaqa!: number;

  /** ZP put towards the tenge price (`finance.invoice.use-zp`, once per invoice; ledger key `invoice.use-zp:<id>`). */
  @Column({ name: 'zp_applied', type: 'integer', default: 0 })
  zpApplied!: number;

  /** The tenge still due after `zpApplied` at the rate of the time (`amount_tenge` when no ZP were put towards it). */
  @Column({ name: 'tenge_due', type: 'integer', default: 0 })
  tengeDue!: number;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status!: InvoiceStatus;

  @Column({ name: 'payment_method', type: 'varchar', length: 10, nullable: true })
  paymentMethod!: PaymentMethod | null;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;

  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt!: Date | null;

  @Column({ name: 'refunded_zp', type: 'integer', nullable: true })
  refundedZp!: number | null;

  @Column({ name: 'refunded_altyn_saqa', type: 'integer', nullable: true })
  refundedAltynSaqa!: number | null;

  /** Tenge given back through the payment provider's refund. */
  @Column({ name: 'refunded_tenge', type: 'integer', nullable: true })
  refundedTenge!: number | null;

  /** The staff member who created it by hand; null when a product opened it over RPC. */
  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export const INVOICE_PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

/**
 * A tenge payment of an invoice through the payment provider (the adapter recharges use): pending at the provider
 * until its signed callback says succeeded (the invoice becomes paid) or failed. At most one pending per invoice.
 */
@Entity({ name: 'invoice_payments' })
@Index('UQ_invoice_payments_provider_payment', ['provider', 'providerPaymentId'], { unique: true })
@Index('UQ_invoice_payments_pending', ['invoiceId'], { unique: true, where: `"status" = 'pending'` })
@Index('IDX_invoice_payments_invoice', ['invoiceId'])
@Check('CHK_invoice_payments_status', `"status" IN ('pending', 'succeeded', 'failed')`)
@Check('CHK_invoice_payments_amount', '"amount_tenge" > 0')
export class InvoicePayment {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_invoice_payments' })
  id!: string;

  @Column({ name: 'invoice_id', type: 'uuid' })
  invoiceId!: string;

  @Column({ name: 'amount_tenge', type: 'integer' })
  amountTenge!: number;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status!: InvoicePaymentStatus;

  @Column({ type: 'varchar', length: 20 })
  provider!: string;

  @Column({ name: 'provider_payment_id', type: 'varchar', length: 100 })
  providerPaymentId!: string;

  @Column({ name: 'checkout_url', type: 'varchar', length: 500, nullable: true })
  checkoutUrl!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt!: Date | null;
}
