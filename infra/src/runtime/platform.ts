/**
 * The whole platform on one machine: finds or starts PostgreSQL and NATS, builds missing UIs, runs every service as
 * its own Node process with its logs in <dataDir>/logs, waits until the gateway reports all of them up, and stops
 * them in order (gateway, services, then the PostgreSQL / NATS it started). `npm start` is a thin CLI around
 * startPlatform; tests call it directly on other ports.
 */
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { ensureNats, type NatsHandle } from './nats';
import { ensurePostgres, type PostgresHandle } from './postgres';
import { ManagedProcess, type ExitInfo } from './process';
import {
  BACKEND_SERVICES,
  DEFAULT_PORTS,
  SERVICES,
  mainScript,
  portVariable,
  urlVariable,
  type BackendService,
  type ServiceName,
} from './services';
import { buildMissingUis } from './ui-build';
import { errorMessage, httpGet, isPortFree, repoRoot, seconds, silent, sleep, type LogLine } from './util';
import { localSigningKeys } from './keys';

export interface PlatformOptions {
  /** Port per service; default from the environment (PORT for the gateway, AUTH_PORT, ...), else 8080-8085. */
  ports?: Partial<Record<ServiceName, number>>;
  /**
   * Environment the settings are read from (DATABASE_URL, NATS_URL, *_PORT, LOG_LEVEL) and that the services
   * inherit (NATS_PREFIX, for example). Default process.env.
   */
  env?: NodeJS.ProcessEnv;
  /** Logs, uploads and the embedded PostgreSQL's data; default <repo>/.data. */
  dataDir?: string;
  /** No terminal output. */
  quiet?: boolean;
  /** Where progress lines go when not quiet; default console.log. */
  log?: LogLine;
  /** Build admin-ui / student-ui when their dist/index.html is missing; default true. */
  buildUis?: boolean;
  /** Deadline for every service to be up; default 90 s. */
  readyTimeoutMs?: number;
  /** How long each process may take to stop after SIGTERM before SIGKILL; default 10 s. */
  stopTimeoutMs?: number;
  /** Aborting stops whatever has started and rejects. */
  signal?: AbortSignal;
}

export interface PlatformProcess {
  name: ServiceName;
  pid: number;
  port: number;
  running: boolean;
  exit: ExitInfo | undefined;
  logFile: string;
}

/** What GET /api/health on the gateway returns. */
export interface GatewayHealth {
  status: string;
  services: Record<string, { status: string }>;
}

export interface Platform {
  /** The gateway: student site at /, staff area at /admin, API at /api. */
  url: string;
  ports: Readonly<Record<ServiceName, number>>;
  databaseUrl: string;
  natsUrl: string;
  /** True when this platform runs its own embedded PostgreSQL / nats-server. */
  embeddedPostgres: boolean;
  /** Data directory of the embedded PostgreSQL when kept between runs. */
  postgresDataDir: string | undefined;
  spawnedNats: boolean;
  logDir: string;
  /** From the call to every service up. */
  startupMs: number;
  /** A snapshot of the service processes. */
  readonly processes: PlatformProcess[];
  health(): Promise<GatewayHealth | undefined>;
  /** Stops everything in order; safe to call more than once. */
  stop(): Promise<void>;
}

/** Start failed; everything that had started is stopped again. The message is for a human and may span lines. */
export class PlatformStartError extends Error {
  override name = 'PlatformStartError';
}

/** One service process with its log file and what we learnt from its output. */
interface Service {
  name: ServiceName;
  port: number;
  logFile: string;
  out: WriteStream;
  process: ManagedProcess;
  startedAt: number;
  ready: boolean;
  /** Whether its log mentioned migrations, for the "migrated and ready" line. */
  readonly migrated: boolean;
}

export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const startedAt = Date.now();
  const env = options.env ?? process.env;
  const log = options.quiet ? silent : (options.log ?? ((line: string) => console.log(line)));
  const signal = options.signal;
  const root = repoRoot();
  const dataDir = resolve(options.dataDir ?? join(root, '.data'));
  const logDir = join(dataDir, 'logs');
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const ports = resolvePorts(options.ports, env);

  await checkPorts(ports);
  checkBuilt(root);
  await mkdir(logDir, { recursive: true });

  const services: Service[] = [];
  let postgres: PostgresHandle | undefined;
  let nats: NatsHandle | undefined;
  let phase: 'starting' | 'running' | 'stopping' = 'starting';

  const stopAll = async () => {
    phase = 'stopping';
    const gateway = services.find((s) => s.name === 'gateway');
    if (gateway) await stopService(gateway, stopTimeoutMs, log);
    await Promise.all(services.filter((s) => s.name !== 'gateway').map((s) => stopService(s, stopTimeoutMs, log)));
    await Promise.all([
      postgres?.stop().then(() => postgres?.embedded && log('postgres: embedded server stopped')),
      nats?.stop().then(() => nats?.spawned && log('nats: nats-server stopped')),
    ]);
  };

  try {
    const [pg, bus] = await Promise.allSettled([
      ensurePostgres({ env, dataDir: join(dataDir, 'postgres'), logFile: join(logDir, 'postgres.log'), log }),
      ensureNats({ env, logFile: join(logDir, 'nats.log'), log }),
    ]);
    // allSettled rather than all: when one fails, the other may still come up and must be stopped again.
    postgres = pg.status === 'fulfilled' ? pg.value : undefined;
    nats = bus.status === 'fulfilled' ? bus.value : undefined;
    if (pg.status === 'rejected') throw pg.reason;
    if (bus.status === 'rejected') throw bus.reason;
    const database = pg.value;
    const messaging = bus.value;
    signal?.throwIfAborted();

    if (options.buildUis ?? true) await buildMissingUis({ root, logDir, env, log, signal });

    const common: NodeJS.ProcessEnv = {
      ...env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      NATS_URL: messaging.url,
      SEED_DEMO: 'true',
      LOG_LEVEL: env.LOG_LEVEL ?? 'info',
      UPLOAD_DIR: env.UPLOAD_DIR ?? join(dataDir, 'uploads'),
      ...localSigningKeys(dataDir, env),
    };
    const gatewayEnv = Object.fromEntries(
      BACKEND_SERVICES.map((name: BackendService) => [urlVariable(name), `http://127.0.0.1:${ports[name]}`]),
    );
    log(`starting ${SERVICES.join(', ')} (logs in ${displayPath(logDir)})`);
    for (const name of SERVICES) {
      const serviceEnv = { ...common, PORT: String(ports[name]), ...(name === 'gateway' ? gatewayEnv : {}) };
      services.push(await spawnService(name, ports[name], serviceEnv, root, logDir, log));
    }
    for (const service of services) {
      void service.process.exited.then(() => {
        // Exits during start are reported by waitUntilUp; during stop they are expected.
        if (phase !== 'running') return;
        log(`${service.name} stopped unexpectedly (${service.process.describeExit()}); last lines of ${displayPath(service.logFile)}:`);
        log(formatTail(service.process.tail(20)));
      });
    }

    await waitUntilUp(services, ports.gateway, options.readyTimeoutMs ?? 90_000, log, signal);

    phase = 'running';
    const url = `http://127.0.0.1:${ports.gateway}`;
    let stopping: Promise<void> | undefined;
    return {
      url,
      ports,
      databaseUrl: database.url,
      natsUrl: messaging.url,
      embeddedPostgres: database.embedded,
      postgresDataDir: database.dataDir,
      spawnedNats: messaging.spawned,
      logDir,
      startupMs: Date.now() - startedAt,
      get processes() {
        return services.map((s) => ({
          name: s.name,
          pid: s.process.pid,
          port: s.port,
          running: s.process.running,
          exit: s.process.exit,
          logFile: s.logFile,
        }));
      },
      health: () => fetchHealth(ports.gateway),
      stop: () => (stopping ??= stopAll()),
    };
  } catch (error) {
    await stopAll();
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
    throw error instanceof PlatformStartError ? error : new PlatformStartError(errorMessage(error));
  }
}

function resolvePorts(explicit: Partial<Record<ServiceName, number>> | undefined, env: NodeJS.ProcessEnv): Record<ServiceName, number> {
  const ports = {} as Record<ServiceName, number>;
  for (const name of SERVICES) {
    const variable = portVariable(name);
    const fromEnv = env[variable];
    const port = explicit?.[name] ?? (fromEnv ? Number(fromEnv) : DEFAULT_PORTS[name]);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new PlatformStartError(`${variable}=${fromEnv ?? ''} is not a port number`);
    }
    ports[name] = port;
  }
  const taken = new Map<number, ServiceName>();
  for (const name of SERVICES) {
    const other = taken.get(ports[name]);
    if (other) throw new PlatformStartError(`${name} and ${other} are both set to port ${ports[name]}`);
    taken.set(ports[name], name);
  }
  return ports;
}

async function checkPorts(ports: Record<ServiceName, number>): Promise<void> {
  const busy: string[] = [];
  for (const name of SERVICES) {
    if (!(await isPortFree(ports[name]))) busy.push(`${ports[name]} (${name}, ${portVariable(name)})`);
  }
  if (busy.length) {
    throw new PlatformStartError(
      `port${busy.length > 1 ? 's' : ''} ${busy.join(', ')} already in use: is the platform already running? Stop it, or choose other ports with the variables named.`,
    );
  }
}

function checkBuilt(root: string): void {
  const missing = SERVICES.map(mainScript).filter((script) => !existsSync(join(root, script)));
  if (missing.length) {
    throw new PlatformStartError(`not built: ${missing.join(', ')}. Run npm run build (npm start builds first).`);
  }
}

async function spawnService(
  name: ServiceName,
  port: number,
  env: NodeJS.ProcessEnv,
  root: string,
  logDir: string,
  log: LogLine,
): Promise<Service> {
  const logFile = join(logDir, `${name}.log`);
  // Keep one earlier run next to the current one: the previous crash is often what you are looking for.
  if (existsSync(logFile)) await rename(logFile, join(logDir, `${name}.previous.log`)).catch(() => undefined);
  const out = createWriteStream(logFile);
  const seen = { migrated: false };
  const managed = await ManagedProcess.start({
    name,
    command: process.execPath,
    // OLYMP_NODE_ARGS: extra node flags for every service process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to
    // profile under load (NODE_OPTIONS refuses --cpu-prof).
    args: [...(env.OLYMP_NODE_ARGS ?? '').split(' ').filter(Boolean), join(root, mainScript(name))],
    cwd: root,
    env,
    keepLines: 60,
    onLine: (line, stream) => {
      out.write(`${line}\n`);
      const entry = parseLogLine(line);
      if (entry) {
        if (/migrat/i.test(entry.msg)) seen.migrated = true;
        if (entry.severity >= 40) log(`${name}: ${entry.label.toUpperCase()} ${entry.msg}${entry.error ? ` (${entry.error})` : ''}`);
      } else if (stream === 'stderr' && line.trim()) {
        // Not our JSON logger: a crash, a Node warning. Worth seeing.
        log(`${name}: ${line}`);
      }
    },
  });
  return {
    name,
    port,
    logFile,
    out,
    process: managed,
    startedAt: Date.now(),
    ready: false,
    get migrated() {
      return seen.migrated;
    },
  };
}

async function stopService(service: Service, graceMs: number, log: LogLine): Promise<void> {
  if (service.process.running) {
    const started = Date.now();
    const exit = await service.process.stop('SIGTERM', graceMs);
    const took = seconds(Date.now() - started);
    log(exit.signal === 'SIGKILL' ? `${service.name}: did not stop within ${seconds(graceMs)}, killed` : `${service.name}: stopped in ${took}`);
  }
  await new Promise<void>((done) => service.out.end(done));
}

/**
 * Polls each service's /health/ready (for the progress lines) and the gateway's /api/health (the verdict) until the
 * gateway reports every service up. Fails fast when a process exits, with its last log lines.
 */
async function waitUntilUp(services: Service[], gatewayPort: number, timeoutMs: number, log: LogLine, signal?: AbortSignal): Promise<void> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  let lastProgress = started;
  let lastHealth: GatewayHealth | undefined;
  const markReady = (service: Service) => {
    if (service.ready) return;
    service.ready = true;
    log(`${service.name}: ${service.migrated ? 'migrated and ' : ''}ready in ${seconds(Date.now() - service.startedAt)}`);
  };

  for (;;) {
    const dead = services.find((s) => !s.process.running);
    if (dead) {
      throw new PlatformStartError(
        `${dead.name} exited during start (${dead.process.describeExit()}). Last lines of ${displayPath(dead.logFile)}:\n${formatTail(dead.process.tail(20))}`,
      );
    }
    await Promise.all(
      services
        .filter((s) => !s.ready && s.name !== 'gateway')
        .map(async (s) => {
          const answer = await httpGet(`http://127.0.0.1:${s.port}/health/ready`, 1000);
          if (answer?.status === 200) markReady(s);
        }),
    );
    lastHealth = (await fetchHealth(gatewayPort)) ?? lastHealth;
    if (lastHealth) {
      for (const s of services) if (lastHealth.services[s.name]?.status === 'up') markReady(s);
      if (lastHealth.status === 'up' && services.every((s) => lastHealth?.services[s.name]?.status === 'up')) return;
    }
    const now = Date.now();
    if (now >= deadline) {
      const waiting = services.filter((s) => !s.ready || lastHealth?.services[s.name]?.status !== 'up').map((s) => s.name);
      const view = lastHealth
        ? `the gateway reports ${Object.entries(lastHealth.services).map(([n, h]) => `${n} ${h.status}`).join(', ')}`
        : 'the gateway never answered GET /api/health';
      throw new PlatformStartError(
        `not up after ${seconds(timeoutMs)}: ${waiting.join(', ')} (${view}). Logs: ${waiting.map((n) => displayPath(services.find((s) => s.name === n)?.logFile ?? '')).join(', ')}`,
      );
    }
    if (now - lastProgress >= 5000) {
      lastProgress = now;
      const waiting = services.filter((s) => !s.ready).map((s) => s.name);
      log(`… waiting for ${waiting.length ? waiting.join(', ') : 'the gateway to see every service up'} (${seconds(now - started)})`);
    }
    await sleep(250, signal);
  }
}

async function fetchHealth(gatewayPort: number): Promise<GatewayHealth | undefined> {
  const answer = await httpGet(`http://127.0.0.1:${gatewayPort}/api/health`, 2000);
  if (!answer) return undefined;
  try {
    return parseHealth(JSON.parse(answer.body));
  } catch {
    return undefined;
  }
}

/** Narrows the gateway's JSON to GatewayHealth; undefined when it is not that shape. */
export function parseHealth(value: unknown): GatewayHealth | undefined {
  if (!isRecord(value) || typeof value.status !== 'string' || !isRecord(value.services)) return undefined;
  const services: Record<string, { status: string }> = {};
  for (const [name, entry] of Object.entries(value.services)) {
    if (isRecord(entry) && typeof entry.status === 'string') services[name] = { status: entry.status };
  }
  return { status: value.status, services };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const SEVERITIES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** A line of the services' pino JSON logs, reduced to what the terminal shows; undefined for other lines. */
function parseLogLine(line: string): { severity: number; label: string; msg: string; error?: string } | undefined {
  if (!line.startsWith('{')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const level = value.level;
  const severity = typeof level === 'number' ? level : typeof level === 'string' ? (SEVERITIES[level] ?? 30) : 30;
  const label = typeof level === 'string' ? level : (LEVELS[severity] ?? 'info');
  const msg = typeof value.msg === 'string' ? value.msg : '';
  const err = value.err;
  const error = isRecord(err) && typeof err.message === 'string' && err.message !== msg ? err.message : undefined;
  return { severity, label, msg, error };
}

/** Log lines for the terminal: JSON reduced to "level message", everything indented. */
function formatTail(lines: string[]): string {
  if (!lines.length) return '    (no output)';
  return lines
    .map((line) => {
      const entry = parseLogLine(line);
      const text = entry ? `${entry.label} ${entry.msg}${entry.error ? ` (${entry.error})` : ''}` : line;
      return `    ${text.length > 400 ? `${text.slice(0, 400)}…` : text}`;
    })
    .join('\n');
}

/** Paths relative to the working directory when inside it, for shorter messages. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}
