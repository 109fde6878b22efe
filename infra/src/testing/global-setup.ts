/**
 * Jest global setup: makes sure a real PostgreSQL and a real NATS with JetStream are reachable and exports their
 * addresses to the test workers (TEST_DATABASE_URL, NATS_URL). Each test file then creates its own schemas and NATS
 * namespace (see @olymp/server-kit/testing).
 * TEMPORARY minimal version: checks the machine's services only (embedded fallback comes with the runtime).
 */
import { Client } from 'pg';

export default async function globalSetup(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = process.env.TEST_DATABASE_NAME ?? 'olymp_test';
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${dbName}"`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  process.env.TEST_DATABASE_URL = url.toString();
  process.env.NATS_URL ??= 'nats://127.0.0.1:4222';
}
