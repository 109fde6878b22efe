import { randomUUID } from 'node:crypto';
import { Injectable, Module } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { currentRequestId } from '../logging/context';

/**
 * Writes audit entries (audit.entity.ts) inside the caller's transaction. The CRUD kit records store, update and
 * destroy by itself; other code records its own actions with `record(manager, entry)`, e.g.
 *
 *   await this.audit.record(manager, { actor: user, action: 'permissions.replace', resource: 'roles', resourceId: id, before, after });
 *
 * Secrets never reach the table: before and after are reduced to JSON and every field whose name looks secret
 * (password, otp, code, token, secret, hash, ...) has its value replaced by AUDIT_MASK, at any depth.
 */
export const AUDIT_MASK = '[masked]';

/** Who made a change: the signed-in user (`AuthUser` fits), or null for the platform itself. */
export interface AuditActor {
  sub: string;
  roleId: number;
}

export interface AuditRecord {
  actor: AuditActor | null;
  /** `create`, `update`, `delete`, or a custom verb: lower-case words joined by `.`, `-` or `_`. */
  action: string;
  /** The resource's API path, e.g. `roles`. */
  resource: string;
  resourceId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditOptions {
  /** Fields that look secret by name but are not (e.g. a catalogue's seed `code`): stored as they are. */
  reveal?: readonly string[];
}

const ACTION_RE = /^[a-z][a-z0-9]*([._-][a-z0-9]+)*$/;
const RESOURCE_RE = /^[a-z][a-z0-9-]*(\/[a-z][a-z0-9-]*)*$/;
const SECRET_WORDS = new Set([
  'password', 'passwd', 'passcode', 'passphrase', 'otp', 'code', 'codes', 'token', 'tokens', 'secret', 'secrets',
  'hash', 'salt', 'pin', 'cvv', 'cvc', 'credential', 'credentials', 'apikey',
]);

/** `otpCode`, `code_hash`, `S3_SECRET_ACCESS_KEY`, `refreshToken`, `passwordHash`: secret. `phone`, `pinned`: not. */
export function isSecretField(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.some((w) => SECRET_WORDS.has(w) || w.startsWith('password'))) return true;
  const joined = words.join('');
  return joined.includes('apikey') || joined.includes('privatekey') || joined.includes('accesskey');
}

/** A JSON copy of `value` with the values of secret-looking fields replaced (null stays null: it hides nothing). */
export function maskSecrets(value: unknown, reveal: ReadonlySet<string> = new Set()): unknown {
  if (value === undefined) return null;
  const plain: unknown = JSON.parse(JSON.stringify(value) ?? 'null');
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, x !== null && isSecretField(k) && !reveal.has(k) ? AUDIT_MASK : walk(x)]),
    );
  };
  return walk(plain);
}

@Injectable()
export class AuditLog {
  /** Writes one entry in the transaction of `manager`; refuses to run outside one. Returns the entry id. */
  async record(manager: EntityManager, entry: AuditRecord, options: AuditOptions = {}): Promise<string> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(`audit entry ${entry.resource} ${entry.action} must be written inside the transaction of the change`);
    }
    if (!ACTION_RE.test(entry.action) || entry.action.length > 50) throw new Error(`audit action "${entry.action}" is not a lower-case verb`);
    if (!RESOURCE_RE.test(entry.resource) || entry.resource.length > 100) throw new Error(`audit resource "${entry.resource}" is not an API path`);
    const reveal = new Set(options.reveal ?? []);
    const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(maskSecrets(v, reveal)));
    const id = randomUUID();
    await manager.query(
      `INSERT INTO audit_log (id, actor_id, actor_role_id, action, resource, resource_id, before, after, request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        entry.actor?.sub ?? null,
        entry.actor?.roleId ?? null,
        entry.action,
        entry.resource,
        entry.resourceId === undefined || entry.resourceId === null ? null : String(entry.resourceId).slice(0, 100),
        json(entry.before),
        json(entry.after),
        currentRequestId() ?? null,
      ],
    );
    return id;
  }
}

/** Import where `AuditLog` is injected (CrudResource modules import it themselves). */
@Module({ providers: [AuditLog], exports: [AuditLog] })
export class AuditModule {}
