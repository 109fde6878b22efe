import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { ShopCurrency, ShopOrderStatus } from '@olymp/proto';
import { DeliveryPoint } from '../fulfilment/fulfilment.entities';
import { PickupPoint } from '../catalogue/catalogue.entities';
import type { FulfilmentMethod } from './order-states';

/** Where a delivery goes; the city as auth's catalogue named it at checkout. */
export interface DeliveryAddress {
  recipient: string;
  phone: string;
  city: { id: number; name: { kk: string; ru: string; en: string } };
  line: string;
  note: string;
}

/**
 * A pupil's order: what the cart held at checkout (lines with the prices then), how it is fulfilled, and where it
 * stands (order-states.ts). While `awaiting_payment` its stock is reserved and `pay_by` is the deadline; the
 * invoice is finance's (`invoice_id`).
 */
@Entity({ name: 'orders' })
@Index('IDX_orders_user_created', ['userId', 'createdAt'])
@Index('IDX_orders_status_method', ['status', 'method'])
@Index('IDX_orders_pay_by', ['payBy'], { where: `"status" = 'awaiting_payment'` })
@Check('CHK_orders_method', `"method" IN ('delivery', 'pickup')`)
@Check('CHK_orders_fulfilment', `("method" = 'pickup') = ("pickup_point_id" IS NOT NULL) AND ("method" = 'delivery') = ("address" IS NOT NULL)`)
@Check('CHK_orders_total', `"total" >= 0 AND ("kind" = 'prize') = ("total" = 0)`)
@Check('CHK_orders_kind', `"kind" IN ('purchase', 'prize')`)
@Check('CHK_orders_currency', `"currency" IN ('zp', 'altyn_saqa', 'tenge')`)
@Check('CHK_orders_zp_applied', `"zp_applied" >= 0 AND ("zp_applied" = 0 OR "currency" = 'tenge')`)
export class Order {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_orders' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 20 })
  status!: ShopOrderStatus;

  @Column({ type: 'varchar', length: 10 })
  method!: FulfilmentMethod;

  /** `prize`: a claimed prize (total 0, no invoice). */
  @Column({ type: 'varchar', length: 8, default: 'purchase' })
  kind!: 'purchase' | 'prize';

  @Column({ type: 'varchar', length: 12 })
  currency!: ShopCurrency;

  @Column({ type: 'int' })
  total!: number;

  /** ZP put towards a tenge order (`use-zp`, finance's answer); the tenge still due is total - zpApplied × rate. */
  @Column({ name: 'zp_applied', type: 'int', default: 0 })
  zpApplied!: number;

  @Column({ name: 'tenge_due', type: 'int', nullable: true })
  tengeDue!: number | null;

  /** A delivery to a delivery point (its address is copied into `address`). */
  @Column({ name: 'delivery_point_id', type: 'uuid', nullable: true })
  deliveryPointId!: string | null;

  @ManyToOne(() => DeliveryPoint, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'delivery_point_id', foreignKeyConstraintName: 'FK_orders_delivery_point' })
  deliveryPoint?: DeliveryPoint | null;

  /** How the goods come back, chosen with the return request. */
  @Column({ name: 'return_method', type: 'jsonb', nullable: true })
  returnMethod!: { kind: 'pickup_point' | 'courier'; pickupPointId: string | null } | null;

  /** What finance gave back when the order was cancelled after payment or returned. */
  @Column({ type: 'jsonb', nullable: true })
  refunded!: { amount: number; currency: ShopCurrency; zp: number } | null;

  @Column({ name: 'pickup_point_id', type: 'uuid', nullable: true })
  pickupPointId!: string | null;

  @ManyToOne(() => PickupPoint, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'pickup_point_id', foreignKeyConstraintName: 'FK_orders_pickup_point' })
  pickupPoint?: PickupPoint | null;

  @Column({ type: 'jsonb', nullable: true })
  address!: DeliveryAddress | null;

  @Column({ name: 'invoice_id', type: 'uuid', nullable: true })
  invoiceId!: string | null;

  /** Until when the reservation holds without payment. */
  @Column({ name: 'pay_by', type: 'timestamptz' })
  payBy!: Date;

  /** Shown to the pupil once the order is ready for pickup; the desk asks for it. */
  @Column({ name: 'pickup_code', type: 'varchar', length: 6, nullable: true })
  pickupCode!: string | null;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  /** When it reached the pupil (delivered or picked up): the return window counts from here. */
  @Column({ name: 'handed_over_at', type: 'timestamptz', nullable: true })
  handedOverAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @OneToMany(() => OrderLine, (l) => l.order)
  lines?: OrderLine[];
}

/** One product of an order, with its name and price as they were at checkout. */
@Entity({ name: 'order_lines' })
@Check('CHK_order_lines_quantity', '"quantity" > 0')
@Check('CHK_order_lines_price', '"unit_price" >= 0')
export class OrderLine {
  @PrimaryColumn({ name: 'order_id', type: 'uuid', primaryKeyConstraintName: 'PK_order_lines' })
  orderId!: string;

  @PrimaryColumn({ name: 'product_id', type: 'uuid', primaryKeyConstraintName: 'PK_order_lines' })
  productId!: string;

  @ManyToOne(() => Order, (o) => o.lines, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_order_lines_order' })
  order?: Order;

  @Column({ type: 'int' })
  quantity!: number;

  @Column({ name: 'unit_price', type: 'int' })
  unitPrice!: number;

  @Column({ name: 'name_kk', type: 'varchar', length: 200 })
  nameKk!: string;

  @Column({ name: 'name_ru', type: 'varchar', length: 200 })
  nameRu!: string;

  @Column({ name: 'name_en', type: 'varchar', length: 200 })
  nameEn!: string;
}

/** Every status an order went through, who moved it and why (staff moves are also in the audit log). */
@Entity({ name: 'order_status_history' })
@Index('IDX_order_status_history_order', ['orderId', 'at'])
export class OrderStatusChange {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_order_status_history' })
  id!: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId!: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_order_status_history_order' })
  order?: Order;

  @Column({ name: 'from_status', type: 'varchar', length: 20, nullable: true })
  fromStatus!: ShopOrderStatus | null;

  @Column({ name: 'to_status', type: 'varchar', length: 20 })
  toStatus!: ShopOrderStatus;

  /** The staff member, or null for the service itself (payment, expiry). */
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note!: string | null;

  @Column({ type: 'timestamptz' })
  at!: Date;
}
