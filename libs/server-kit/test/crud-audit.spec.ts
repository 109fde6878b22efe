/**
 * The audit log of the kit (audit/) and the CRUD kit's writes around it, on a service built for this file (real
 * PostgreSQL and NATS): store, update and destroy by a signed-in caller each write one entry in the same
 * transaction as the change (before/after, actor, role, request id) with secrets masked; a refused or failed write
 * leaves neither the change nor an entry; anonymous and `audit: false` writes are not recorded; hooks run inside
 * the transaction and after commit. Plus the boot-time check and the masking rules themselves.
 */
import { randomUUID } from 'node:crypto';
import { Injectable, Module } from '@nestjs/common';
import request from 'supertest';
import { Column, DataSource, Entity, Index, PrimaryGeneratedColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { z } from 'zod';
import { ROLE } from '@olymp/proto';
import {
  AUDIT_MASK, AuditLog, type CrudChange, type CrudHooks, type CrudWriteContext, CrudResource, CrudResourceService, DomainError,
  type RunningService, createService, isSecretField, maskSecrets,
  pendingSchemaChanges,
} from '@olymp/server-kit';
import { createTestNamespace, NoPermissions, testToken } from '@olymp/server-kit/testing';

@Entity({ name: 'audit_probe' })
class AuditProbe {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'PK_audit_probe' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  @Index('UQ_audit_probe_name', { unique: true })
  name!: string;

  @Column({ name: 'otp_code', type: 'varchar', length: 10, nullable: true })
  otpCode!: string | null;

  @Column({ name: 'password_hash', type: 'varchar', length: 100, nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  code!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  settings!: Record<string, unknown> | null;
}

class AuditProbeTable1763801000001 implements MigrationInterface {
  name = 'AuditProbeTable1763801000001';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "audit_probe" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "otp_code" character varying(10),
        "password_hash" character varying(100), "code" character varying(50), "settings" jsonb, CONSTRAINT "PK_audit_probe" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_audit_probe_name" ON "audit_probe" ("name")`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "audit_probe"');
  }
}

const create = z.strictObject({
  name: z.string().min(1).max(100),
  otpCode: z.string().max(10).nullable().optional(),
  passwordHash: z.string().max(100).nullable().optional(),
  code: z.string().max(50).nullable().optional(),
  settings: z.record(z.string(), z.unknown()).nullable().optional(),
});
const update = create.partial();

const committed: CrudChange<AuditProbe>[] = [];

/** Refuses the name "refused" at store; "rollback" at update writes a row through the transaction, then refuses. */
@Injectable()
class ProbeHooks implements CrudHooks<AuditProbe> {
  beforeStore(input: Partial<AuditProbe>): void {
    if (input.name === 'refused') throw new DomainError('FORBIDDEN');
  }
  async beforeUpdate(_row: AuditProbe, input: Partial<AuditProbe>, ctx: CrudWriteContext): Promise<void> {
    if (input.name !== 'rollback') return;
    await ctx.manager.query(`INSERT INTO audit_probe (name) VALUES ('written by the refused update')`);
    throw new DomainError('FORBIDDEN');
  }
  afterCommit(change: CrudChange<AuditProbe>): void {
    committed.push(change);
  }
}

@Module({
  imports: [
    CrudResource.register({
      path: 'audit-probes', entity: AuditProbe, create, update, access: { read: 'public', write: 'signed-in' },
      audit: { reveal: ['code'] }, hooks: ProbeHooks,
    }),
    CrudResource.register({ path: 'audit-probes-open', entity: AuditProbe, create, update, access: { read: 'public', write: 'public' } }),
    CrudResource.register({ path: 'audit-probes-quiet', entity: AuditProbe, create, update, access: { read: 'public', write: 'signed-in' }, audit: false }),
  ],
})
class ProbeModule {}

interface AuditRow {
  actor_id: string | null;
  actor_role_id: number | null;
  action: string;
  resource: string;
  resource_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  request_id: string | null;
}

describe('CRUD kit: audit log', () => {
  const ns = createTestNamespace();
  let svc: RunningService;
  let ds: DataSource;
  const userId = randomUUID();
  let manager: string;

  beforeAll(async () => {
    svc = await createService(
      {
        service: 'learning',
        imports: [ProbeModule],
        entities: [AuditProbe],
        migrations: [AuditProbeTable1763801000001],
        permissionSource: NoPermissions,
      },
      ns.envFor('learning'),
    );
    ds = svc.app.get(DataSource);
    manager = `Bearer ${await testToken({ roleId: ROLE.manager, userId })}`;
  });

  afterAll(async () => {
    await svc?.close();
    await ns.cleanup();
  });

  const api = () => request(svc.url);
  const entries = (): Promise<AuditRow[]> =>
    ds.query('SELECT actor_id, actor_role_id, action, resource, resource_id, before, after, request_id FROM audit_log ORDER BY at, id');
  const rows = () => ds.query('SELECT * FROM audit_probe ORDER BY id');
  const secret = { name: 'first', otpCode: '123456', passwordHash: 'pbkdf2$abc', code: 'seed-key', settings: { theme: 'dark', apiKey: 'k-1', nested: [{ accessToken: 't' }] } };

  it('has a migration that matches the audit entity', async () => {
    expect(await pendingSchemaChanges(ds)).toEqual([]);
  });

  it('records store, update and destroy with actor, role, request id, before and after, secrets masked', async () => {
    const stored = await api().post('/api/audit-probes').set('authorization', manager).set('x-request-id', 'req-audit-store-1').send(secret);
    expect(stored.status).toBe(201);
    const id = stored.body.id as number;
    // The answer is the row as saved; only the log is masked.
    expect(stored.body).toMatchObject(secret);
    const changed = await api().patch(`/api/audit-probes/${id}`).set('authorization', manager).send({ name: 'renamed', otpCode: '654321' });
    expect(changed.status).toBe(200);
    const removed = await api().delete(`/api/audit-probes/${id}`).set('authorization', manager);
    expect(removed.status).toBe(200);

    const masked = { id, name: 'first', otpCode: AUDIT_MASK, passwordHash: AUDIT_MASK, code: 'seed-key', settings: { theme: 'dark', apiKey: AUDIT_MASK, nested: [{ accessToken: AUDIT_MASK }] } };
    const renamed = { ...masked, name: 'renamed' };
    const log = await entries();
    expect(log).toEqual([
      { actor_id: userId, actor_role_id: ROLE.manager, action: 'create', resource: 'audit-probes', resource_id: String(id), before: null, after: masked, request_id: 'req-audit-store-1' },
      { actor_id: userId, actor_role_id: ROLE.manager, action: 'update', resource: 'audit-probes', resource_id: String(id), before: masked, after: renamed, request_id: changed.headers['x-request-id'] },
      { actor_id: userId, actor_role_id: ROLE.manager, action: 'delete', resource: 'audit-probes', resource_id: String(id), before: renamed, after: null, request_id: removed.headers['x-request-id'] },
    ]);
    expect(JSON.stringify(log)).not.toMatch(/123456|654321|pbkdf2|k-1/);
    expect(committed.map((c) => [c.action, c.id, c.before?.name ?? null, c.after?.name ?? null])).toEqual([
      ['store', id, null, 'first'],
      ['update', id, 'first', 'renamed'],
      ['destroy', id, 'renamed', null],
    ]);
  });

  it('writes neither the change nor an entry when a write is refused or fails', async () => {
    const kept = await api().post('/api/audit-probes').set('authorization', manager).send({ name: 'kept' });
    const [rowsBefore, logBefore, hooksBefore] = [await rows(), await entries(), committed.length];

    const refused = await api().post('/api/audit-probes').set('authorization', manager).send({ name: 'refused' });
    expect(refused.status).toBe(403);
    const rolledBack = await api().put(`/api/audit-probes/${kept.body.id}`).set('authorization', manager).send({ name: 'rollback' });
    expect(rolledBack.status).toBe(403);
    const duplicate = await api().post('/api/audit-probes').set('authorization', manager).send({ name: 'kept' });
    expect([duplicate.status, duplicate.body.code]).toEqual([409, 'RECORD_EXISTS']);
    const missing = await api().put('/api/audit-probes/999999').set('authorization', manager).send({ name: 'x' });
    expect(missing.status).toBe(404);
    const invalid = await api().post('/api/audit-probes').set('authorization', manager).send({ name: '' });
    expect(invalid.status).toBe(400);

    expect(await rows()).toEqual(rowsBefore);
    expect(await entries()).toEqual(logBefore);
    expect(committed.length).toBe(hooksBefore);
  });

  it('does not record anonymous writes or a resource with audit: false; records a signed-in caller on a public route', async () => {
    const before = (await entries()).length;
    const anonymous = await api().post('/api/audit-probes-open').send({ name: 'anonymous', code: 'open-code' });
    expect(anonymous.status).toBe(201);
    expect((await api().post('/api/audit-probes-quiet').set('authorization', manager).send({ name: 'quiet' })).status).toBe(201);
    expect((await entries()).length).toBe(before);
    const signedIn = await api().delete(`/api/audit-probes-open/${anonymous.body.id}`).set('authorization', manager);
    expect(signedIn.status).toBe(200);
    const log = await entries();
    expect(log.slice(before)).toEqual([
      expect.objectContaining({ action: 'delete', resource: 'audit-probes-open', resource_id: String(anonymous.body.id), after: null, actor_id: userId }),
    ]);
    // Without reveal, a field named `code` is masked like any other secret-looking one.
    expect(log.at(-1)?.before).toMatchObject({ name: 'anonymous', code: AUDIT_MASK, otpCode: null });
  });

  it('refuses to write an entry outside a transaction, or with an action that is not a verb', async () => {
    const audit = svc.app.get(AuditLog, { strict: false });
    const entry = { actor: null, action: 'custom.thing', resource: 'audit-probes', resourceId: 1, after: { password: 'x' } };
    await expect(audit.record(ds.manager, entry)).rejects.toThrow('audit entry audit-probes custom.thing must be written inside the transaction of the change');
    await expect(ds.transaction((m) => audit.record(m, { ...entry, action: 'Drop Table' }))).rejects.toThrow('audit action "Drop Table" is not a lower-case verb');
    const id = await ds.transaction((m) => audit.record(m, entry));
    const [row] = await ds.query('SELECT actor_id, action, after FROM audit_log WHERE id = $1', [id]);
    expect(row).toEqual({ actor_id: null, action: 'custom.thing', after: { password: AUDIT_MASK } });
  });

  it('refuses at boot a resource whose writes are audited in a service without the audit_log table', async () => {
    const bare = new DataSource({ type: 'postgres', url: ns.databaseUrl, entities: [AuditProbe] });
    await (bare as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
    const options = { path: 'audit-probes', entity: AuditProbe, create, update, access: { read: 'public', write: 'signed-in' } } as const;
    expect(() => new CrudResourceService(options, bare, new AuditLog())).toThrow(
      'CrudResource "audit-probes": writes are audited but its DataSource has no audit_log entity (services built with the kit always have it); set audit: false for a bare DataSource',
    );
    expect(() => new CrudResourceService({ ...options, audit: false }, bare, new AuditLog())).not.toThrow();
    expect(() => new CrudResourceService({ ...options, create: undefined }, bare)).toThrow('CrudResource "audit-probes": serving store needs a create schema');
  });
});

describe('audit masking', () => {
  it.each([
    ['password', true], ['passwordHash', true], ['otp', true], ['otpCode', true], ['code_hash', true], ['refreshToken', true],
    ['S3_SECRET_ACCESS_KEY', true], ['apiKey', true], ['private_key', true], ['pin', true], ['salt', true],
    ['phone', false], ['name', false], ['pinned', false], ['shipping', false], ['passport', false], ['codex', false], ['key', false],
  ])('%s is secret: %s', (name, secret) => {
    expect(isSecretField(name)).toBe(secret);
  });

  it('masks at any depth, keeps nulls and revealed fields, and reduces values to JSON', () => {
    const at = new Date('2025-01-02T03:04:05.000Z');
    expect(maskSecrets({ code: 'c', token: null, at, list: [{ otp: 1 }, 'x'], deep: { a: { secret: { b: 1 } } } }, new Set(['code']))).toEqual({
      code: 'c', token: null, at: '2025-01-02T03:04:05.000Z', list: [{ otp: AUDIT_MASK }, 'x'], deep: { a: { secret: AUDIT_MASK } },
    });
    expect(maskSecrets(undefined)).toBeNull();
  });
});
