import { z } from 'zod';
import { DEFAULT_PORTS, type ServiceName } from '@olymp/proto';
import { DEV_PRIVATE_KEY_PEM, DEV_PUBLIC_KEY_PEM } from './dev-keys';
import { uploadConfigProblems } from '../uploads/upload.config';

/**
 * Typed configuration, validated once at boot. Every setting has a default that works on a developer machine and
 * an environment variable; `NODE_ENV=production` refuses the development defaults (dev keys, dev SMS inbox).
 */
export { SERVICE_NAMES, DEFAULT_PORTS, type ServiceName } from '@olymp/proto';

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'yes');

/** An optional setting; an empty value counts as unset. */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

const baseSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/olymp'),
  /** Overrides the service's PostgreSQL schema name (tests use a fresh one per file). */
  DB_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** NATS user and (secret, never logged) password, when the server requires them; both or neither. */
  NATS_USER: optionalText,
  NATS_PASSWORD: optionalText,
  /** Servers that keep a copy of the events stream: 1 on one server, 3 on a three-node JetStream cluster. */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** Namespace for subjects, streams and consumers; tests use a fresh one per file. Empty in production. */
  NATS_PREFIX: z.string().regex(/^([a-z0-9_]+\.)?$/).default(''),
  AUTH_PUBLIC_KEY: z.string().default(DEV_PUBLIC_KEY_PEM),
  AUTH_PRIVATE_KEY: z.string().default(DEV_PRIVATE_KEY_PEM),
  /** Keeps outgoing SMS readable at GET /api/dev/sms. Never in production. */
  DEV_SMS_INBOX: bool.optional(),
  SEED_DEMO: bool.optional(),
  /** The pupils' site (student UI) as the public sees it: printed certificates link to its pages by QR code. */
  SITE_URL: z.url().default('http://localhost:5173'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Prometheus endpoint (GET /metrics) on a port of its own, never proxied by the gateway. Unset or empty: off
   * (tests); 0: any free port (tests that read it); production sets one, e.g. 9464.
   */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /** Address of the metrics endpoint; default HOST. */
  METRICS_HOST: optionalText,
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** The outbox relay's poll while its LISTEN connection is lost (it reconnects meanwhile). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(500),
  /**
   * The relay's poll while it listens: a safety net only, since every event's commit wakes it through pg_notify. At
   * 500 ms each process ran two empty transactions a second at rest (session 21: most of an idle node's CPU).
   */
  OUTBOX_LISTENING_POLL_MS: z.coerce.number().int().min(10).default(10_000),
  UPLOAD_DIR: z.string().default('.data/uploads'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(20 * 1024 * 1024),
  // Uploads (uploads/upload.config.ts checks how these fit together). UPLOAD_MAX_BYTES bounds one request's file.
  /** Where stored files live: `local` (under UPLOAD_DIR, which replicas must share) or `s3` (S3-compatible store). */
  UPLOAD_STORAGE: z.enum(['local', 's3']).default('local'),
  /** Largest image accepted by POST /api/upload-image. */
  UPLOAD_IMAGE_MAX_BYTES: z.coerce.number().int().min(1).default(5 * 1024 * 1024),
  /** Largest file sent in chunks to POST /api/upload (its declared total size). */
  UPLOAD_FILE_MAX_BYTES: z.coerce.number().int().min(1).default(1024 * 1024 * 1024),
  /** Chunk size the server tells clients to use (one chunk per request); at most UPLOAD_MAX_BYTES. */
  UPLOAD_CHUNK_BYTES: z.coerce.number().int().min(1).default(5 * 1024 * 1024),
  /** A chunked upload that receives nothing for this long is abandoned and its temporary data deleted. */
  UPLOAD_SESSION_TTL_HOURS: z.coerce.number().positive().default(24),
  /** Public base URL of stored files (a CDN or the bucket); unset: the service serves them under /api. */
  UPLOAD_PUBLIC_URL: optionalText.pipe(z.url().optional()),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** For S3-compatible stores (MinIO, Ceph, a cloud's S3 API); unset: AWS. */
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalText,
  /** Secret: never logged. */
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Path-style addressing (`endpoint/bucket/key`), which MinIO and most S3-compatible stores need. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Prefix of every object key, e.g. `olymp/`, so several deployments can share a bucket. */
  S3_KEY_PREFIX: z.string().regex(/^([a-z0-9][a-z0-9._-]*\/)*$/).default(''),
});

export type KitConfig = Omit<z.infer<typeof baseSchema>, 'PORT' | 'DEV_SMS_INBOX' | 'SEED_DEMO'> & {
  SERVICE: ServiceName;
  PORT: number;
  DEV_SMS_INBOX: boolean;
  SEED_DEMO: boolean;
  /** The PostgreSQL schema this service owns. */
  DB_SCHEMA: string;
  isProduction: boolean;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment once. Throws ConfigError with every problem listed. */
export function loadConfig(service: ServiceName, env: Record<string, string | undefined> = process.env): KitConfig {
  const parsed = baseSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration for ${service}:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  const isProduction = c.NODE_ENV === 'production';
  const config: KitConfig = {
    ...c,
    SERVICE: service,
    PORT: c.PORT ?? DEFAULT_PORTS[service],
    DB_SCHEMA: c.DB_SCHEMA ?? service,
    DEV_SMS_INBOX: c.DEV_SMS_INBOX ?? !isProduction,
    SEED_DEMO: c.SEED_DEMO ?? c.NODE_ENV === 'development',
    isProduction,
  };
  if (!config.NATS_USER !== !config.NATS_PASSWORD) throw new ConfigError(`invalid configuration for ${service}: NATS_USER and NATS_PASSWORD go together`);
  const uploadProblems = uploadConfigProblems(config);
  if (uploadProblems.length) throw new ConfigError(`invalid upload configuration for ${service}: ${uploadProblems.join('; ')}`);
  if (isProduction) {
    const problems: string[] = [];
    if (config.AUTH_PUBLIC_KEY === DEV_PUBLIC_KEY_PEM) problems.push('AUTH_PUBLIC_KEY is the development key');
    if (service === 'auth' && config.AUTH_PRIVATE_KEY === DEV_PRIVATE_KEY_PEM) {
      problems.push('AUTH_PRIVATE_KEY is the development key');
    }
    if (config.DEV_SMS_INBOX) problems.push('DEV_SMS_INBOX must be off');
    if (config.SEED_DEMO) problems.push('SEED_DEMO must be off');
    // Certificates' QR codes and links open SITE_URL: a localhost default would print certificates nobody can check.
    if (service === 'learning' && ['localhost', '127.0.0.1', '[::1]'].includes(new URL(config.SITE_URL).hostname)) {
      problems.push('SITE_URL must be the public address of the site (certificates link to it)');
    }
    if (problems.length) {
      throw new ConfigError(`refusing to start ${service} in production with development defaults: ${problems.join('; ')}`);
    }
  }
  return config;
}
