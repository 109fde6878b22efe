import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The shop's catalogue (spec sections 2, 3, 7): categories in a tree, products priced in one or more of tenge, ZP
 * and Altyn Saqa with their specification rows, the home page's sliders, and pickup points. Names are kept in kk,
 * ru and en, one column each (the CRUD kit stores bodies as they come; the admin UI edits each language).
 */
@Entity({ name: 'categories' })
@Index('IDX_categories_parent', ['parentId', 'position'])
export class Category {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_categories' })
  id!: string;

  @Column({ name: 'parent_id', type: 'uuid', nullable: true })
  parentId!: string | null;

  @ManyToOne(() => Category, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'parent_id', foreignKeyConstraintName: 'FK_categories_parent' })
  parent?: Category | null;

  @Column({ name: 'name_kk', type: 'varchar', length: 120 })
  nameKk!: string;

  @Column({ name: 'name_ru', type: 'varchar', length: 120 })
  nameRu!: string;

  @Column({ name: 'name_en', type: 'varchar', length: 120 })
  nameEn!: string;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** The text the catalogue search reads: the names and descriptions in the three languages, 'simple' config. */
export const PRODUCT_SEARCH_DOCUMENT = `to_tsvector('simple', "name_kk" || ' ' || "name_ru" || ' ' || "name_en" || ' ' || "description_kk" || ' ' || "description_ru" || ' ' || "description_en")`;

/**
 * A product. `stock` is what can still be ordered: checkout takes from it in the order's transaction (reserved),
 * a cancelled or expired order gives it back. `sold` counts units in paid orders (the "popular" sort).
 * The full-text index over PRODUCT_SEARCH_DOCUMENT is written by the migration (an expression index TypeORM cannot
 * describe, hence `synchronize: false`).
 */
@Entity({ name: 'products' })
@Index('IDX_products_search', { synchronize: false })
@Index('IDX_products_category', ['categoryId'])
@Index('IDX_products_active_created', ['active', 'createdAt'])
@Check('CHK_products_stock', '"stock" >= 0')
@Check('CHK_products_sold', '"sold" >= 0')
@Check('CHK_products_rating', '"rating_count" >= 0 AND "rating_sum" BETWEEN "rating_count" AND 5 * "rating_count"')
@Check('CHK_products_price', '"price_tenge" IS NOT NULL OR "price_zp" IS NOT NULL OR "price_altyn_saqa" IS NOT NULL')
@Check('CHK_products_price_positive', 'COALESCE("price_tenge", 1) > 0 AND COALESCE("price_zp", 1) > 0 AND COALESCE("price_altyn_saqa", 1) > 0')
export class Product {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_products' })
  id!: string;

  @Column({ name: 'category_id', type: 'uuid', nullable: true })
  categoryId!: string | null;

  @ManyToOne(() => Category, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'category_id', foreignKeyConstraintName: 'FK_products_category' })
  category?: Category | null;

  @Column({ name: 'name_kk', type: 'varchar', length: 200 })
  nameKk!: string;

  @Column({ name: 'name_ru', type: 'varchar', length: 200 })
  nameRu!: string;

  @Column({ name: 'name_en', type: 'varchar', length: 200 })
  nameEn!: string;

  @Column({ name: 'description_kk', type: 'text', default: '' })
  descriptionKk!: string;

  @Column({ name: 'description_ru', type: 'text', default: '' })
  descriptionRu!: string;

  @Column({ name: 'description_en', type: 'text', default: '' })
  descriptionEn!: string;

  /** Uploaded image names (`POST /api/upload-image`), first is the cover. */
  @Column({ type: 'jsonb', default: () => `'[]'` })
  images!: string[];

  @Column({ name: 'price_tenge', type: 'int', nullable: true })
  priceTenge!: number | null;

  @Column({ name: 'price_zp', type: 'int', nullable: true })
  priceZp!: number | null;

  @Column({ name: 'price_altyn_saqa', type: 'int', nullable: true })
  priceAltynSaqa!: number | null;

  @Column({ type: 'int', default: 0 })
  stock!: number;

  @Column({ type: 'int', default: 0 })
  sold!: number;

  /** Visible reviews: the sum of their ratings and their count (kept by the review's transaction; the average is sum / count). */
  @Column({ name: 'rating_sum', type: 'int', default: 0 })
  ratingSum!: number;

  @Column({ name: 'rating_count', type: 'int', default: 0 })
  ratingCount!: number;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** One specification row of a product ("Pages: 96"), in three languages; deleted with its product. */
@Entity({ name: 'product_specs' })
@Index('IDX_product_specs_product', ['productId', 'position'])
export class ProductSpec {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_product_specs' })
  id!: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'FK_product_specs_product' })
  product?: Product;

  @Column({ name: 'key_kk', type: 'varchar', length: 100 })
  keyKk!: string;

  @Column({ name: 'key_ru', type: 'varchar', length: 100 })
  keyRu!: string;

  @Column({ name: 'key_en', type: 'varchar', length: 100 })
  keyEn!: string;

  @Column({ name: 'value_kk', type: 'varchar', length: 300 })
  valueKk!: string;

  @Column({ name: 'value_ru', type: 'varchar', length: 300 })
  valueRu!: string;

  @Column({ name: 'value_en', type: 'varchar', length: 300 })
  valueEn!: string;

  @Column({ type: 'int', default: 0 })
  position!: number;
}

/** A slide of the shop's home page. */
@Entity({ name: 'sliders' })
export class Slider {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_sliders' })
  id!: string;

  @Column({ name: 'title_kk', type: 'varchar', length: 200 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 200 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 200 })
  titleEn!: string;

  @Column({ type: 'varchar', length: 100 })
  image!: string;

  @Column({ type: 'varchar', length: 300, nullable: true })
  link!: string | null;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** Where a pupil may collect an order. An inactive point takes no new orders (old ones keep it). */
@Entity({ name: 'pickup_points' })
@Index('IDX_pickup_points_province', ['provinceId'], { where: '"active"' })
export class PickupPoint {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_pickup_points' })
  id!: string;

  @Column({ name: 'name_kk', type: 'varchar', length: 200 })
  nameKk!: string;

  @Column({ name: 'name_ru', type: 'varchar', length: 200 })
  nameRu!: string;

  @Column({ name: 'name_en', type: 'varchar', length: 200 })
  nameEn!: string;

  @Column({ name: 'address_kk', type: 'varchar', length: 300 })
  addressKk!: string;

  @Column({ name: 'address_ru', type: 'varchar', length: 300 })
  addressRu!: string;

  @Column({ name: 'address_en', type: 'varchar', length: 300 })
  addressEn!: string;

  @Column({ type: 'varchar', length: 100 })
  hours!: string;

  /** The province it serves (auth's catalogue id; no foreign key across services). */
  @Column({ name: 'province_id', type: 'int', nullable: true })
  provinceId!: number | null;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
