/**
 * The quiz's answer queue against a scripted network (fetch replaced): retries keep the seq, a newer answer
 * supersedes one still retrying, refusals are not retried, and nothing is retried after the server's grace.
 */
import { AnswerQueue, type AnswerSlot } from '../src/pages/student/quiz/answerQueue';

interface Sent {
  questionId: string;
  seq: number;
  answer: unknown;
}

type Reply = 'network' | 503 | 400 | 200;

function scriptedFetch(replies: Reply[]) {
  const sent: Sent[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as Sent;
    sent.push({ questionId: body.questionId, seq: body.seq, answer: body.answer });
    const reply = replies.shift() ?? 200;
    if (reply === 'network') throw new TypeError('fetch failed');
    const payload =
      reply === 200
        ? { data: { attemptId: 'a', questionId: body.questionId, seq: body.seq, applied: true, remainingSeconds: 100 } }
        : { statusCode: reply, code: reply === 400 ? 'ATTEMPT_TIME_UP' : 'OVERLOADED', message: 'no' };
    return new Response(JSON.stringify(payload), { status: reply, headers: { 'content-type': 'application/json' } });
  });
  return { sent, spy };
}

function queue(deadline = Date.now() + 60_000) {
  let slots: ReadonlyMap<string, AnswerSlot> = new Map();
  const q = new AnswerQueue('attempt-1', () => deadline, (next) => (slots = next));
  return { q, state: (id: string) => slots.get(id)?.state, seq: (id: string) => slots.get(id)?.seq };
}

/** Polls a condition with a deadline (no fixed sleeps). */
async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

afterEach(() => jest.restoreAllMocks());

describe('AnswerQueue', () => {
  it('retries a failed save with the same seq until it is saved', async () => {
    const { sent } = scriptedFetch(['network', 503, 200]);
    const { q, state } = queue();
    q.answer('q1', { optionId: 'o1' });
    expect(state('q1')).toBe('saving');
    expect(await q.flush(10_000)).toBe(true);
    expect(state('q1')).toBe('saved');
    expect(sent.map((s) => s.seq)).toEqual([1, 1, 1]);
    q.close();
  });

  it('lets a newer answer supersede one still waiting for a retry, and the old one is not sent again', async () => {
    const { sent } = scriptedFetch(['network', 200, 200]);
    const { q, state, seq } = queue();
    q.answer('q1', { optionId: 'old' });
    await until(() => state('q1') === 'retrying');
    q.answer('q1', { optionId: 'new' });
    expect(await q.flush(10_000)).toBe(true);
    expect(state('q1')).toBe('saved');
    expect(seq('q1')).toBe(2);
    expect(sent.map((s) => [s.seq, s.answer])).toEqual([
      [1, { optionId: 'old' }],
      [2, { optionId: 'new' }],
    ]);
    q.close();
  });

  it('continues from the seq the server holds after a reload', async () => {
    const { sent } = scriptedFetch([200]);
    const { q, state } = queue();
    q.restore([{ questionId: 'q1', answer: { value: 3 }, seq: 7 }]);
    expect(state('q1')).toBe('saved');
    q.answer('q1', { value: 4 });
    await q.flush(5_000);
    expect(sent).toEqual([{ questionId: 'q1', seq: 8, answer: { value: 4 } }]);
    q.close();
  });

  it('does not retry a refusal (time is up)', async () => {
    const { sent } = scriptedFetch([400]);
    const { q, state } = queue();
    q.answer('q1', { text: 'x' });
    await q.flush(5_000);
    expect(state('q1')).toBe('failed');
    expect(sent).toHaveLength(1);
    q.close();
  });

  it('gives up on network failures once the deadline and the server grace have passed', async () => {
    const { sent } = scriptedFetch(['network', 'network']);
    const { q, state } = queue(Date.now() - 6_000);
    q.answer('q1', { optionIds: ['a', 'b'] });
    await q.flush(5_000);
    expect(state('q1')).toBe('failed');
    expect(sent).toHaveLength(1);
    q.close();
  });
});
