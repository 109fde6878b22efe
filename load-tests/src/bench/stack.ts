import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import {
  type Platform, createDatabaseIfMissing, dropDatabase, ensureNats, ensurePostgres, freePort, repoRoot, startPlatform, withDatabase,
} from '@olymp/infra/dist/runtime';
import type { ServiceName } from '@olymp/infra/dist/runtime';
import { progress } from './stats';

export interface Stack {
  platform: Platform;
  databaseUrl: string;
  natsUrl: string;
  natsPrefix: string;
  /** SQL in the bench database (schemas are the service names). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  pid(service: ServiceName): number;
  stop(): Promise<void>;
}

export interface StackSetup {
  databaseUrl: string;
  natsUrl: string;
  natsPrefix: string;
  env: NodeJS.ProcessEnv;
  ports: Record<ServiceName, number>;
  cleanup(): Promise<void>;
}

/**
 * A throw-away database (`olymp_bench_<id>`) and NATS prefix for one run, on the machine's PostgreSQL and NATS (or
 * embedded ones, like `npm start`). The platform runs as real processes, the way `npm start` runs it.
 */
export async function prepare(): Promise<StackSetup> {
  const id = randomBytes(3).toString('hex');
  const pg = await ensurePostgres({ dataDir: join(repoRoot(), '.data', 'bench-postgres') });
  const nats = await ensureNats();
  const databaseUrl = withDatabase(pg.url, `olymp_bench_${id}`);
  await createDatabaseIfMissing(databaseUrl);
  const names: ServiceName[] = ['gateway', 'auth', 'learning', 'shop', 'finance', 'notifications'];
  const ports = {} as Record<ServiceName, number>;
  for (const n of names) ports[n] = await freePort();
  const natsPrefix = `bench${id}.`;
  return {
    databaseUrl,
    natsUrl: nats.url,
    natsPrefix,
    ports,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      NATS_URL: nats.url,
      NATS_PREFIX: natsPrefix,
      // The load generator is one address: the per-address limit would measure itself.
      RATE_LIMIT_MAX: '0',
      SEED_DEMO: 'true',
    },
    async cleanup() {
      await dropDatabase(databaseUrl).catch(() => undefined);
      await pg.stop();
      await nats.stop();
    },
  };
}

export async function launch(setup: StackSetup): Promise<{ stack: Stack; startMs: number }> {
  const t = performance.now();
  const platform = await startPlatform({
    env: setup.env, ports: setup.ports, quiet: true, buildUis: false, dataDir: join(repoRoot(), '.data', 'bench'),
  });
  const startMs = performance.now() - t;
  const client = new Client({ connectionString: setup.databaseUrl });
  // Dropping the bench database at the end ends this connection too; that is not an error of the run.
  client.on('error', () => undefined);
  await client.connect();
  progress(`platform up in ${Math.round(startMs)} ms at ${platform.url}`);
  return {
    startMs,
    stack: {
      platform,
      databaseUrl: setup.databaseUrl,
      natsUrl: setup.natsUrl,
      natsPrefix: setup.natsPrefix,
      async sql<T>(text: string, params: unknown[] = []) {
        return (await client.query(text, params)).rows as T[];
      },
      pid(service) {
        const p = platform.processes.find((x) => x.name === service);
        if (!p) throw new Error(`no ${service} process`);
        return p.pid;
      },
      async stop() {
        await client.end();
        await platform.stop();
      },
    },
  };
}
