/**
 * The whole platform on one machine: finds or starts PostgreSQL and NATS, builds missing UIs, runs every service as
 * its own Node process with its logs in <dataDir>/logs, waits until the gateway reports all of them up, and stops
 * them in order (gateway, services, then the PostgreSQL / NATS it started). `npm start` is a thin CLI around
 * startPlatform; tests call it directly on other ports.
 *
 * Supervision: a process that exits while the platform runs is started again after a backoff (1 s, doubling up to
 * 30 s; back to 1 s once it has run for a minute), with a log line saying so; stopping cancels pending restarts.
 * Replicas: `replicas: N` runs N processes of each of learning, finance, notifications and the gateway (the extra ones
 * on free ports); every gateway knows every replica of each service (comma-separated *_URL) and the replicas share
 * their work through NATS queue groups and durable consumers, as separate machines would.
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
import { errorMessage, freePort, httpGet, isPortFree, repoRoot, seconds, silent, sleep, type LogLine } from './util';
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
  /** Processes of each of learning, finance, notifications and the gateway; default 1. */
  replicas?: number;
  /** Start a process again when it exits while the platform runs; default true. */
  restart?: boolean;
  /** First restart delay, doubled for each quick crash in a row up to 30 s; default 1000 ms. */
  restartDelayMs?: number;
}

/** The services `replicas` multiplies; auth and shop stay one process each. */
export const REPLICATED: readonly ServiceName[] = ['learning', 'finance', 'notifications', 'gateway'];
const MAX_RESTART_DELAY_MS = 30_000;
/** A process that ran this long before it exited starts its backoff from the beginning again. */
const STABLE_MS = 60_000;

export interface PlatformProcess {
  name: ServiceName;
  /** 1..replicas; `learning#2` in messages. */
  replica: number;
  /** The current process (a restart gives a new pid). */
  pid: number;
  port: number;
  running: boolean;
  exit: ExitInfo | undefined;
  /** How many times the supervisor started it again. */
  restarts: number;
  /** Its GET /metrics when METRICS_PORT was set (each process gets its own port from there on). */
  metricsUrl: string | undefined;
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
  /** Every gateway replica's URL, the first being `url`. */
  urls: string[];
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

/** One service process (one replica) with its log file and what we learnt from its output. */
interface Service {
  name: ServiceName;
  replica: number;
  /** `learning` or, with replicas, `learning#2`. */
  label: string;
  port: number;
  env: NodeJS.ProcessEnv;
  metricsPort: number | undefined;
  logFile: string;
  out: WriteStream;
  /** The current process; replaced by a restart. */
  process: ManagedProcess;
  startedAt: number;
  ready: boolean;
  restarts: number;
  /** Crashes in a row without a stable run between them, for the backoff. */
  quickCrashes: number;
  restartTimer?: NodeJS.Timeout;
  /** A restart being spawned right now; stop waits for it. */
  respawning?: Promise<void>;
  /** Whether its log mentioned migrations, for the "migrated and ready" line. */
  migrated: boolean;
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
  const replicas = options.replicas ?? 1;
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 8) throw new PlatformStartError(`replicas must be 1 to 8, got ${replicas}`);
  const ports = resolvePorts(options.ports, env);

  await checkPorts(ports);
  checkBuilt(root);
  await mkdir(logDir, { recursive: true });

  const services: Service[] = [];
  let postgres: PostgresHandle | undefined;
  let nats: NatsHandle | undefined;
  let phase: 'starting' | 'running' | 'stopping' = 'starting';
  const supervise = options.restart ?? true;
  const firstDelayMs = options.restartDelayMs ?? 1000;

  const stopAll = async () => {
    phase = 'stopping';
    for (const s of services) clearTimeout(s.restartTimer);
    await Promise.all(services.map((s) => s.respawning));
    const gateways = services.filter((s) => s.name === 'gateway');
    await Promise.all(gateways.map((g) => stopService(g, stopTimeoutMs, log)));
    await Promise.all(services.filter((s) => s.name !== 'gateway').map((s) => stopService(s, stopTimeoutMs, log)));
    await Promise.all([
      postgres?.stop().then(() => postgres?.embedded && log('postgres: embedded server stopped')),
      nats?.stop().then(() => nats?.spawned && log('nats: nats-server stopped')),
    ]);
  };

  /** Watches the current process of `service`: an exit while running is reported and, when supervising, restarted. */
  const watch = (service: Service) => {
    const current = service.process;
    void current.exited.then(() => {
      // Exits during start are reported by waitUntilUp; during stop they are expected.
      if (phase !== 'running' || service.process !== current) return;
      const ranMs = Date.now() - service.startedAt;
      service.quickCrashes = ranMs >= STABLE_MS ? 0 : service.quickCrashes + 1;
      const delay = Math.min(firstDelayMs * 2 ** Math.max(service.quickCrashes - 1, 0), MAX_RESTART_DELAY_MS);
      log(
        `${service.label} stopped unexpectedly (${current.describeExit()}) after ${seconds(ranMs)}${supervise ? `; restarting in ${seconds(delay)}` : ''}. Last lines of ${displayPath(service.logFile)}:`,
      );
      log(formatTail(current.tail(20)));
      if (!supervise) return;
      service.restartTimer = setTimeout(() => {
        service.restartTimer = undefined;
        if (phase !== 'running') return;
        service.respawning = respawn(service).finally(() => (service.respawning = undefined));
      }, delay);
    });
  };

  const respawn = async (service: Service) => {
    try {
      service.out.write(`${JSON.stringify({ level: 40, msg: `--- restarted by npm start (restart ${service.restarts + 1}) ---`, time: Date.now() })}\n`);
      service.process = await launch(service, root, log);
      service.restarts += 1;
      service.startedAt = Date.now();
      log(`${service.label}: restarted (pid ${service.process.pid}, restart ${service.restarts})`);
      watch(service);
      const readyAt = await waitReady(service, 90_000, () => phase !== 'running');
      if (readyAt !== undefined && phase === 'running') log(`${service.label}: ready again in ${seconds(readyAt - service.startedAt)}`);
    } catch (error) {
      log(`${service.label}: restart failed: ${errorMessage(error)}`);
    }
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

    const layout = await replicaLayout(ports, replicas, env);
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
    delete common.METRICS_PORT;
    const gatewayEnv = Object.fromEntries(
      BACKEND_SERVICES.map((name: BackendService) => [
        urlVariable(name),
        layout.filter((l) => l.name === name).map((l) => `http://127.0.0.1:${l.port}`).join(','),
      ]),
    );
    log(`starting ${SERVICES.map((name) => (replicas > 1 && REPLICATED.includes(name) ? `${name} x${replicas}` : name)).join(', ')} (logs in ${displayPath(logDir)})`);
    for (const slot of layout) {
      const serviceEnv: NodeJS.ProcessEnv = {
        ...common,
        PORT: String(slot.port),
        ...(slot.metricsPort !== undefined ? { METRICS_PORT: String(slot.metricsPort) } : {}),
        ...(slot.name === 'gateway' ? gatewayEnv : {}),
      };
      services.push(await spawnService(slot, replicas, serviceEnv, root, logDir, log));
    }
    for (const service of services) watch(service);

    await waitUntilUp(services, ports.gateway, options.readyTimeoutMs ?? 90_000, log, signal);

    phase = 'running';
    const gatewayUrls = services.filter((s) => s.name === 'gateway').map((s) => `http://127.0.0.1:${s.port}`);
    let stopping: Promise<void> | undefined;
    return {
      url: gatewayUrls[0],
      urls: gatewayUrls,
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
          replica: s.replica,
          pid: s.process.pid,
          port: s.port,
          running: s.process.running,
          exit: s.process.exit,
          restarts: s.restarts,
          metricsUrl: s.metricsPort !== undefined ? `http://127.0.0.1:${s.metricsPort}/metrics` : undefined,
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

interface Slot {
  name: ServiceName;
  replica: number;
  port: number;
  metricsPort: number | undefined;
}

/**
 * Every process to run: one per service, `replicas` of the REPLICATED ones (the first on the service's port, the others
 * on free ports). With METRICS_PORT set, process i serves its metrics on METRICS_PORT + i.
 */
async function replicaLayout(ports: Record<ServiceName, number>, replicas: number, env: NodeJS.ProcessEnv): Promise<Slot[]> {
  const taken = new Set<number>(Object.values(ports));
  const slots: Slot[] = [];
  for (const name of SERVICES) {
    const count = REPLICATED.includes(name) ? replicas : 1;
    for (let replica = 1; replica <= count; replica++) {
      let port = ports[name];
      if (replica > 1) {
        do port = await freePort();
        while (taken.has(port));
        taken.add(port);
      }
      slots.push({ name, replica, port, metricsPort: undefined });
    }
  }
  const base = env.METRICS_PORT ? Number(env.METRICS_PORT) : undefined;
  if (base !== undefined) {
    if (!Number.isInteger(base) || base < 1 || base + slots.length > 65535) throw new PlatformStartError(`METRICS_PORT=${env.METRICS_PORT} is not a port number`);
    slots.forEach((slot, i) => (slot.metricsPort = base + i));
  }
  return slots;
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

async function spawnService(slot: Slot, replicas: number, env: NodeJS.ProcessEnv, root: string, logDir: string, log: LogLine): Promise<Service> {
  const { name, replica, port } = slot;
  const label = replicas > 1 && REPLICATED.includes(name) ? `${name}#${replica}` : name;
  const logFile = join(logDir, replica > 1 ? `${name}-${replica}.log` : `${name}.log`);
  // Keep one earlier run next to the current one: the previous crash is often what you are looking for.
  if (existsSync(logFile)) await rename(logFile, logFile.replace(/\.log$/, '.previous.log')).catch(() => undefined);
  const service: Service = {
    name,
    replica,
    label,
    port,
    env,
    metricsPort: slot.metricsPort,
    logFile,
    out: createWriteStream(logFile),
    process: undefined as unknown as ManagedProcess,
    startedAt: Date.now(),
    ready: false,
    restarts: 0,
    quickCrashes: 0,
    migrated: false,
  };
  service.process = await launch(service, root, log);
  return service;
}

/** Starts the service's process (first start or restart), its output into its log file. */
function launch(service: Service, root: string, log: LogLine): Promise<ManagedProcess> {
  const { env, label } = service;
  return ManagedProcess.start({
    name: label,
    command: process.execPath,
    // OLYMP_NODE_ARGS: extra node flags for every service process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to
    // profile under load (NODE_OPTIONS refuses --cpu-prof).
    args: [...(env.OLYMP_NODE_ARGS ?? '').split(' ').filter(Boolean), join(root, mainScript(service.name))],
    cwd: root,
    env,
    keepLines: 60,
    onLine: (line, stream) => {
      service.out.write(`${line}\n`);
      const entry = parseLogLine(line);
      if (entry) {
        if (/migrat/i.test(entry.msg)) service.migrated = true;
        if (entry.severity >= 40) log(`${label}: ${entry.label.toUpperCase()} ${entry.msg}${entry.error ? ` (${entry.error})` : ''}`);
      } else if (stream === 'stderr' && line.trim()) {
        // Not our JSON logger: a crash, a Node warning. Worth seeing.
        log(`${label}: ${line}`);
      }
    },
  });
}

/** Polls the process's readiness (/health/ready; the gateway's /health) until it answers 200; the time, or undefined. */
async function waitReady(service: Service, timeoutMs: number, cancelled: () => boolean): Promise<number | undefined> {
  const path = service.name === 'gateway' ? '/health' : '/health/ready';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !cancelled() && service.process.running) {
    const answer = await httpGet(`http://127.0.0.1:${service.port}${path}`, 1000);
    if (answer?.status === 200) return Date.now();
    await sleep(200);
  }
  return undefined;
}

async function stopService(service: Service, graceMs: number, log: LogLine): Promise<void> {
  if (service.process.running) {
    const started = Date.now();
    const exit = await service.process.stop('SIGTERM', graceMs);
    const took = seconds(Date.now() - started);
    log(exit.signal === 'SIGKILL' ? `${service.label}: did not stop within ${seconds(graceMs)}, killed` : `${service.label}: stopped in ${took}`);
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
    log(`${service.label}: ${service.migrated ? 'migrated and ' : ''}ready in ${seconds(Date.now() - service.startedAt)}`);
  };
  const names = [...new Set(services.map((s) => s.name))];

  for (;;) {
    const dead = services.find((s) => !s.process.running);
    if (dead) {
      throw new PlatformStartError(
        `${dead.label} exited during start (${dead.process.describeExit()}). Last lines of ${displayPath(dead.logFile)}:\n${formatTail(dead.process.tail(20))}`,
      );
    }
    // Each process's own readiness (every replica), then the gateway's view of the platform as the verdict.
    await Promise.all(
      services
        .filter((s) => !s.ready)
        .map(async (s) => {
          const answer = await httpGet(`http://127.0.0.1:${s.port}/health/ready`, 1000);
          if (answer?.status === 200) markReady(s);
        }),
    );
    lastHealth = (await fetchHealth(gatewayPort)) ?? lastHealth;
    if (lastHealth?.status === 'up' && services.every((s) => s.ready) && names.every((n) => lastHealth?.services[n]?.status === 'up')) return;
    const now = Date.now();
    if (now >= deadline) {
      const waiting = services.filter((s) => !s.ready || lastHealth?.services[s.name]?.status !== 'up');
      const view = lastHealth
        ? `the gateway reports ${Object.entries(lastHealth.services).map(([n, h]) => `${n} ${h.status}`).join(', ')}`
        : 'the gateway never answered GET /api/health';
      throw new PlatformStartError(
        `not up after ${seconds(timeoutMs)}: ${waiting.map((s) => s.label).join(', ')} (${view}). Logs: ${waiting.map((s) => displayPath(s.logFile)).join(', ')}`,
      );
    }
    if (now - lastProgress >= 5000) {
      lastProgress = now;
      const waiting = services.filter((s) => !s.ready).map((s) => s.label);
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
