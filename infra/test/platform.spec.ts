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

  it('starts all six services, the gateway reports them up, restarts one killed with SIGKILL, and stop() ends every process', async () => {
    const ports = await freePorts();
    const lines: string[] = [];
    platform = await startPlatform({
      ports,
      dataDir,
      log: (line) => lines.push(line),
      restartDelayMs: 200,
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
    expect(processes.every((p) => p.running && p.pid > 0 && p.restarts === 0)).toBe(true);

    // A crash: the supervisor says so, starts it again after the backoff, and the gateway sees it up again.
    const learning = processes.find((p) => p.name === 'learning');
    if (!learning) throw new Error('no learning process');
    process.kill(learning.pid, 'SIGKILL');
    const back = await pollUntil({
      timeoutMs: 60_000,
      intervalMs: 200,
      check: async () => {
        const now = platform?.processes.find((p) => p.name === 'learning');
        const answer = await httpGet(`http://127.0.0.1:${ports.learning}/health/ready`, 1000);
        return now && now.restarts === 1 && now.running && answer?.status === 200 ? now : undefined;
      },
      onTimeout: () => new Error(`learning did not come back after SIGKILL:\n${lines.join('\n')}`),
    });
    expect(back.pid).not.toBe(learning.pid);
    expect(isAlive(learning.pid)).toBe(false);
    expect(lines.some((l) => /^learning stopped unexpectedly \(killed by SIGKILL\) after [\d.]+ s; restarting in 0\.2 s/.test(l))).toBe(true);
    expect(lines).toContain(`learning: restarted (pid ${back.pid}, restart 1)`);
    await pollUntil({
      timeoutMs: 30_000,
      intervalMs: 100,
      check: async () => (lines.some((l) => /^learning: ready again in [\d.]+ s$/.test(l)) ? true : undefined),
      onTimeout: () => new Error(`no "ready again" line:\n${lines.join('\n')}`),
    });
    await pollUntil({
      timeoutMs: 30_000,
      intervalMs: 250,
      check: async () => ((await platform?.health())?.services.learning?.status === 'up' ? true : undefined),
      onTimeout: () => new Error('the gateway never saw learning up again'),
    });
    // The others were left alone.
    for (const p of platform.processes.filter((x) => x.name !== 'learning')) {
      expect({ name: p.name, pid: p.pid, restarts: p.restarts }).toEqual({ name: p.name, pid: processes.find((x) => x.name === p.name)?.pid, restarts: 0 });
    }

    await platform.stop();
    const after = platform.processes;
    expect(after.every((p) => !p.running)).toBe(true);
    for (const p of after) {
      expect(isAlive(p.pid)).toBe(false);
      // SIGTERM must be enough: a SIGKILL means a service ignored the shutdown request for 10 s.
      expect(p.exit?.signal).not.toBe('SIGKILL');
    }
    for (const name of SERVICES) expect(await canConnect('127.0.0.1', ports[name], 500)).toBe(false);
    // Stopping is not a crash: nothing restarted after stop().
    expect(lines.filter((l) => /restarted \(pid/.test(l))).toHaveLength(1);
  }, 180_000);
});
