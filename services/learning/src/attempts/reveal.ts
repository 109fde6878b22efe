import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { closingOf } from '../floor/challenge.entities';
import { ANSWER_GRACE_MS, type Attempt } from '../floor/attempt.entities';
import type { QuizContext } from './contexts';

/** What a pupil may see of the correctness of a finished attempt. */
export interface Reveal {
  /** Which of their answers were right or wrong (and the points of each). */
  marks: boolean;
  /** The correct answers and explanations. */
  answers: boolean;
  /** When the answers will be shown, when they are not yet (null: no time is known, or already shown). */
  answersAt: Date | null;
}

/** Nothing of correctness: a running attempt, or none. */
export const HIDDEN: Reveal = { marks: false, answers: false, answersAt: null };

interface QuizFacts {
  /** The latest closing of the checkpoints that hold the quiz (in any challenge), null when none does. */
  lastClose: number | null;
  /** Just after the latest deadline + grace of a running attempt of the quiz; read only once `lastClose` has passed. */
  runningUntil?: number;
}

/**
 * The reveal rule. A test of a challenge is the same for every pupil of the grade while its checkpoint is open, so
 * its correct answers are shown only once nobody can still answer it: every checkpoint that holds the quiz (a
 * duplicated challenge shares its tests) has closed, and no attempt still running may save (an attempt started at
 * 23:50 runs its full time past the close). This holds in every context the quiz is played in. Until then a pupil
 * who finished sees their points, and which answers were right only when the challenge's `resultsBeforeClose` is
 * `marks`. Outside challenges (trainings, staff previews) everything is shown at finish.
 *
 * The facts are cached per quiz for 2 s (olympiad morning: everyone reads the same few quizzes); the decision is
 * made with the clock on every call. No attempt can start once the last checkpoint closed, so the running deadline
 * read after the close can only fall: a cached one errs on the side of hiding.
 */
@Injectable()
export class Reveals {
  private readonly facts = new LRUCache<string, QuizFacts>({ max: 5_000, ttl: 2_000 });

  constructor(private readonly ds: DataSource) {}

  async of(ctx: QuizContext, attempt: Attempt | null, now: Date): Promise<Reveal> {
    if (!attempt || attempt.status !== 'finished') return HIDDEN;
    const hiddenUntil = await this.hiddenUntil(attempt.quizId, now);
    const answers = hiddenUntil === null || now.getTime() >= hiddenUntil;
    const marks = answers || attempt.boardKind !== 'challenge' || (await this.marksBeforeClose(ctx, attempt.boardId as string));
    return { marks, answers, answersAt: answers || hiddenUntil === null ? null : new Date(hiddenUntil) };
  }

  /** The setting of the challenge the attempt counts for (the context named in the request is usually it). */
  private async marksBeforeClose(ctx: QuizContext, challengeId: string): Promise<boolean> {
    if (ctx.kind === 'challenge' && ctx.challenge.id === challengeId) return ctx.challenge.resultsBeforeClose === 'marks';
    const [row] = (await this.ds.query('SELECT results_before_close FROM challenges WHERE id = $1', [challengeId])) as { results_before_close: string }[];
    return row?.results_before_close === 'marks';
  }

  /** A new attempt of the quiz started on this node: its deadline must count in the next decision. */
  forget(quizId: string): void {
    this.facts.delete(quizId);
  }

  /** Until when the quiz's correct answers stay hidden (null: it is in no challenge). */
  private async hiddenUntil(quizId: string, now: Date): Promise<number | null> {
    let facts = this.facts.get(quizId);
    if (!facts) {
      facts = { lastClose: await this.lastClose(quizId) };
      this.facts.set(quizId, facts);
    }
    if (facts.lastClose === null) return null;
    if (now.getTime() < facts.lastClose) return facts.lastClose;
    if (facts.runningUntil === undefined) facts.runningUntil = await this.runningUntil(quizId);
    return Math.max(facts.lastClose, facts.runningUntil);
  }

  private async lastClose(quizId: string): Promise<number | null> {
    const rows = (await this.ds.query(
      `SELECT c.opens_at, (SELECT MIN(n.opens_at) FROM checkpoints n WHERE n.challenge_id = c.challenge_id AND n.opens_at > c.opens_at) AS next
         FROM checkpoint_quizzes cq JOIN checkpoints c ON c.id = cq.checkpoint_id
        WHERE cq.quiz_id = $1`,
      [quizId],
    )) as { opens_at: Date; next: Date | null }[];
    if (!rows.length) return null;
    return Math.max(...rows.map((r) => closingOf(new Date(r.opens_at), r.next ? new Date(r.next) : null).getTime()));
  }

  /** One probe of `IDX_attempts_running_quiz`. */
  private async runningUntil(quizId: string): Promise<number> {
    const [row] = (await this.ds.query(
      `SELECT MAX(deadline_at) AS last FROM attempts WHERE quiz_id = $1 AND status = 'running'`,
      [quizId],
    )) as { last: Date | null }[];
    // A save is accepted up to deadline + grace inclusive: the answers wait one millisecond more.
    return row.last ? new Date(row.last).getTime() + ANSWER_GRACE_MS + 1 : 0;
  }
}
