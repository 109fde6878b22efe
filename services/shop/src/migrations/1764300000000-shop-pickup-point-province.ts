import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pickup points by region: the public list filters active points by `province_id` (auth's province id, set from the
 * admin form; the column came with the first migration, empty until now), so it gets an index.
 */
export class ShopPickupPointProvince1764300000000 implements MigrationInterface {
  name = 'ShopPickupPointProvince1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "IDX_pickup_points_province" ON "pickup_points" ("province_id") WHERE "active"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "IDX_pickup_points_province"');
  }
}
