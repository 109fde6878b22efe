/**
 * Jest global setup: makes sure a real PostgreSQL and a real NATS with JetStream are reachable (the machine's, else
 * an embedded PostgreSQL and a spawned nats-server), creates the shared test database, and exports their addresses
 * to the test workers (TEST_DATABASE_URL, TEST_DATABASE_ADMIN_URL, NATS_URL). Each test file then creates its own
 * schemas and NATS namespace (see @olymp/server-kit/testing). global-teardown.ts stops what was started here.
 */
import { prepareTestServices } from './test-services';
import { rememberTestServices } from './state';

export default async function globalSetup(): Promise<void> {
  const services = await prepareTestServices(process.env);
  rememberTestServices(services);
  // Workers are forked after the global setup and inherit this environment.
  process.env.TEST_DATABASE_URL = services.databaseUrl;
  process.env.TEST_DATABASE_ADMIN_URL = services.adminUrl;
  process.env.NATS_URL = services.natsUrl;
  if (services.started.length) process.stderr.write(`\ntest services: started ${services.started.join(' and ')}\n`);
}
