/**
 * The answer-save load generator, in a fresh process for every slice of a measurement (answers.ts `hammer`): the
 * generator is the instrument, and it must read the same whatever the bench did before. In the bench's own process it
 * ran after the chat's 2,000 sockets and the prize drop, on a heap they had grown, and cost 54-85 us per save there
 * against 53-60 us in a run of the saves alone (docs/performance.md, session 19). Told its work over IPC; answers the
 * result, every response time, each target's last seq and its own CPU time.
 */
import { cannon, percentiles } from './stats';
import type { AnswerTarget, HammerResult, HammerWork } from './answers';

process.once('message', (work: HammerWork) => {
  void run(work).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (err: unknown) => {
      process.stderr.write(`hammer worker failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
});

async function run(work: HammerWork): Promise<HammerResult> {
  const targets: AnswerTarget[] = work.targets;
  let next = work.first;
  const cpu0 = process.cpuUsage();
  const { result, latencies } = await cannon({
    url: work.url,
    method: 'POST',
    connections: work.connections,
    duration: work.seconds,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const t = targets[next++ % targets.length];
          t.seq += 1;
          return {
            ...req,
            headers: { ...req.headers, ...(work.auth ? { authorization: `Bearer ${t.token}` } : {}) },
            body: JSON.stringify({ attemptId: t.attemptId, questionId: t.questionId, answer: t.answer, seq: t.seq }),
          };
        },
      },
    ],
  });
  const cpu = process.cpuUsage(cpu0);
  return {
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    // The parent pools the slices' response times for its percentiles; a slice's own are for the noise table.
    latencies,
    p99: percentiles(latencies, [99]).p99,
    seqs: targets.map((t) => t.seq),
    next,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}
