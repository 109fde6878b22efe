/**
 * The socket.io adapter's ceiling (docs/scaling.md): how many room broadcasts a second cross between notifications
 * nodes through @socket.io/postgres-adapter (LISTEN/NOTIFY on the platform's PostgreSQL) before delivery falls
 * behind, beside the same broadcasts from a bare socket.io node (no adapter) to the same observers, in the same run.
 *
 * Node A emits (no clients), node B has the observers (both `ADAPTER=postgres`, as notifications runs them): every
 * message goes A -> NOTIFY -> B -> observers. The baseline node has no adapter: A's emits go straight to its
 * observers. Rates step up (BENCH_ADAPTER_RATES, messages a second, each for BENCH_ADAPTER_SECONDS) with payloads of
 * BENCH_ADAPTER_BYTES (a live board push is ~1.5 KB); a step counts as carried when every observer got every message
 * and p99 stayed under a second. One more step sends payloads over NOTIFY's 8000-byte limit (they go through the
 * attachments table). CPU per 1,000 messages of each node and of the PostgreSQL backends the adapter uses
 * (pg_stat_activity's pids, read from /proc).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { cpuMs, percentiles, progress, round } from './stats';

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const RATES = env('BENCH_ADAPTER_RATES', '250,500,1000,2000,4000').split(',').map(Number).filter((n) => n > 0);
const SECONDS = Number(env('BENCH_ADAPTER_SECONDS', '4'));
const BYTES = Number(env('BENCH_ADAPTER_BYTES', '1500'));
const OBSERVERS = Number(env('BENCH_ADAPTER_OBSERVERS', '20'));
const SCHEMA = 'bench_adapter';

interface Node {
  child: ChildProcess;
  port: number;
}

function startNode(adapter: 'postgres' | 'none', databaseUrl: string): Promise<Node> {
  const child = fork(join(__dirname, 'adapter-node.js'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ADAPTER: adapter, ADAPTER_SCHEMA: SCHEMA, DATABASE_URL: databaseUrl },
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (m: { ready?: number; error?: string }) => {
      if (m.ready) resolve({ child, port: m.ready });
      if (m.error) progress(`adapter node (${adapter}) error: ${m.error}`);
    });
  });
}

function emitted(node: Node): Promise<{ emitted: number; ms: number }> {
  return new Promise((resolve) => {
    const on = (m: { emitted?: number; ms: number }) => {
      if (m.emitted !== undefined) {
        node.child.off('message', on);
        resolve({ emitted: m.emitted, ms: m.ms });
      }
    };
    node.child.on('message', on);
  });
}

async function observers(port: number): Promise<Socket[]> {
  const sockets = Array.from({ length: OBSERVERS }, () => connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false }));
  await Promise.all(sockets.map((s) => new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  })));
  return sockets;
}

/** One step: `from` emits at `rate` for SECONDS, the observers count and time what they get. */
async function step(from: Node, sockets: Socket[], cpuPids: number[], stepNo: number, rate: number, size: number) {
  const latencies: number[] = [];
  const got = new Array<number>(sockets.length).fill(0);
  const listeners = sockets.map((s, i) => {
    const on = (m: { step: number; t: number }) => {
      if (m.step !== stepNo) return;
      got[i] += 1;
      if (i === 0) latencies.push(Date.now() - m.t);
    };
    s.on('m', on);
    return on;
  });
  const cpu0 = cpuPids.map(cpuMs);
  const done = emitted(from);
  from.child.send({ emit: { rate, seconds: SECONDS, size, step: stepNo } });
  const sent = await done;
  // Drain: wait until every observer has everything or 5 s pass with no progress.
  let last = -1;
  let still = Date.now();
  while (got.some((g) => g < sent.emitted)) {
    const sum = got.reduce((a, b) => a + b, 0);
    if (sum !== last) {
      last = sum;
      still = Date.now();
    } else if (Date.now() - still > 5000) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const cpu = cpuPids.map((pid, i) => cpuMs(pid) - cpu0[i]);
  sockets.forEach((s, i) => s.off('m', listeners[i]));
  const delivered = Math.min(...got) / sent.emitted;
  const p = percentiles(latencies, [50, 99]);
  return {
    rate,
    bytes: size,
    emitted: sent.emitted,
    achievedRate: round(sent.emitted / (sent.ms / 1000), 0),
    delivered: round(delivered, 3),
    p50Ms: p.p50,
    p99Ms: p.p99,
    carried: delivered === 1 && p.p99 < 1000,
    cpuMsPer1000: cpu.map((c) => round((c / sent.emitted) * 1000, 1)),
  };
}

export async function adapterBench(databaseUrl: string) {
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  await pg.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await pg.query(`CREATE SCHEMA ${SCHEMA}`);
  await pg.query(`CREATE TABLE ${SCHEMA}.socket_io_attachments (id bigserial UNIQUE, created_at timestamptz DEFAULT NOW(), payload bytea)`);
  const [a, b, bare] = await Promise.all([startNode('postgres', databaseUrl), startNode('postgres', databaseUrl), startNode('none', databaseUrl)]);
  try {
    const onB = await observers(b.port);
    const onBare = await observers(bare.port);
    const backends = async () =>
      (await pg.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = 'bench:adapter'`)).rows.map((r) => r.pid);
    const adapter: Awaited<ReturnType<typeof step>>[] = [];
    const baseline: Awaited<ReturnType<typeof step>>[] = [];
    let stepNo = 0;
    const sizes = [...RATES.map((rate) => ({ rate, size: BYTES })), { rate: Math.min(...RATES), size: 10_000 }];
    for (const { rate, size } of sizes) {
      progress(`adapter: ${rate} broadcasts/s of ${size} bytes for ${SECONDS} s, through PostgreSQL NOTIFY, then bare`);
      const pgPids = await backends();
      const viaPg = await step(a, onB, [a.child.pid!, b.child.pid!, ...pgPids], ++stepNo, rate, size);
      // CPU: emitter node, receiving node, all the adapter's PostgreSQL backends together.
      adapter.push({ ...viaPg, cpuMsPer1000: [viaPg.cpuMsPer1000[0], viaPg.cpuMsPer1000[1], round(viaPg.cpuMsPer1000.slice(2).reduce((x, y) => x + y, 0), 1)] });
      baseline.push(await step(bare, onBare, [bare.child.pid!], ++stepNo, rate, size));
    }
    [...onB, ...onBare].forEach((s) => s.disconnect());
    const carried = adapter.filter((s) => s.carried && s.bytes === BYTES).map((s) => s.rate);
    return {
      observers: OBSERVERS,
      seconds: SECONDS,
      cpuColumns: 'adapter: [emitting node, receiving node, PostgreSQL backends] ms per 1,000 broadcasts; baseline: [bare node]',
      highestCarriedRate: carried.length ? Math.max(...carried) : 0,
      adapter,
      baseline,
    };
  } finally {
    for (const n of [a, b, bare]) n.child.kill('SIGTERM');
    await pg.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`).catch(() => undefined);
    await pg.end();
  }
}
