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
@Check('CHK_invoices_amounts', '"amount_tenge" >= 0 AND "amount_zp" >= 0 AND "amount_tenge" + "amount_zp" > 0')
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

  /** The staff member who created it by hand; null when a product opened it over RPC. */
  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
