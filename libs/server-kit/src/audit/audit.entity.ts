import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log of staff changes (spec section 2, admin "logs"): who (user and role), what (action on a resource
 * and its id, the row before and after), when, and the request it came from. One table in each service's own
 * schema, written in the same transaction as the change it describes, so a change and its entry exist together or
 * not at all. Values of fields that look secret by name are masked before they are stored (audit-log.ts).
 */
@Entity({ name: 'audit_log' })
@Index('IDX_audit_log_at', ['at'])
@Index('IDX_audit_log_actor', ['actorId', 'at'])
@Index('IDX_audit_log_resource', ['resource', 'resourceId'])
export class AuditEntry {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_audit_log' })
  id!: string;

  /** The signed-in user who made the change; null for the platform itself (seeding, consumers). */
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId!: string | null;

  /** The actor's role at the time (roles change; the entry keeps what it was). */
  @Column({ name: 'actor_role_id', type: 'int', nullable: true })
  actorRoleId!: number | null;

  /** `create`, `update`, `delete`, or a custom verb such as `permissions.replace`. */
  @Column({ type: 'varchar', length: 50 })
  action!: string;

  /** The resource's API path, e.g. `roles`. */
  @Column({ type: 'varchar', length: 100 })
  resource!: string;

  @Column({ name: 'resource_id', type: 'varchar', length: 100, nullable: true })
  resourceId!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  before!: unknown;

  @Column({ type: 'jsonb', nullable: true })
  after!: unknown;

  @Column({ name: 'request_id', type: 'varchar', length: 128, nullable: true })
  requestId!: string | null;

  /** clock_timestamp(), not now(): several entries of one transaction keep the order they were written in. */
  @Column({ type: 'timestamptz', default: () => 'clock_timestamp()' })
  at!: Date;
}

export class KitAudit1763801000000 implements MigrationInterface {
  name = 'KitAudit1763801000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "audit_log" ("id" uuid NOT NULL, "actor_id" uuid, "actor_role_id" integer,
        "action" character varying(50) NOT NULL, "resource" character varying(100) NOT NULL,
        "resource_id" character varying(100), "before" jsonb, "after" jsonb, "request_id" character varying(128),
        "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT clock_timestamp(), CONSTRAINT "PK_audit_log" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_audit_log_at" ON "audit_log" ("at")`);
    await q.query(`CREATE INDEX "IDX_audit_log_actor" ON "audit_log" ("actor_id", "at")`);
    await q.query(`CREATE INDEX "IDX_audit_log_resource" ON "audit_log" ("resource", "resource_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "audit_log"');
  }
}

/** Add these to a service's definition (`entities`, `migrations`) to give it an audit log. */
