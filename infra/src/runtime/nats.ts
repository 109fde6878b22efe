/**
 * NATS discovery. Uses the server at NATS_URL when it accepts a TCP connection; otherwise starts the nats-server
 * found on PATH (JetStream on, store in a temporary directory) on a free port. Without either it fails with one line
 * that says how to get one.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManagedProcess } from './process';
import { canConnect, findOnPath, freePort, pollUntil, silent, type LogLine } from './util';

export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

export interface EnsureNatsOptions {
  /** Server to use; default `env.NATS_URL`, else nats://127.0.0.1:4222. */
  url?: string;
  /** Where NATS_URL and PATH are read from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Log file of a spawned server; default inside its temporary directory. */
  logFile?: string;
  /** Deadline for a spawned server to accept connections; default 15 s. */
  startTimeoutMs?: number;
  log?: LogLine;
}

export interface NatsHandle {
  url: string;
  /** True when this call started a nats-server that stop() shuts down. */
  spawned: boolean;
  stop(): Promise<void>;
}

export async function ensureNats(options: EnsureNatsOptions = {}): Promise<NatsHandle> {
  const log = options.log ?? silent;
  const env = options.env ?? process.env;
  const url = options.url ?? env.NATS_URL ?? DEFAULT_NATS_URL;
  const { host, port } = hostAndPort(url);
  if (await canConnect(host, port)) {
    log(`nats: using ${url}`);
    return { url, spawned: false, stop: async () => undefined };
  }
  const binary = findOnPath('nats-server', env.PATH);
  if (!binary) {
    throw new Error(
      `NATS is not reachable at ${url} and no nats-server is on PATH: install it (Debian: apt-get install nats-server) or set NATS_URL.`,
    );
  }
  log(`nats: nothing answers at ${url}; starting ${binary}`);
  return spawnServer(binary, options, log);
}

/** Host and port of the first server in a NATS URL list ("nats://a:4222,nats://b:4222" or "a:4222"). */
export function hostAndPort(url: string): { host: string; port: number } {
  const first = url.split(',')[0]?.trim() ?? '';
  const parsed = new URL(first.includes('://') ? first : `nats://${first}`);
  return { host: parsed.hostname || '127.0.0.1', port: parsed.port ? Number(parsed.port) : 4222 };
}

async function spawnServer(binary: string, options: EnsureNatsOptions, log: LogLine): Promise<NatsHandle> {
  const dir = await mkdtemp(join(tmpdir(), 'olymp-nats-'));
  const out = createWriteStream(options.logFile ?? join(dir, 'nats.log'), { flags: 'a' });
  const cleanUp = async () => {
    out.end();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    const server = await ManagedProcess.start({
      name: 'nats-server',
      command: binary,
      args: ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(dir, 'jetstream')],
      onLine: (line) => out.write(`${line}\n`),
    });
    const timeoutMs = options.startTimeoutMs ?? 15_000;
    try {
      await pollUntil({
        timeoutMs,
        check: async () => {
          if (!server.running) {
            throw new Error(`nats-server exited during start (${server.describeExit()}):\n  ${server.tail(15).join('\n  ')}`);
          }
          return (await canConnect('127.0.0.1', port, 500)) ? true : undefined;
        },
        onTimeout: () => new Error(`nats-server did not accept connections on port ${port} within ${timeoutMs / 1000} s`),
      });
    } catch (error) {
      await server.stop('SIGTERM', 5000);
      throw error;
    }
    const url = `nats://127.0.0.1:${port}`;
    log(`nats: nats-server with JetStream ready at ${url}`);
    let stopping: Promise<void> | undefined;
    return {
      url,
      spawned: true,
      stop: () =>
        (stopping ??= (async () => {
          await server.stop('SIGTERM', 5000);
          await cleanUp();
        })()),
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
