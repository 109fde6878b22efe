import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sign-in: one-time codes, sessions (one device per account), and the pupil's registration fields on users. */
export class AuthSignin1763799000000 implements MigrationInterface {
  name = 'AuthSignin1763799000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "otp_codes" ("id" uuid NOT NULL, "phone" character varying(16) NOT NULL, "purpose" character varying(10) NOT NULL, "code_hash" character varying(64) NOT NULL, "attempts" smallint NOT NULL DEFAULT '0', "client_ip" character varying(45) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, "superseded_at" TIMESTAMP WITH TIME ZONE, "sms_id" uuid NOT NULL, CONSTRAINT "PK_otp_codes" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_otp_codes_ip_created" ON "otp_codes"("client_ip", "created_at") `);
    await q.query(`CREATE INDEX "IDX_otp_codes_phone_created" ON "otp_codes"("phone", "created_at") `);
    await q.query(`CREATE TABLE "sessions" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "device_id" character varying(200) NOT NULL, "device_info" jsonb NOT NULL DEFAULT '{}', "client_ip" character varying(45) NOT NULL, "refresh_hash" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "revoke_reason" character varying(20), CONSTRAINT "PK_sessions" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "UQ_sessions_refresh_hash" ON "sessions"("refresh_hash") `);
    await q.query(`CREATE INDEX "IDX_sessions_user_live" ON "sessions"("user_id") WHERE "revoked_at" IS NULL`);
    await q.query(`ALTER TABLE "users" ADD "email" character varying(254)`);
    await q.query(`ALTER TABLE "users" ADD "parent_phone" character varying(16)`);
    await q.query(`ALTER TABLE "users" ADD "province_id" integer`);
    await q.query(`ALTER TABLE "users" ADD "district_id" integer`);
    await q.query(`ALTER TABLE "users" ADD "school_id" integer`);
    await q.query(`CREATE UNIQUE INDEX "UQ_users_email" ON "users"("email") WHERE "email" IS NOT NULL`);
    await q.query(`CREATE INDEX "IDX_users_school" ON "users"("school_id") `);
    await q.query(`ALTER TABLE "users" ADD CONSTRAINT "FK_users_province" FOREIGN KEY ("province_id") REFERENCES "provinces"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "users" ADD CONSTRAINT "FK_users_district" FOREIGN KEY ("district_id") REFERENCES "districts"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "users" ADD CONSTRAINT "FK_users_school" FOREIGN KEY ("school_id") REFERENCES "schools"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "sessions" ADD CONSTRAINT "FK_sessions_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "sessions"');
    await q.query('DROP TABLE "otp_codes"');
    await q.query('ALTER TABLE "users" DROP CONSTRAINT "FK_users_school"');
    await q.query('ALTER TABLE "users" DROP CONSTRAINT "FK_users_district"');
    await q.query('ALTER TABLE "users" DROP CONSTRAINT "FK_users_province"');
    await q.query('DROP INDEX "IDX_users_school"');
    await q.query('DROP INDEX "UQ_users_email"');
    await q.query('ALTER TABLE "users" DROP COLUMN "school_id", DROP COLUMN "district_id", DROP COLUMN "province_id", DROP COLUMN "parent_phone", DROP COLUMN "email"');
  }
}
