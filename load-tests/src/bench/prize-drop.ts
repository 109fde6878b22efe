/**
 * Prize drop (docs/shop.md, issue 14): BENCH_DROP_STOCK (50) units of one product, and every signed-in bench pupil
 * (BENCH_PUPILS, 2,000) checking it out at the same moment (`POST /api/cart/checkout` through the gateway, self-pickup,
 * priced in ZP: the shop reserves the stock in one transaction and finance opens the invoice over NATS). Each pupil's
 * cart holds the product beforehand (not measured). Measured: wall time of the drop, checkouts answered per second,
 * latency percentiles, the answers by status (exactly BENCH_DROP_STOCK placed, the rest 409 OUT_OF_STOCK; anything
 * else, a shed 503 included, is counted), and afterwards the stock (0, never below) and the orders in the database.
 * Baseline, in the same run: the bare node server (baseline-server.ts) doing the least a correct drop needs, a
 * conditional stock decrement and an order row in one transaction, for the same number of pupils, stock and
 * concurrency.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import type { Pupil } from './answers';
import type { Stack } from './stack';
import { cpuSince, percentiles, pool, progress, round, roundAll } from './stats';

interface DropRun {
  pupils: number;
  concurrency: number;
  seconds: number;
  checkoutsPerSecond: number;
  latencyMs: Record<string, number>;
  byStatus: Record<string, number>;
  byCode: Record<string, number>;
}

/** Fires one request per pupil, `concurrency` in flight (all at once by default), and tallies the answers. */
async function drop(pupils: Pupil[], concurrency: number, call: (p: Pupil, agent: Agent) => Promise<{ status: number; code?: string }>): Promise<DropRun> {
  const agent = new Agent({ connections: concurrency, pipelining: 1 });
  const latencies: number[] = [];
  const byStatus: Record<string, number> = {};
  const byCode: Record<string, number> = {};
  const t0 = performance.now();
  try {
    await pool(pupils, concurrency, async (p) => {
      const t = performance.now();
      let answer: { status: number; code?: string };
      try {
        answer = await call(p, agent);
      } catch (err) {
        answer = { status: 0, code: err instanceof Error ? err.message.slice(0, 60) : 'error' };
      }
      latencies.push(performance.now() - t);
      byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
      if (answer.code) byCode[answer.code] = (byCode[answer.code] ?? 0) + 1;
    });
  } finally {
    await agent.close();
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    pupils: pupils.length, concurrency, seconds: round(seconds, 2), checkoutsPerSecond: round(pupils.length / seconds),
    latencyMs: roundAll(percentiles(latencies)), byStatus, byCode,
  };
}

function startBaseline(databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(join(__dirname, 'baseline-server.js'), [], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    child.stdout?.on('data', (d: Buffer) => {
      const m = /ready (\d+)/.exec(d.toString());
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`baseline server exited ${code}`)));
  });
}

export async function prizeDrop(stack: Stack, pupils: Pupil[], opts: { stock: number; concurrency: number }) {
  const base = stack.platform.url;
  const concurrency = Math.max(1, Math.min(opts.concurrency, pupils.length));
  const productId = randomUUID();
  // Setup (not measured): the product, straight into the shop's table; a pickup point of the demo seed.
  await stack.sql(
    `INSERT INTO shop.products (id, name_kk, name_ru, name_en, description_kk, description_ru, description_en, price_zp, stock)
     VALUES ($1, 'Жүлде футболкасы', 'Призовая футболка', 'Prize T-shirt', '', '', '', 1, $2)`,
    [productId, opts.stock],
  );
  const [point] = await stack.sql<{ id: string }>('SELECT id FROM shop.pickup_points WHERE active ORDER BY name_ru LIMIT 1');
  if (!point) throw new Error('no pickup point (SEED_DEMO)');
  progress(`prize drop: ${pupils.length} carts get the product`);
  const setupAgent = new Agent({ connections: 32 });
  await pool(pupils, 32, async (p) => {
    const res = await request(`${base}/api/cart/items`, {
      method: 'POST', dispatcher: setupAgent,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
      body: JSON.stringify({ productId, quantity: 1 }),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`cart ${res.statusCode} ${text}`);
  });
  await setupAgent.close();

  progress(`prize drop: ${pupils.length} checkouts of ${opts.stock} units, ${concurrency} at once, through the gateway`);
  const services = ['gateway', 'shop', 'finance'] as const;
  const cpuUsed = cpuSince(services.map((s) => ({ name: s, pid: stack.pid(s) })));
  const body = JSON.stringify({ currency: 'zp', fulfilment: { method: 'pickup', pickupPointId: point.id } });
  const run = await drop(pupils, concurrency, async (p, agent) => {
    const res = await request(`${base}/api/cart/checkout`, {
      method: 'POST', dispatcher: agent,
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${p.token}`, 'x-locale': 'kk' },
      body,
    });
    const text = await res.body.text();
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      code = undefined;
    }
    return { status: res.statusCode, code };
  });
  const cpuSeconds = Object.fromEntries(Object.entries(cpuUsed()).map(([name, ms]) => [name, round(ms / 1000, 2)]));
  const [after] = await stack.sql<{ stock: number; sold: number; orders: number; units: number }>(
    `SELECT p.stock, p.sold, (SELECT count(*)::int FROM shop.orders o JOIN shop.order_lines l ON l.order_id = o.id WHERE l.product_id = p.id) AS orders,
            (SELECT coalesce(sum(l.quantity), 0)::int FROM shop.order_lines l JOIN shop.orders o ON o.id = l.order_id
              WHERE l.product_id = p.id AND o.status <> 'cancelled') AS units
       FROM shop.products p WHERE p.id = $1`,
    [productId],
  );

  const baseline = await startBaseline(stack.databaseUrl);
  let bare: DropRun;
  try {
    const dropId = randomUUID();
    await stack.sql('INSERT INTO bench_baseline.drop_products (id, stock) VALUES ($1, $2)', [dropId, opts.stock]);
    progress(`prize drop baseline: the same ${pupils.length} checkouts against a bare node server`);
    const url = `http://127.0.0.1:${baseline.port}/drop`;
    bare = await drop(pupils, concurrency, async (p, agent) => {
      const res = await request(url, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ productId: dropId, userId: p.id }) });
      await res.body.text();
      return { status: res.statusCode };
    });
    const [b] = await stack.sql<{ stock: number; orders: number }>(
      'SELECT stock, (SELECT count(*)::int FROM bench_baseline.drop_orders WHERE product_id = $1) AS orders FROM bench_baseline.drop_products WHERE id = $1',
      [dropId],
    );
    (bare as DropRun & { after?: object }).after = b;
  } finally {
    baseline.child.kill('SIGTERM');
  }
  return {
    stock: opts.stock,
    stack: { ...run, after, oversold: after.units > opts.stock || after.stock < 0, cpuSecondsDuringDrop: cpuSeconds },
    baseline: bare,
    wallRatio: round(run.seconds / bare.seconds, 2),
    p99Ratio: bare.latencyMs.p99 > 0 ? round(run.latencyMs.p99 / bare.latencyMs.p99, 2) : null,
  };
}
