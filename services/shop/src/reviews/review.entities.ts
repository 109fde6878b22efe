import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A pupil's review of a product they received (an order delivered or picked up, or returned after that): one per
 * pupil and product (the unique index is what makes "once" hold under concurrency). Staff may hide one; the
 * product's `rating_sum`/`rating_count` count the visible ones.
 */
@Entity({ name: 'product_reviews' })
@Index('UQ_product_reviews_user_product', ['userId', 'productId'], { unique: true })
@Index('IDX_product_reviews_product', ['productId', 'createdAt'])
@Check('CHK_product_reviews_rating', '"rating" BETWEEN 1 AND 5')
export class ProductReview {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_product_reviews' })
  id!: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId!: string;

  /** The author as the public reads it ("Aigerim S."), from auth at the time of writing. */
  @Column({ type: 'varchar', length: 120 })
  author!: string;

  @Column({ type: 'smallint' })
  rating!: number;

  @Column({ type: 'varchar', length: 2000, default: '' })
  text!: string;

  @Column({ type: 'boolean', default: false })
  hidden!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
