import path from 'node:path';
import { z } from 'zod';
import { ConfigError, JSON_BODY_LIMIT_BYTES, loadConfig, multipartBodyLimit, type KitConfig } from '@olymp/server-kit';
import { DEFAULT_PORTS } from '@olymp/proto';
import { UPSTREAM_SERVICES, type UpstreamService } from './routes';

/**
 * The gateway's own settings on top of the kit's (HOST, PORT, LOG_LEVEL, SHUTDOWN_GRACE_MS, UPLOAD_MAX_BYTES...).
 * Validated once at boot, like the kit's config; every setting has a working local default.
 */

/** The repository root: this file lives in services/gateway/src (tests) or services/gateway/dist (build). */
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

const url = z.url({ protocol: /^https?$/ });
/** One upstream URL, or several replicas of the service separated by commas (balancer.ts). */
const urls = z
  .string()
  .transform((s) => s.split(',').map((part) => part.trim()).filter(Boolean))
  .pipe(z.array(url).min(1));
const positiveInt = z.coerce.number().int().min(1);
/** 0 turns the check off. */
const optionalLimit = z.coerce.number().min(0);

const csv = z
  .string()
  .transform((s) => s.split(',').map((part) => part.trim()).filter(Boolean));

const trustProxy = z
  .string()
  .trim()
  .transform((v): boolean | number | string => {
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v;
  });

const gatewaySchema = z.object({
  AUTH_URL: urls.default([`http://127.0.0.1:${DEFAULT_PORTS.auth}`]),
  LEARNING_URL: urls.default([`http://127.0.0.1:${DEFAULT_PORTS.learning}`]),
  SHOP_URL: urls.default([`http://127.0.0.1:${DEFAULT_PORTS.shop}`]),
  FINANCE_URL: urls.default([`http://127.0.0.1:${DEFAULT_PORTS.finance}`]),
  NOTIFICATIONS_URL: urls.default([`http://127.0.0.1:${DEFAULT_PORTS.notifications}`]),
  ADMIN_UI_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'admin-ui', 'dist')),
  STUDENT_UI_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'student-ui', 'dist')),
  /** Requests per client IP and window to /api and /socket.io; 0 turns rate limiting off. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(600),
  RATE_LIMIT_WINDOW_MS: positiveInt.default(60_000),
  /** Load shedding: proxied /api requests in flight in this gateway process; above it, a fast 503. */
  MAX_IN_FLIGHT: positiveInt.default(1_000),
  /**
   * Load shedding: mean event loop delay (ms) above which /api and /socket.io get a fast 503; 0 = off. Default 500,
   * off under NODE_ENV=test (see eventLoopLimits).
   */
  MAX_EVENT_LOOP_DELAY_MS: optionalLimit.optional(),
  /** Load shedding: event loop utilisation (0..1) above which requests are shed; 0 = off. Default 0.98, off in tests. */
  MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).optional(),
  /** How often event loop delay and utilisation are sampled, in ms. */
  PRESSURE_SAMPLE_MS: positiveInt.default(1_000),
  /** Seconds sent in Retry-After with OVERLOADED answers. */
  RETRY_AFTER_S: positiveInt.default(5),
  /** Time to wait for an upstream's response headers (and between body chunks) before 504. */
  UPSTREAM_TIMEOUT_MS: positiveInt.default(30_000),
  /** Time to open a connection to an upstream before it counts as down (503). */
  UPSTREAM_CONNECT_TIMEOUT_MS: positiveInt.default(3_000),
  /** Keep-alive connections per upstream. */
  UPSTREAM_CONNECTIONS: positiveInt.default(256),
  /**
   * Largest request body (bytes, of a declared length) the light path of /api takes: read whole, sent in one write,
   * its answer read whole when small (light.ts). 0 sends every request through the streaming path.
   */
  LIGHT_PROXY_MAX_BODY: z.coerce.number().int().min(0).max(1024 * 1024).default(16 * 1024),
  /**
   * Coalesce the `POST /api/user-answer` requests of one event-loop turn into one request to learning (coalesce.ts);
   * `false` forwards each on its own (the light path).
   */
  SAVE_COALESCING: z.enum(['true', 'false', '1', '0']).default('true').transform((v) => v === 'true' || v === '1'),
  /** Per-upstream timeout of GET /api/health. */
  HEALTH_TIMEOUT_MS: positiveInt.default(1_500),
  /** Allowed browser origins (comma separated); default: the gateway's own origin and the UI dev servers. */
  CORS_ORIGINS: csv.optional(),
  /** The gateway's public origin (e.g. https://olymp.kz), added to the allowed CORS origins. */
  PUBLIC_URL: url.optional(),
  /** Fastify trustProxy: false, true, a hop count, or a comma separated list of proxy addresses. */
  TRUST_PROXY: trustProxy.default(false),
});

export type GatewayConfig = KitConfig & {
  /** The first (usually only) URL of each service. */
  upstreams: Record<UpstreamService, string>;
  /** Every URL of each service (its replicas, when *_URL lists several). */
  upstreamUrls: Record<UpstreamService, string[]>;
  ADMIN_UI_DIR: string;
  STUDENT_UI_DIR: string;
  /**
   * Largest request bodies the gateway proxies: exactly what the services read (the kit's body-limits.ts, from the
   * same UPLOAD_MAX_BYTES), so a larger body gets the gateway's 413 instead of reaching a service that refuses it.
   */
  BODY_LIMITS: BodyLimits;
  RATE_LIMIT_MAX: number;
  RATE_LIMIT_WINDOW_MS: number;
  MAX_IN_FLIGHT: number;
  MAX_EVENT_LOOP_DELAY_MS: number;
  MAX_EVENT_LOOP_UTILIZATION: number;
  PRESSURE_SAMPLE_MS: number;
  RETRY_AFTER_S: number;
  UPSTREAM_TIMEOUT_MS: number;
  UPSTREAM_CONNECT_TIMEOUT_MS: number;
  UPSTREAM_CONNECTIONS: number;
  LIGHT_PROXY_MAX_BODY: number;
  SAVE_COALESCING: boolean;
  HEALTH_TIMEOUT_MS: number;
  CORS_ORIGINS: string[];
  TRUST_PROXY: boolean | number | string;
};

export interface BodyLimits {
  /** A multipart/form-data body (a form with a file). */
  multipart: number;
  /** Any other body (JSON, text, bytes). */
  other: number;
}

const UI_DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173', 'http://localhost:5174', 'http://127.0.0.1:5174'];

/** Reads and validates the gateway's environment once. Throws ConfigError listing every problem. */
export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const kit = loadConfig('gateway', env);
  const parsed = gatewaySchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration for gateway:\n  ${lines.join('\n  ')}`);
  }
  const g = parsed.data;
  const upstreamUrls = Object.fromEntries(
    UPSTREAM_SERVICES.map((s) => [s, g[`${s.toUpperCase()}_URL` as `${Uppercase<UpstreamService>}_URL`].map(stripTrailingSlash)]),
  ) as Record<UpstreamService, string[]>;
  const upstreams = Object.fromEntries(UPSTREAM_SERVICES.map((s) => [s, upstreamUrls[s][0]])) as Record<UpstreamService, string>;
  const ownOrigins =
    kit.PORT === 0 ? [] : [`http://localhost:${kit.PORT}`, `http://127.0.0.1:${kit.PORT}`, `http://${kit.HOST}:${kit.PORT}`];
  const corsOrigins = g.CORS_ORIGINS ?? [...ownOrigins, ...UI_DEV_ORIGINS];
  if (g.PUBLIC_URL) corsOrigins.push(new URL(g.PUBLIC_URL).origin);
  return {
    ...kit,
    ...g,
    upstreams,
    upstreamUrls,
    ADMIN_UI_DIR: path.resolve(g.ADMIN_UI_DIR),
    STUDENT_UI_DIR: path.resolve(g.STUDENT_UI_DIR),
    BODY_LIMITS: { multipart: multipartBodyLimit(kit), other: JSON_BODY_LIMIT_BYTES },
    CORS_ORIGINS: [...new Set(corsOrigins)],
    ...eventLoopLimits(kit.NODE_ENV, g),
  };
}

/**
 * Shedding by event loop load protects a gateway process that runs alone. A test runs the gateway in one process with
 * the services, Chromium's clients and jest: that loop's load says nothing about the gateway, and on a busy CI it
 * turned ordinary test requests into 503s. So under NODE_ENV=test the load limits are off unless a test sets them
 * (the resilience test does); in-flight shedding (MAX_IN_FLIGHT) stays on everywhere.
 */
function eventLoopLimits(
  nodeEnv: string,
  g: { MAX_EVENT_LOOP_DELAY_MS?: number; MAX_EVENT_LOOP_UTILIZATION?: number },
): Pick<GatewayConfig, 'MAX_EVENT_LOOP_DELAY_MS' | 'MAX_EVENT_LOOP_UTILIZATION'> {
  const test = nodeEnv === 'test';
  return {
    MAX_EVENT_LOOP_DELAY_MS: g.MAX_EVENT_LOOP_DELAY_MS ?? (test ? 0 : 500),
    MAX_EVENT_LOOP_UTILIZATION: g.MAX_EVENT_LOOP_UTILIZATION ?? (test ? 0 : 0.98),
  };
}

function stripTrailingSlash(value: string): string {
  return value.replace(/\/+$/, '');
}
