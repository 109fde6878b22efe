import autocannon from 'autocannon';
import { readFileSync, readdirSync } from 'node:fs';

/** Exact percentiles of a list of numbers (sorted copy). */
export function percentiles(values: number[], ps: number[] = [50, 95, 99]): Record<string, number> {
  const sorted = [...values].sort((a, b) => a - b);
  const out: Record<string, number> = {};
  for (const p of ps) {
    out[`p${p}`] = sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
  }
  return out;
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

/**
 * CPU time a process has used, in milliseconds: the run time of each of its threads (the main thread, V8's and
 * libuv's) as the scheduler counts it in nanoseconds (Linux /proc/<pid>/task/<tid>/schedstat). /proc/<pid>/stat's
 * user + system time counts in clock ticks of 10 ms: a push to 2,000 viewers costs ~30 ms, so a figure over a few
 * dozen pushes moved by several per cent with where the ticks fell. Falls back to the ticks where schedstat is not
 * readable. A thread that has ended takes its time with it (Node's threads live as long as the process).
 */
export function cpuMs(pid: number): number {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // the thread ended while we looked
      }
    }
    if (ns > 0) return ns / 1e6;
  } catch {
    // no schedstat here: the ticks below
  }
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU milliseconds each process and all PostgreSQL backends (`postgres`) use from now on: call the result to read
 * them, by name.
 */
export function cpuSince(processes: readonly { name: string; pid: number }[]): () => Record<string, number> {
  const read = (): Record<string, number> => ({ ...Object.fromEntries(processes.map((p) => [p.name, cpuMs(p.pid)])), postgres: cpuMsOfAll('postgres') });
  const before = read();
  return () => Object.fromEntries(Object.entries(read()).map(([name, ms]) => [name, ms - before[name]]));
}

/**
 * CPU milliseconds per second of each process, and of all PostgreSQL backends, over `seconds` in which nothing is
 * asked of the platform: its pollers, timers and heartbeats, what a replica costs the machine and the database idle.
 */
export async function cpuAtRest(processes: { name: string; pid: number }[], seconds: number): Promise<Record<string, number>> {
  const used = cpuSince(processes);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return Object.fromEntries(Object.entries(used()).map(([name, ms]) => [name, round(ms / seconds, 2)]));
}

export const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Every value of a record of figures to two decimals (percentile tables). */
export const roundAll = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v, 2)]));

/** Runs `worker` over `items` with at most `limit` in flight. */
export async function pool<T, R>(items: T[], limit: number, worker: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await worker(items[i], i);
      }
    }),
  );
  return results;
}

export function progress(line: string): void {
  process.stdout.write(`[bench] ${new Date().toISOString().slice(11, 19)} ${line}\n`);
}


/** autocannon with every response time kept (for exact percentiles). */
export function cannon(opts: autocannon.Options): Promise<{ result: autocannon.Result; latencies: number[] }> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(opts, (err: unknown, result: autocannon.Result) => (err ? reject(err as Error) : resolve({ result, latencies })));
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  });
}

/**
 * CPU milliseconds used so far by every process whose command name is `name` (e.g. all PostgreSQL backends),
 * including their ended children: a backend that exits takes its CPU time out of the live processes' sum, and the
 * postmaster, which reaps it, gains it in its children's time (cutime, cstime). Counting both keeps the figure
 * monotonic, so a difference of two readings never goes negative when connections close in between.
 */
export function cpuMsOfAll(name: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== name) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

/**
 * Peak resident memory of each platform process per scenario of a run: sampled every `everyMs` from /proc, the
 * samples going to the scenario named last (`scenario(label)`), so a peak is never averaged away between two reads of
 * a report. `processes` is asked at each sample (a restart replaces them).
 */
export class RssPeaks {
  private current: string | undefined;
  private readonly peaks: Record<string, Record<string, number>> = {};
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly processes: () => readonly { name: string; pid: number }[],
    everyMs = 250,
  ) {
    this.timer = setInterval(() => this.sample(), everyMs);
    this.timer.unref();
  }

  scenario(label: string): void {
    this.sample();
    this.current = label;
    this.sample();
  }

  /** The peaks so far, in MB, by scenario and process. */
  get(): Record<string, Record<string, number>> {
    this.sample();
    return this.peaks;
  }

  stop(): Record<string, Record<string, number>> {
    clearInterval(this.timer);
    return this.get();
  }

  private sample(): void {
    if (this.current === undefined) return;
    const peaks = (this.peaks[this.current] ??= {});
    for (const { name, pid } of this.processes()) {
      const mb = rssMb(pid);
      if (Number.isFinite(mb)) peaks[name] = Math.max(peaks[name] ?? 0, mb);
    }
  }
}
