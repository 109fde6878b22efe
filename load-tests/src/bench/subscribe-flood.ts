import { fork } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from '@nats-io/transport-node';
import { type AnswerTarget, hammer } from './answers';
import type { Stack } from './stack';
import { cpuMs, progress, round } from './stats';

/**
 * Pupils' answer saves (through the gateway) alone, then while anonymous sockets flood `board:subscribe` with
 * random board ids (each needing a lookup at learning unless the node refuses it first): the answer-save p99 under
 * the flood as a ratio of the p99 alone (the goal is within 2x), with learning's CPU and the lookups learning got
 * (counted on NATS) in each phase. Nothing here asserts a time.
 */
export async function subscribeFlood(
  stack: Stack,
  targets: AnswerTarget[],
  opts: { connections: number; seconds: number; floodSockets: number; floodPerSecond: number },
) {
  const nc = await connect({ servers: stack.natsUrl });
  let lookups = 0;
  const sub = nc.subscribe(`${stack.natsPrefix}learning.board.standings`, {
    callback: () => {
      lookups++;
    },
  });
  const phase = async (label: string) => {
    progress(`answer saves ${label}: ${opts.seconds}s, ${opts.connections} connections`);
    const cpu0 = cpuMs(stack.pid('learning'));
    const lookups0 = lookups;
    const t = performance.now();
    const run = await hammer(`${stack.platform.url}/api/user-answer`, targets, { ...opts, auth: true });
    const wall = (performance.now() - t) / 1000;
    return {
      ...run,
      learningCpuCores: round((cpuMs(stack.pid('learning')) - cpu0) / 1000 / wall, 2),
      lookupsAtLearningPerSecond: round((lookups - lookups0) / wall),
    };
  };
  try {
    const alone = await phase('alone');
    const worker = fork(join(__dirname, 'flood-worker.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const message = <T>(pick: (m: Record<string, unknown>) => T | undefined) =>
      new Promise<T>((resolve) => {
        const on = (m: Record<string, unknown>) => {
          const v = pick(m);
          if (v !== undefined) {
            worker.off('message', on);
            resolve(v);
          }
        };
        worker.on('message', on);
      });
    const started = message((m) => (m.started ? true : undefined));
    worker.send({ start: { url: stack.platform.url, sockets: opts.floodSockets, perSecond: opts.floodPerSecond } });
    await started;
    const flooded = await phase(`under a subscribe flood (${opts.floodSockets} sockets, ~${opts.floodPerSecond} attempts/s)`);
    const done = message((m) => m.counts as Record<string, number> | undefined);
    worker.send({ stop: true });
    const counts = await done;
    return {
      alone,
      underFlood: flooded,
      flood: { sockets: opts.floodSockets, targetPerSecond: opts.floodPerSecond, ...counts },
      p99Ratio: round(flooded.latencyMs.p99 / alone.latencyMs.p99, 2),
      throughputRatio: round(flooded.perSecond / alone.perSecond, 2),
    };
  } finally {
    sub.unsubscribe();
    await nc.close();
  }
}
