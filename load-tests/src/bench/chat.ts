/**
 * Chat (docs/chat.md): a group of every signed-in bench pupil (BENCH_PUPILS, 2,000 by default) on one notifications
 * node, each member's socket signed in and joined. Measured: (1) delivery of one message, from the moment it is
 * stored (`createdAt`) to its receipt by the last member, BENCH_ROUNDS times (p50/p99), beside the same fan-out from
 * a bare socket.io server with a payload of the same size; (2) messages per second into the group: BENCH_CHAT_MESSAGES
 * messages sent by distinct members (the rate limit is per member), 16 at a time, until every member got all.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Pupil } from './answers';
import { rawFanOut } from './leaderboard';
import type { Stack } from './stack';
import { cpuMs, percentiles, pool, progress, round, roundAll } from './stats';

const PER_PROCESS = Number(process.env.BENCH_VIEWERS_PER_PROCESS ?? 2_500);

function next(child: ChildProcess, key: string): Promise<Record<string, number | string>> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Record<string, number | string>) => {
      if (key in m) {
        child.off('message', onMessage);
        resolve(m);
      } else if ('failed' in m) {
        child.off('message', onMessage);
        reject(new Error(String(m.failed)));
      }
    };
    child.on('message', onMessage);
  });
}

export async function chatBench(stack: Stack, pupils: Pupil[], opts: { rounds: number; messages: number }) {
  const groupId = randomUUID();
  const now = new Date();
  await stack.sql(
    `INSERT INTO notifications.chat_groups (id, kind, ref_id, is_default, title, links_allowed, last_seq, created_at, updated_at)
     VALUES ($1, 'challenge', $2, true, $3, false, 0, $4, $4)`,
    [groupId, randomUUID(), JSON.stringify({ kk: 'Bench', ru: 'Bench', en: 'Bench' }), now],
  );
  await stack.sql(
    `INSERT INTO notifications.chat_members (group_id, user_id, name, role, active, changed_at, joined_at)
     SELECT $1, unnest($2::uuid[]), 'Bench P.', 'pupil', true, $3, $3`,
    [groupId, pupils.map((p) => p.id), now],
  );
  const url = `http://127.0.0.1:${stack.platform.ports.notifications}`;
  const processes = Math.max(1, Math.ceil(pupils.length / PER_PROCESS));
  const share = Math.ceil(pupils.length / processes);
  const children = Array.from({ length: processes }, () => fork(join(__dirname, 'chat-worker.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  progress(`chat: connecting ${pupils.length} members`);
  await Promise.all(children.map((c, i) => {
    const done = next(c, 'connected');
    c.send({ connect: { url, tokens: pupils.slice(i * share, (i + 1) * share).map((p) => p.token), groupId } });
    return done;
  }));
  let arms = 0;
  const armed = async (count: number, trigger: () => Promise<void>) => {
    arms += 1;
    const ready = children.map((c) => next(c, 'armed'));
    const results = children.map((c) => next(c, 'round'));
    for (const c of children) c.send({ arm: arms, count });
    await Promise.all(ready);
    const t0 = Date.now();
    await trigger();
    const got = await Promise.all(results);
    return { t0, last: Math.max(...got.map((g) => Number(g.last))), emitAt: Math.max(...got.map((g) => Number(g.emitAt))) };
  };
  let sender = 0;
  let sample: object = {};
  const post = async (text: string) => {
    const p = pupils[sender++ % pupils.length];
    const res = await fetch(`${url}/api/chat/groups/${groupId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: randomUUID().replace(/-/g, ''), text }),
    });
    if (res.status !== 201) throw new Error(`chat send: ${res.status} ${await res.text()}`);
    sample = ((await res.json()) as { data: object }).data;
  };

  const pid = stack.pid('notifications');
  const times: number[] = [];
  const cpu0 = cpuMs(pid);
  for (let r = 0; r < opts.rounds; r++) {
    const { last, emitAt } = await armed(1, () => post(`Round ${r}: сәлем 👋`));
    times.push(last - emitAt);
    await new Promise((res) => setTimeout(res, 300));
  }
  const cpu = cpuMs(pid) - cpu0;
  progress(`chat: ${opts.messages} messages into the group`);
  const burst = await armed(opts.messages, async () => {
    await pool(Array.from({ length: opts.messages }), 16, (_, i) => post(`Burst ${i}`));
  });
  const seconds = (burst.last - burst.t0) / 1000;
  await Promise.all(children.map((c) => new Promise<void>((resolve) => {
    c.once('exit', () => resolve());
    c.send({ close: true });
  })));
  progress(`chat baseline: bare socket.io to ${pupils.length} clients`);
  const raw = await rawFanOut(pupils.length, opts.rounds, sample);
  return {
    members: pupils.length,
    delivery: { rounds: opts.rounds, storeToLastMs: roundAll(percentiles(times)), cpuMsPerThousandDeliveries: round((cpu / (pupils.length * opts.rounds)) * 1000, 2) },
    rawSocketIo: raw,
    burst: { messages: opts.messages, seconds: round(seconds, 2), messagesPerSecond: round(opts.messages / seconds, 1), deliveriesPerSecond: round((opts.messages * pupils.length) / seconds) },
  };
}
