/**
 * The PostgreSQL and NATS that tests run against: the machine's when they answer (TEST_DATABASE_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; NATS_URL), else an embedded PostgreSQL in a temporary directory and
 * a spawned nats-server. Used by the jest global setup.
 */
import { ensureNats, type NatsHandle } from '../runtime/nats';
import { ensurePostgres, withDatabase } from '../runtime/postgres';

export const DEFAULT_TEST_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestServices {
  /** The shared test database (TEST_DATABASE_NAME, default olymp_test). */
  databaseUrl: string;
  /** Same server, maintenance database: for tests that create and drop their own databases. */
  adminUrl: string;
  natsUrl: string;
  /** What was started rather than found, for one line of output; empty when the machine had both. */
  started: string[];
  stop(): Promise<void>;
}

export async function prepareTestServices(env: NodeJS.ProcessEnv = process.env): Promise<TestServices> {
  const adminUrl = env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_TEST_ADMIN_URL;
  const database = env.TEST_DATABASE_NAME ?? 'olymp_test';
  const postgres = await ensurePostgres({ url: withDatabase(adminUrl, database), env });
  let nats: NatsHandle;
  try {
    nats = await ensureNats({ env });
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  const started = [
    ...(postgres.embedded ? [`embedded PostgreSQL at ${postgres.adminUrl}`] : []),
    ...(nats.spawned ? [`nats-server at ${nats.url}`] : []),
  ];
  return {
    databaseUrl: postgres.url,
    adminUrl: postgres.adminUrl,
    natsUrl: nats.url,
    started,
    stop: async () => {
      await Promise.all([postgres.stop(), nats.stop()]);
    },
  };
}
