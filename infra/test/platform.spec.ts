/**
 * The whole platform as `npm start` runs it: six real Node processes on free ports (away from 8080-8085, so a running
 * `npm start` does not clash), against the test PostgreSQL in a fresh database and the test NATS under a fresh
 * subject prefix. Builds nothing: it needs `npm run build` first (the root `npm test` runs it before jest).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestNamespace } from '@olymp/server-kit/testing';
import { parseHealth, startPlatform, type GatewayHealth, type Platform } from '../src/runtime/platform';
import { dropDatabase, withDatabase } from '../src/runtime/postgres';
import { SERVICES, type ServiceName } from '../src/runtime/services';
import { canConnect, freePort, httpGet, pollUntil } from '../src/runtime/util';

/** Six distinct free ports outside the ones `npm start` uses. */
async function freePorts(): Promise<Record<ServiceName, number>> {
  const chosen = new Set<number>();
  while (chosen.size < SERVICES.length) {
    const port = await freePort();
    if (port < 8080 || port > 8085) chosen.add(port);
  }
  const ports = [...chosen];
  return Object.fromEntries(SERVICES.map((name, i) => [name, ports[i]])) as Record<ServiceName, number>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('startPlatform', () => {
  // Its NATS prefix keeps the platform's subjects and stream apart from other test files; cleanup() drops the stream.
  const namespace = createTestNamespace();
  let databaseUrl: string;
  let dataDir: string;
  let platform: Platform | undefined;

  beforeAll(async () => {
    const testDatabase = process.env.TEST_DATABASE_URL;
    if (!testDatabase) throw new Error('TEST_DATABASE_URL is not set: run through jest (its global setup sets it)');
    databaseUrl = withDatabase(testDatabase, `olymp_platform_${namespace.id}`);
    dataDir = await mkdtemp(join(tmpdir(), 'olymp-platform-'));
  });

  afterAll(async () => {
    await platform?.stop();
    await namespace.cleanup();
    if (databaseUrl) await dropDatabase(databaseUrl);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('starts all six services, the gateway reports them up, and stop() ends every process', async () => {
    const ports = await freePorts();
    platform = await startPlatform({
      ports,
      dataDir,
      quiet: true,
      buildUis: false,
      readyTimeoutMs: 120_000,
      env: { ...process.env, DATABASE_URL: databaseUrl, NATS_PREFIX: namespace.natsPrefix, LOG_LEVEL: 'info' },
    });
    expect(platform.url).toBe(`http://127.0.0.1:${ports.gateway}`);
    expect(platform.embeddedPostgres).toBe(false);

    const health = await pollUntil<GatewayHealth>({
      timeoutMs: 30_000,
      intervalMs: 250,
      check: async () => {
        const answer = await httpGet(`${platform?.url}/api/health`, 2000);
        const parsed = answer?.status === 200 ? parseHealth(JSON.parse(answer.body)) : undefined;
        return parsed && SERVICES.every((name) => parsed.services[name]?.status === 'up') ? parsed : undefined;
      },
      onTimeout: () => new Error('GET /api/health never reported all six services up'),
    });
    expect(health.status).toBe('up');
    for (const name of SERVICES) expect(health.services[name]).toMatchObject({ status: 'up' });

    const processes = platform.processes;
    expect(processes.map((p) => p.name).sort()).toEqual([...SERVICES].sort());
    expect(processes.every((p) => p.running && p.pid > 0)).toBe(true);

    await platform.stop();
    const after = platform.processes;
    expect(after.every((p) => !p.running)).toBe(true);
    for (const p of after) {
      expect(isAlive(p.pid)).toBe(false);
      // SIGTERM must be enough: a SIGKILL means a service ignored the shutdown request for 10 s.
      expect(p.exit?.signal).not.toBe('SIGKILL');
    }
    for (const name of SERVICES) expect(await canConnect('127.0.0.1', ports[name], 500)).toBe(false);
  }, 180_000);
});
