import { Check, Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Product } from '../catalogue/catalogue.entities';

/** A line of a pupil's cart: kept in the database, so the cart survives sessions and devices. */
@Entity({ name: 'cart_items' })
@Check('CHK_cart_items_quantity', '"quantity" BETWEEN 1 AND 99')
export class CartItem {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_cart_items' })
  userId!: string;

  @PrimaryColumn({ name: 'product_id', type: 'uuid', primaryKeyConstraintName: 'PK_cart_items' })
  productId!: string;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'FK_cart_items_product' })
  product?: Product;

  @Column({ type: 'int' })
  quantity!: number;

  @CreateDateColumn({ name: 'added_at', type: 'timestamptz' })
  addedAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** A product a pupil keeps for later. */
@Entity({ name: 'wishlist_items' })
export class WishlistItem {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_wishlist_items' })
  userId!: string;

  @PrimaryColumn({ name: 'product_id', type: 'uuid', primaryKeyConstraintName: 'PK_wishlist_items' })
  productId!: string;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'FK_wishlist_items_product' })
  product?: Product;

  @CreateDateColumn({ name: 'added_at', type: 'timestamptz' })
  addedAt!: Date;
}
