import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The per-address cap on code requests counts in a row per client address and clock hour, incremented only while
 * under the cap by the code request's own statement (ISSUE_CODE). Counting the address's codes of the last hour in
 * that statement let simultaneous requests from one address each see the count below the cap and all go through.
 * `hour` is indexed for the sweep of past hours (OtpAddressHoursSweeper).
 */
export class AuthOtpAddressHours1764940000000 implements MigrationInterface {
  name = 'AuthOtpAddressHours1764940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "otp_address_hours" ("client_ip" character varying(45) NOT NULL, "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
        "issued" integer NOT NULL, CONSTRAINT "PK_otp_address_hours" PRIMARY KEY ("client_ip", "hour"))`,
    );
    await q.query(`CREATE INDEX "IDX_otp_address_hours_hour" ON "otp_address_hours" ("hour")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "otp_address_hours"');
  }
}
