/** Discovery and orchestration used by `npm start`, the jest global setup and the platform test. */
export { ensureNats, hostAndPort, DEFAULT_NATS_URL, type EnsureNatsOptions, type NatsHandle } from './nats';
export {
  ensurePostgres,
  createDatabaseIfMissing,
  dropDatabase,
  withDatabase,
  databaseOf,
  redact,
  DEFAULT_DATABASE_URL,
  type EnsurePostgresOptions,
  type PostgresHandle,
} from './postgres';
export { startPlatform, parseHealth, PlatformStartError, type Platform, type PlatformOptions, type PlatformProcess, type GatewayHealth } from './platform';
export { SERVICES, BACKEND_SERVICES, DEFAULT_PORTS, type ServiceName, type BackendService } from './services';
export { freePort, isPortFree, canConnect, pollUntil, httpGet, repoRoot } from './util';
