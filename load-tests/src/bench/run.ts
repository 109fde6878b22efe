/**
 * `npm run bench`: olympiad morning on this machine, every figure beside a baseline measured in the same run.
 *   1. cold start of the platform (real processes, as `npm start` runs them) on an empty database;
 *   2. memory of every process at rest, and its CPU per second at rest over BENCH_REST_SECONDS (15), PostgreSQL's too
 *      (`cpuAtRestMsPerSecond`: the pollers, timers and heartbeats a replica costs while idle);
 *   3. a login burst (code request, code from the development inbox, login) for BENCH_PUPILS pupils;
 *   4. answer saves through the gateway for BENCH_SECONDS, against a bare node HTTP server upserting the same row
 *      into the same PostgreSQL (the baseline), with the same connections; CPU and peak memory while saving;
 *   5. a BENCH_BOARD-participant challenge: restart (the live board rebuilds from learning), top-100 and own rank
 *      through the API, ranking updates applied per second on the live board;
 *   6. socket.io fan-out to BENCH_VIEWERS viewers on one notifications node (emit-to-last-receipt, CPU per
 *      delivery), against a bare socket.io server with the same payload and viewers, both connected at once and pushed
 *      in turns (leaderboard.ts `fanOutInTurns`); first to BENCH_FIXED_VIEWERS, for a push's own cost
 *      (`fanOutPerPush`), so each size also gives CPU per delivery beyond it (`marginalCpuRatio`); it starts once every event
 *      consumer has handled step 5's burst (`rankingUpdates.everyConsumerDoneSeconds`: finance's XP credits last);
 *   7. (after step 3) chat: a group of the BENCH_PUPILS signed-in pupils, store-to-last-member delivery p99 beside bare
 *      socket.io, and messages per second into the group (BENCH_CHAT_MESSAGES, 200) (chat.ts; BENCH_ONLY=chat stops there).
 *   0. (before the platform starts) the socket.io adapter's ceiling: room broadcasts a second between two nodes through
 *      PostgreSQL NOTIFY, beside a bare node (adapter.ts; BENCH_ONLY=adapter runs only this).
 *   8. (after step 7) prize drop: the BENCH_PUPILS signed-in pupils check out BENCH_DROP_STOCK (50) units of one product
 *      at once (BENCH_DROP_CONCURRENCY in flight, all of them by default), beside a bare node server doing a conditional
 *      decrement and an order row per checkout (prize-drop.ts; BENCH_ONLY=prize-drop runs steps 1-3 and this one).
 *   9. (last, or alone with BENCH_ONLY=certs after step 1) certificates in bulk: a challenge with BENCH_CERTS (10000)
 *      finishers (bulk SQL), `certs generate` as staff and `certs progress` polled until done, certificates per second
 *      and learning's RSS (peak, and at each quarter of the count: flat memory), the ZIP streamed (time, RSS), beside
 *      the bare renderCertificatePdf making as many PDFs in the bench process (certs.ts; BENCH_CERTS=500 while developing).
 * Every scenario also reports each process's peak RSS while it ran (`peakRssMb`, sampled every 250 ms).
 * The report is printed and written to load-tests/reports/ as JSON and HTML. Nothing here asserts a time.
 * Env: BENCH_PUPILS (2000), BENCH_WARM_UP (300 pupils signed in first, unmeasured), BENCH_SECONDS (20), BENCH_CONNECTIONS (64), BENCH_BOARD (300000), BENCH_VIEWERS
 * (2000,10000), BENCH_FIXED_VIEWERS (10: the fan-out measuring a push's own cost; 0 skips it), BENCH_ROUNDS (15), BENCH_UPDATES (20000), BENCH_CERTS (10000), BENCH_REST_SECONDS (15), BENCH_ONLY=certs (step 9 alone), BENCH_ONLY=answers (stop after step 4, for profiling) or
 * BENCH_ONLY=board (skip step 4: the leaderboard and fan-out only) or BENCH_ONLY=logins (stop after step 3) or
 * BENCH_ONLY=subscribe-flood (after step 3: answer-save p99 alone vs. while BENCH_FLOOD_SOCKETS (4) anonymous
 * sockets send ~BENCH_FLOOD_RATE (2000) `board:subscribe` a second to random board ids, as a ratio; goal within 2x);
 * DATABASE_URL / NATS_URL as for `npm start`.
 */
import { join } from 'node:path';
import os from 'node:os';
import { repoRoot } from '@olymp/infra/dist/runtime';
import { answerSaves, createPupils, loginBurst, startAttempts } from './answers';
import { type FanOut, apiLatency, eventsSettled, fanOutInTurns, samplePush, seedBoard, updatesPerSecond, waitForBoard } from './leaderboard';
import { writeReport } from './report';
import { subscribeFlood } from './subscribe-flood';
import { chatBench } from './chat';
import { adapterBench } from './adapter';
import { prizeDrop } from './prize-drop';
import { certsBench } from './certs';
import { launch, prepare } from './stack';
import { RssPeaks, cpuAtRest, progress, round, rssMb } from './stats';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PUPILS = env('BENCH_PUPILS', 2000);
const WARM_UP = env('BENCH_WARM_UP', 300);
const SECONDS = env('BENCH_SECONDS', 20);
const CONNECTIONS = env('BENCH_CONNECTIONS', 64);
const BOARD = env('BENCH_BOARD', 300_000);
const ROUNDS = env('BENCH_ROUNDS', 15);
const UPDATES = env('BENCH_UPDATES', 20_000);
const FLOOD_SOCKETS = env('BENCH_FLOOD_SOCKETS', 4);
const FLOOD_RATE = env('BENCH_FLOOD_RATE', 2000);
const CHAT_MESSAGES = env('BENCH_CHAT_MESSAGES', 200);
const DROP_STOCK = env('BENCH_DROP_STOCK', 50);
const DROP_CONCURRENCY = env('BENCH_DROP_CONCURRENCY', PUPILS);
const CERTS = env('BENCH_CERTS', 10_000);
const REST_SECONDS = env('BENCH_REST_SECONDS', 15);
/** Viewers of the fan-out that measures a push's own cost (0: not measured). */
const FIXED_VIEWERS = env('BENCH_FIXED_VIEWERS', 10);
const VIEWERS = (process.env.BENCH_VIEWERS ?? '2000,10000').split(',').map(Number).filter((n) => n > 0);
/**
 * `logins`: stop after the login burst; `answers`: stop after the answer saves (profiling them); `board`: skip the
 * saves (the leaderboard and fan-out only); `subscribe-flood`: answer saves alone, then under a subscribe flood;
 * `certs`: certificates in bulk only (right after the cold start).
 */
const ONLY = process.env.BENCH_ONLY;

async function main() {
  const report: Record<string, unknown> = {
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    settings: { PUPILS, WARM_UP, SECONDS, CONNECTIONS, BOARD, VIEWERS, ROUNDS, UPDATES, DROP_STOCK, DROP_CONCURRENCY, CERTS },
    note: 'load generator, platform, PostgreSQL and NATS share this machine; compare the ratios, not the absolute numbers',
  };
  const setup = await prepare();
  try {
    if (!ONLY || ONLY === 'adapter') {
      progress('socket.io adapter: room broadcasts between two nodes through PostgreSQL NOTIFY, beside a bare node');
      report.adapter = await adapterBench(setup.databaseUrl);
    }
    if (ONLY === 'adapter') {
      process.stdout.write(`${JSON.stringify({ machine: report.machine, adapter: report.adapter }, null, 2)}\n`);
      return;
    }
    progress('cold start on an empty database (migrations and demo data)');
    let { stack, startMs } = await launch(setup);
    const rss = new RssPeaks(() => stack.platform.processes);
    report.peakRssMb = rss.get();
    report.startup = { coldMs: Math.round(startMs) };
    await new Promise((r) => setTimeout(r, 3_000));
    report.rssAtRestMb = Object.fromEntries(stack.platform.processes.map((p) => [p.name, rssMb(p.pid)]));
    report.cpuAtRestMsPerSecond = await cpuAtRest(stack.platform.processes, REST_SECONDS);
    if (ONLY === 'certs') {
      rss.scenario('certs');
      progress(`certificates in bulk: ${CERTS} finishers`);
      report.certificates = await certsBench(stack, CERTS);
      const peakRssMb = rss.stop();
      await stack.stop();
      const c = report.certificates as Awaited<ReturnType<typeof certsBench>>;
      const files = writeReport(join(repoRoot(), 'load-tests', 'reports'), { machine: report.machine, settings: { CERTS }, note: report.note, certificates: c, peakRssMb }, certCharts(c));
      process.stdout.write(`${JSON.stringify({ settings: { CERTS }, certificates: c, peakRssMb }, null, 2)}\n`);
      process.stdout.write(`${certHeadline(c)}\n`);
      process.stdout.write(`Report: ${files.json}\n        ${files.html}\n`);
      return;
    }

    rss.scenario('logins');
    progress(`login burst: ${PUPILS} pupils`);
    const warm = await createPupils(stack, WARM_UP, '+7708');
    const people = await createPupils(stack, PUPILS);
    const logins = await loginBurst(stack, people, 32, warm);
    report.logins = logins.result;
    if (ONLY === 'logins') {
      await stack.stop();
      process.stdout.write(`${JSON.stringify({ logins: report.logins, peakRssMb: rss.stop() }, null, 2)}\n`);
      return;
    }

    if (!ONLY || ONLY === 'chat') {
      rss.scenario('chat');
      progress(`chat: a group of ${logins.pupils.length} members`);
      report.chat = await chatBench(stack, logins.pupils, { rounds: ROUNDS, messages: CHAT_MESSAGES });
    }
    if (ONLY === 'chat') {
      await stack.stop();
      process.stdout.write(`${JSON.stringify({ settings: report.settings, chat: report.chat, peakRssMb: rss.stop() }, null, 2)}\n`);
      return;
    }

    if (!ONLY || ONLY === 'prize-drop') {
      rss.scenario('prize-drop');
      progress(`prize drop: ${logins.pupils.length} pupils, ${DROP_STOCK} units`);
      report.prizeDrop = await prizeDrop(stack, logins.pupils, { stock: DROP_STOCK, concurrency: DROP_CONCURRENCY });
    }
    if (ONLY === 'prize-drop') {
      await stack.stop();
      const d = report.prizeDrop as Awaited<ReturnType<typeof prizeDrop>>;
      process.stdout.write(`${JSON.stringify({ settings: report.settings, prizeDrop: report.prizeDrop, peakRssMb: rss.stop() }, null, 2)}\n`);
      process.stdout.write(
        `Headline: prize drop of ${d.stock} units to ${d.stack.pupils} pupils in ${d.stack.seconds} s (${d.stack.checkoutsPerSecond} checkouts/s, p99 ${d.stack.latencyMs.p99} ms), ` +
          `bare baseline ${d.baseline.seconds} s (p99 ${d.baseline.latencyMs.p99} ms); placed ${d.stack.byStatus['201'] ?? 0}, stock left ${d.stack.after.stock}, oversold: ${d.stack.oversold}.\n`,
      );
      return;
    }

    rss.scenario('answers');
    progress('pupils join and start a test');
    const { targets, challengeId } = await startAttempts(stack, logins.pupils);
    if (ONLY === 'subscribe-flood') {
      report.subscribeFlood = await subscribeFlood(stack, targets, { connections: CONNECTIONS, seconds: SECONDS, floodSockets: FLOOD_SOCKETS, floodPerSecond: FLOOD_RATE });
      await stack.stop();
      const f = report.subscribeFlood as { alone: { latencyMs: { p99: number } }; underFlood: { latencyMs: { p99: number } }; p99Ratio: number };
      process.stdout.write(`${JSON.stringify({ settings: report.settings, subscribeFlood: report.subscribeFlood, peakRssMb: rss.stop() }, null, 2)}\n`);
      process.stdout.write(`Headline: answer-save p99 ${f.alone.latencyMs.p99} ms alone, ${f.underFlood.latencyMs.p99} ms under the subscribe flood (${f.p99Ratio}x; goal within 2x).\n`);
      return;
    }
    if (ONLY !== 'board') report.answerSaves = await answerSaves(stack, targets, { connections: CONNECTIONS, seconds: SECONDS });
    if (ONLY === 'answers') {
      await stack.stop();
      process.stdout.write(`${JSON.stringify({ logins: report.logins, answerSaves: report.answerSaves, peakRssMb: rss.stop() }, null, 2)}\n`);
      if (report.answerSaves) process.stdout.write(`${answersHeadline(report.answerSaves as Awaited<ReturnType<typeof answerSaves>>)}\n`);
      return;
    }

    rss.scenario('board-rebuild');
    progress(`seeding a ${BOARD}-participant board, then restarting`);
    await seedBoard(stack, challengeId, BOARD, logins.pupils.map((p) => p.id));
    await stack.stop();
    ({ stack, startMs } = await launch(setup));
    const rebuildMs = await waitForBoard(stack, challengeId, BOARD, 300_000);
    report.startup = { ...(report.startup as object), warmMs: Math.round(startMs), liveBoardRebuiltMsAfterStart: Math.round(rebuildMs) };
    report.rssWithBoardMb = Object.fromEntries(stack.platform.processes.map((p) => [p.name, rssMb(p.pid)]));

    rss.scenario('leaderboard');
    progress('leaderboard API latency');
    report.leaderboardApi = await apiLatency(stack, challengeId, logins.pupils.map((p) => p.token), 10);
    progress(`ranking updates: ${UPDATES} quiz.finished events`);
    report.rankingUpdates = await updatesPerSecond(stack, challengeId, UPDATES);
    progress('waiting for every event consumer to handle the burst (finance credits XP for each) before the fan-out');
    const settled = await eventsSettled(stack, 600_000);
    report.rankingUpdates = { ...(report.rankingUpdates as object), everyConsumerDoneSeconds: settled.seconds, consumers: settled.consumers };

    rss.scenario('fan-out');
    const sample = await samplePush(stack, challengeId);
    const fan: Record<string, unknown> = {};
    // A push's own cost (the event, the ranking, the view, one encoding) beside the bare server's (a message over IPC,
    // one encoding): both sides pushed to a handful of viewers. A push to n viewers costs that plus n deliveries, so
    // each size below also reports CPU per delivery beyond it (`marginalCpuRatio`, the slope from this size to n).
    let small: { notifications: FanOut; rawSocketIo: FanOut } | undefined;
    if (FIXED_VIEWERS > 0) {
      progress(`a push's own cost: fan-out to ${FIXED_VIEWERS} viewers, ${ROUNDS * 2} pushes each side`);
      try {
        small = await fanOutInTurns(stack, challengeId, FIXED_VIEWERS, ROUNDS * 2, sample);
        report.fanOutPerPush = {
          viewers: FIXED_VIEWERS,
          rounds: ROUNDS * 2,
          cpuMsPerPush: { notifications: round(cpuPerPush(small.notifications), 2), rawSocketIo: round(cpuPerPush(small.rawSocketIo), 2) },
          emitToLastMs: { notifications: small.notifications.emitToLastMs, rawSocketIo: small.rawSocketIo.emitToLastMs },
        };
      } catch (err) {
        report.fanOutPerPush = { failed: err instanceof Error ? err.message : String(err) };
      }
    }
    for (const n of VIEWERS) {
      progress(`fan-out to ${n} viewers (the notifications node and bare socket.io, pushed in turns)`);
      let ours: Awaited<ReturnType<typeof fanOutInTurns>>['notifications'];
      let raw: Awaited<ReturnType<typeof fanOutInTurns>>['rawSocketIo'];
      try {
        ({ notifications: ours, rawSocketIo: raw } = await fanOutInTurns(stack, challengeId, n, ROUNDS, sample));
      } catch (err) {
        // A size this machine cannot hold is a finding, not a reason to lose the rest of the report.
        fan[n] = { failed: err instanceof Error ? err.message : String(err) };
        progress(`fan-out to ${n} viewers failed: ${String(fan[n] && (fan[n] as { failed: string }).failed)}`);
        continue;
      }
      fan[n] = {
        notifications: ours, rawSocketIo: raw,
        // Where CPU is read in 10 ms ticks (no schedstat), few deliveries may read 0 on the baseline: no ratio then.
        cpuRatio: raw.cpuMsPerThousandDeliveries > 0 ? round(ours.cpuMsPerThousandDeliveries / raw.cpuMsPerThousandDeliveries, 2) : null,
        marginalCpuRatio: small && n > FIXED_VIEWERS ? marginalRatio(ours, raw, small) : null,
      };
    }
    report.fanOut = fan;
    report.rssUnderLoadMb = Object.fromEntries(stack.platform.processes.map((p) => [p.name, rssMb(p.pid)]));
    if (!ONLY) {
      rss.scenario('certs');
      progress(`certificates in bulk: ${CERTS} finishers`);
      report.certificates = await certsBench(stack, CERTS);
    }
    rss.stop();
    await stack.stop();
  } finally {
    await setup.cleanup();
  }

  const a = report.answerSaves as Awaited<ReturnType<typeof answerSaves>> | undefined;
  const api = report.leaderboardApi as Record<string, { latencyMs: Record<string, number> }>;
  const fan = Object.fromEntries(Object.entries(report.fanOut as Record<string, { notifications?: { emitToLastMs: Record<string, number> }; rawSocketIo?: { emitToLastMs: Record<string, number> } }>)
    .filter(([, v]) => v.notifications && v.rawSocketIo)) as Record<string, { notifications: { emitToLastMs: Record<string, number> }; rawSocketIo: { emitToLastMs: Record<string, number> } }>;
  const drop = report.prizeDrop as Awaited<ReturnType<typeof prizeDrop>> | undefined;
  const certs = report.certificates as Awaited<ReturnType<typeof certsBench>> | undefined;
  const files = writeReport(join(repoRoot(), 'load-tests', 'reports'), report, [
    ...(drop ? [{ title: `Prize drop: ${drop.stack.pupils} checkouts of ${drop.stock} units at once (stack through the gateway vs bare baseline)`, unit: 'ms', rows: [
      { label: 'wall time', value: Math.round(drop.stack.seconds * 1000), baseline: Math.round(drop.baseline.seconds * 1000) },
      { label: 'checkout p99', value: drop.stack.latencyMs.p99, baseline: drop.baseline.latencyMs.p99 },
    ] }] : []),
    ...(a ? [{ title: 'Answer saves per second (stack through the gateway vs bare baseline)', unit: '/s', rows: [{ label: 'answer saves', value: a.stack.perSecond, baseline: a.baseline.perSecond }] }] : []),
    ...(certs ? certCharts(certs) : []),
    { title: 'Leaderboard API p99 latency', unit: 'ms', rows: Object.entries(api).map(([k, v]) => ({ label: k, value: v.latencyMs.p99 })) },
    {
      title: 'Fan-out emit-to-last p99 (notifications vs bare socket.io)', unit: 'ms',
      rows: Object.entries(fan).map(([n, v]) => ({ label: `${n} viewers`, value: v.notifications.emitToLastMs.p99, baseline: v.rawSocketIo.emitToLastMs.p99 })),
    },
  ]);
  process.stdout.write(`\n${JSON.stringify(report, null, 2)}\n\n`);
  if (a) process.stdout.write(`${answersHeadline(a)}\n`);
  if (certs) process.stdout.write(`${certHeadline(certs)}\n`);
  process.stdout.write(`Report: ${files.json}\n        ${files.html}\n`);
}

const answersHeadline = (a: Awaited<ReturnType<typeof answerSaves>>) =>
  `Headline: answer saves ${a.stack.perSecond}/s through the gateway, ${a.ratio} of the bare baseline (${a.baseline.perSecond}/s); p99 ${a.stack.latencyMs.p99} ms ` +
  `(baseline ${a.baseline.latencyMs.p99} ms); slices ${a.slices.map((s) => `${s.side === 'baseline' ? 'B' : 'S'} ${Math.round(s.perSecond)}`).join(', ')}; ` +
  `checkpointer buffers written during the stack's slices ${a.checkpointer.stack.buffersWritten}, the baseline's ${a.checkpointer.baseline.buffersWritten}.`;

/** CPU milliseconds one push of a fan-out cost its server, on average. */
const cpuPerPush = (f: FanOut) => (f.cpuMsPerThousandDeliveries * f.viewers) / 1000;

/**
 * CPU per delivery beyond a push's own cost, the notifications node against bare socket.io: each side's slope of CPU
 * per push from the small fan-out to this one (null when the baseline's slope is not positive).
 */
function marginalRatio(ours: FanOut, raw: FanOut, small: { notifications: FanOut; rawSocketIo: FanOut }): number | null {
  const slope = (big: FanOut, little: FanOut) => (cpuPerPush(big) - cpuPerPush(little)) / (big.viewers - little.viewers);
  const bare = slope(raw, small.rawSocketIo);
  return bare > 0 ? round(slope(ours, small.notifications) / bare, 2) : null;
}

function certCharts(c: Awaited<ReturnType<typeof certsBench>>) {
  return [
    { title: `Certificates: ${c.count} made per second (generate through the API vs the bare renderer in one process)`, unit: '/s', rows: [{ label: 'certificates', value: c.api.perSecond, baseline: c.bare.perSecond }] },
    {
      title: 'Certificates: learning RSS as the count grows (API run) vs the bare renderer process', unit: 'MB',
      rows: Object.entries(c.api.learningRssAtDoneMb).map(([done, mb]) => ({ label: `${done} done`, value: mb, baseline: c.bare.rssAtDoneMb[done] })),
    },
  ];
}

const certHeadline = (c: Awaited<ReturnType<typeof certsBench>>) =>
  `Headline: ${c.count} certificates in ${c.api.seconds} s through the API (${c.api.perSecond}/s), ${c.rateRatio} of the bare renderer (${c.bare.perSecond}/s); ` +
  `learning RSS ${Object.entries(c.api.learningRssAtDoneMb).map(([k, v]) => `${v} MB at ${k}`).join(', ')} (ratio ${c.api.rssRatioWholeToQuarter}), peak ${c.api.learningRssPeakMb} MB; ` +
  `ZIP of ${c.zip.entries} entries, ${c.zip.mb} MB in ${c.zip.seconds} s, learning RSS ${c.zip.learningRssBeforeMb} -> peak ${c.zip.learningRssPeakMb} MB; ` +
  `load average ${c.loadAverage.start[0]} at the start, ${c.loadAverage.end[0]} at the end.`;

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
