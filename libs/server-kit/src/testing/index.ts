/**
 * Test harness for services: every test file gets its own PostgreSQL schemas and its own NATS namespace, so
 * files run in parallel against the same real servers and leave nothing behind.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { type RoleId, ROLE } from '@olymp/proto';
import { DEV_PRIVATE_KEY_PEM } from '../config/dev-keys';
import { TokenSigner } from '../auth/tokens';
import type { ServiceName } from '../config/config';

export * from './browser';
export * from './routes';
export * from './spans';

/** A service's permission source for tests of routes that need none (public or signed-in): every role has none. */
export class NoPermissions {
  async permissionsOf(): Promise<string[]> {
    return [];
  }
}

export interface TestNamespace {
  /** Short random id of this namespace. */
  id: string;
  natsPrefix: string;
  databaseUrl: string;
  natsUrl: string;
  /** Environment for a service under test: its own schema, the namespace's NATS prefix, port 0, quiet logs. */
  envFor(service: ServiceName, extra?: Record<string, string>): Record<string, string>;
  schemaOf(service: ServiceName): string;
  /** Drops the schemas and the NATS stream (with its consumers) of this namespace. */
  cleanup(): Promise<void>;
}

export function createTestNamespace(): TestNamespace {
  const id = randomBytes(4).toString('hex');
  const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/olymp_test';
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const natsPrefix = `t${id}.`;
  const used = new Set<string>();
  const schemaOf = (service: ServiceName) => `${service}_t${id}`;
  return {
    id,
    natsPrefix,
    databaseUrl,
    natsUrl,
    schemaOf,
    envFor(service, extra = {}) {
      used.add(schemaOf(service));
      return {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        DATABASE_URL: databaseUrl,
        DB_SCHEMA: schemaOf(service),
        DB_POOL_SIZE: '4',
        NATS_URL: natsUrl,
        NATS_PREFIX: natsPrefix,
        OUTBOX_POLL_MS: '200',
        ...extra,
      };
    },
    async cleanup() {
      const pg = new Client({ connectionString: databaseUrl });
      await pg.connect();
      try {
        for (const schema of used) await pg.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await pg.end();
      }
      const nc = await connect({ servers: natsUrl });
      try {
        const jsm = await jetstreamManager(nc);
        await jsm.streams.delete(`T${id.toUpperCase()}_EVENTS`).catch(() => false);
      } finally {
        await nc.close();
      }
    },
  };
}

/** Polls `probe` until it returns a value that is not undefined/false, or fails after the deadline. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 10_000, intervalMs = 50, what = 'condition' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

const signer = new TokenSigner(DEV_PRIVATE_KEY_PEM);

/** A valid access token signed with the development key, for a made-up or given user. */
export function testToken(opts: { roleId?: RoleId; userId?: string; sessionId?: string; deviceId?: string } = {}): Promise<string> {
  return signer.sign({
    sub: opts.userId ?? randomUUID(),
    roleId: opts.roleId ?? ROLE.student,
    sid: opts.sessionId ?? randomUUID(),
    did: opts.deviceId ?? 'test-device',
  });
}
