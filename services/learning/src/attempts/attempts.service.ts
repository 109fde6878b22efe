import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { LRUCache } from 'lru-cache';
import type { Pool } from 'pg';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { Clock, type Counter, DomainError, EventOutbox, Metrics, notFound } from '@olymp/server-kit';
import { ANSWER_GRACE_MS, Attempt, type AnswerValue, type ContextKind, type Prechecks, UserAnswer } from '../floor/attempt.entities';
import { type ContextQuery, type QuizContext, QuizContexts } from './contexts';
import { flexAccessOpen } from '../floor/flex.entities';
import { type Sheet, Sheets, correctAnswerOf, isCorrect, normalizeAnswer, optionsFor, seededOrder } from './sheet';
import type { Reveal } from './reveal';
import { Participations, type Standing } from '../boards/participations.service';
import { OwnRanks } from '../boards/own-ranks';
import { Participation } from '../floor/participation.entity';
import { Achievements } from '../treasures/achievements.service';
import { almaty } from '../floor/time';
import { checkpointWindow } from '../floor/checkpoint-window';
import { SaveBatcher, type SaveOutcome } from './save-batcher';

export interface PrecheckInput {
  charged: boolean;
  stableConnection: boolean;
  timerKeepsRunning: boolean;
}

export interface SaveInput {
  attemptId: string;
  questionId: string;
  answer: Record<string, unknown>;
  seq?: number;
}

/**
 * One answer save. KEY SHARE, the lightest row lock, is enough: it conflicts with the finish's FOR UPDATE, so a
 * finish waits for saves in flight, and a save that waited re-checks `status` on the finished row and writes nothing.
 * Every sub-statement sees the same snapshot, so `current` is the stored seq when nothing was applied.
 */
const SAVE_ANSWER_SQL = `WITH a AS (
    SELECT id FROM attempts
     WHERE id = $1 AND status = 'running' AND deadline_at >= $5::timestamptz - make_interval(secs => $6::int / 1000.0)
     FOR KEY SHARE
  ), up AS (
    INSERT INTO user_answers (attempt_id, question_id, answer, seq, saved_at)
    SELECT a.id, $2, $3::jsonb, COALESCE($4::int, 1), $5 FROM a
    ON CONFLICT (attempt_id, question_id) DO UPDATE
      SET answer = EXCLUDED.answer, seq = COALESCE($4::int, user_answers.seq + 1), saved_at = EXCLUDED.saved_at
      WHERE $4::int IS NULL OR user_answers.seq < $4::int
    RETURNING seq
  )
  SELECT (SELECT COUNT(*) FROM a)::int AS running, (SELECT seq FROM up) AS applied,
         (SELECT seq FROM user_answers WHERE attempt_id = $1 AND question_id = $2) AS current`;

interface AttemptMeta {
  userId: string;
  quizId: string;
  order: Set<string>;
  deadlineMs: number;
}

function metaOf(userId: string, quizId: string, order: readonly string[], deadlineAt: Date): AttemptMeta {
  return { userId, quizId, order: new Set(order), deadlineMs: deadlineAt.getTime() };
}

export interface FinishOutcome {
  attempt: Attempt;
  /** False when the attempt was already finished (by the pupil, a retry or the sweeper): nothing was written. */
  finishedNow: boolean;
  standing: Standing | null;
}

/**
 * Attempts: start (fixes the deadline), save answers (idempotent, ordered by `seq`, refused after deadline+grace),
 * finish (exactly once, by the pupil or the sweeper), and what a pupil may see of them.
 */
@Injectable()
export class Attempts {
  private readonly metas = new LRUCache<string, AttemptMeta>({ max: 200_000, ttl: 6 * 3_600_000 });
  private readonly batcher = new SaveBatcher(() => this.pool(), ANSWER_GRACE_MS);

  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly sheets: Sheets,
    private readonly contexts: QuizContexts,
    private readonly participations: Participations,
    private readonly outbox: EventOutbox,
    private readonly achievements: Achievements,
    private readonly ownRanks: OwnRanks,
    metrics: Metrics,
  ) {
    this.saves = metrics.counter('learning_answer_saves_total', 'Answers saved (applied or older than the stored one), by the pupils\' save requests');
    this.finishes = metrics.counter('learning_quiz_finishes_total', 'Attempts finished, by who finished them (user, timeout)', ['by']);
  }

  private readonly saves: Counter;
  private readonly finishes: Counter<'by'>;

  /** The latest attempt of a pupil at a quiz in a context (not counting reset ones). */
  async latest(userId: string, quizId: string, ctx: QuizContext, manager: EntityManager = this.ds.manager): Promise<Attempt | null> {
    const qb = manager
      .createQueryBuilder(Attempt, 'a')
      .where('a.user_id = :userId AND a.quiz_id = :quizId AND a.status <> :reset', { userId, quizId, reset: 'reset' })
      .orderBy('a.attempt_no', 'DESC')
      .limit(1);
    if (ctx.board) qb.andWhere('a.board_kind = :kind AND a.board_id = :boardId', { kind: ctx.board.kind, boardId: ctx.board.id });
    else if (ctx.kind === 'flex') qb.andWhere('a.context_kind = :flex AND a.flex_lesson_id = :lessonId', { flex: 'flex', lessonId: ctx.lesson.id });
    else qb.andWhere('a.context_kind = :standalone', { standalone: 'standalone' });
    return qb.getOne();
  }

  /**
   * Starts an attempt, or answers the running one (a retried start never moves the deadline). The rules of the
   * context are checked in the same transaction that creates the attempt.
   */
  async start(userId: string, quizId: string, q: ContextQuery, prechecks: PrecheckInput | undefined, staffPreview: boolean) {
    if (!prechecks?.charged || !prechecks.stableConnection || !prechecks.timerKeepsRunning) throw new DomainError('PRECHECKS_REQUIRED');
    const started = await this.startIn(userId, quizId, q, staffPreview);
    // The node that started an attempt answers its first saves without reading it back (after the commit).
    this.metas.set(started.attempt.id, metaOf(started.attempt.userId, started.attempt.quizId, started.attempt.questionOrder, started.attempt.deadlineAt));
    return started;
  }

  private startIn(userId: string, quizId: string, q: ContextQuery, staffPreview: boolean) {
    return this.ds.transaction(async (m) => {
      const ctx = await this.contexts.resolve(quizId, q, m);
      const now = this.clock.now();
      if (ctx.kind === 'standalone' && !staffPreview) throw new DomainError('QUIZ_NOT_IN_CONTEXT');
      // A flex lesson's test: the pupil's paid access to the course runs (staff preview it like a standalone quiz).
      if (ctx.kind === 'flex' && !staffPreview) {
        if (!ctx.course.published) throw notFound();
        if (!(await flexAccessOpen(m, ctx.course.id, userId, now))) throw new DomainError('FLEX_NOT_ENROLLED');
      }
      let participation: Participation | null = null;
      if (ctx.board) {
        participation = await this.participations.lock(m, ctx.board, userId);
        if (!participation) throw new DomainError('NOT_A_PARTICIPANT');
      }
      const running = await m.findOne(Attempt, { where: { userId, quizId, status: 'running' } });
      if (running) {
        const same = ctx.board
          ? running.boardId === ctx.board.id
          : ctx.kind === 'flex' ? running.flexLessonId === ctx.lesson.id : running.contextKind === 'standalone';
        if (!same) throw new DomainError('ATTEMPT_ALREADY_STARTED');
        return { attempt: running, ctx, resumed: true };
      }
      const previous = await this.latest(userId, quizId, ctx, m);
      if (ctx.kind === 'challenge') {
        const { challenge, checkpoint } = ctx;
        if (!challenge.published || challenge.archived) throw notFound();
        const window = await checkpointWindow(m, checkpoint);
        if (now < window.opensAt) throw new DomainError('CHECKPOINT_NOT_OPEN', { opensAt: almaty(window.opensAt) });
        if (now >= window.closesAt) throw new DomainError('CHECKPOINT_CLOSED', { closedAt: almaty(window.closesAt) });
        // One go at each test of a challenge.
        if (previous) throw new DomainError('ATTEMPT_FINISHED');
      }
      if (ctx.kind === 'training') {
        const { training } = ctx;
        if (!training.published) throw notFound();
        const tries = previous?.attemptNo ?? 0;
        if (training.tryNumber !== null && tries >= training.tryNumber) throw new DomainError('TRIES_EXHAUSTED', { tries: training.tryNumber });
        const p = participation as Participation;
        if (p.hearts !== null && p.hearts <= 0) {
          if (p.heartsRefillAt && now < p.heartsRefillAt) throw new DomainError('NO_HEARTS', { resetsAt: almaty(p.heartsRefillAt) });
          await m.update(Participation, { id: p.id }, { hearts: training.heartsMax, heartsRefillAt: null });
        }
      }
      const sheet = await this.sheets.of(quizId, m);
      const id = randomUUID();
      const authored = sheet.questions.map((x) => x.id);
      // Seeded by the attempt id: the order is the attempt's own, the same on every reload, device and node.
      const order = sheet.shuffle ? seededOrder(authored, id, (x) => x) : authored;
      const attempt = m.create(Attempt, {
        id,
        userId,
        quizId,
        contextKind: ctx.kind as ContextKind,
        boardKind: ctx.board?.kind ?? null,
        boardId: ctx.board?.id ?? null,
        checkpointId: ctx.kind === 'challenge' ? ctx.checkpoint.id : null,
        subchapterId: ctx.kind === 'training' ? ctx.subchapter.id : null,
        flexLessonId: ctx.kind === 'flex' ? ctx.lesson.id : null,
        attemptNo: (previous?.attemptNo ?? 0) + 1,
        status: 'running',
        prechecks: { charged: true, stableConnection: true, timerKeepsRunning: true, confirmedAt: now.toISOString() } satisfies Prechecks,
        questionOrder: order,
        shuffled: sheet.shuffle,
        startedAt: now,
        deadlineAt: new Date(now.getTime() + sheet.durationSeconds * 1000),
        maxPoints: sheet.maxPoints,
        questionCount: sheet.questions.length,
      });
      await m.insert(Attempt, attempt);
      return { attempt, ctx, resumed: false };
    });
  }

  /**
   * Saves answers of a running attempt: the hot path of olympiad morning, so no transaction around it and one
   * statement for all the saves a node receives in one turn of its event loop (SaveBatcher). What never changes about an attempt (owner, quiz, question order, deadline) is cached
   * per process; the statement itself checks that the attempt is still running and within deadline + grace, and
   * share-locks its row while it writes, so a finish (which takes the row exclusively) waits for saves in flight
   * and scores what they wrote, and a save after the finish changes nothing.
   */
  async save(userId: string, inputs: SaveInput[], quizId?: string) {
    const attemptId = inputs[0].attemptId;
    if (inputs.some((i) => i.attemptId !== attemptId)) throw new DomainError('VALIDATION_FAILED');
    const meta = await this.meta(attemptId);
    if (!meta || meta.userId !== userId || (quizId !== undefined && meta.quizId !== quizId)) throw notFound();
    const now = this.clock.now();
    if (now.getTime() > meta.deadlineMs + ANSWER_GRACE_MS) throw new DomainError('ATTEMPT_TIME_UP');
    const sheet = await this.sheets.of(meta.quizId);
    const rows = inputs.map((i) => {
      const question = sheet.byId.get(i.questionId);
      if (!question || !meta.order.has(i.questionId)) throw new DomainError('QUESTION_NOT_IN_QUIZ');
      return { questionId: i.questionId, answer: normalizeAnswer(question, i.answer), seq: i.seq ?? null };
    });
    // Saves with a seq join the batch together; without one, they go one after another as they came.
    let outcomes: SaveOutcome[] = [];
    if (rows.every((r) => r.seq !== null)) outcomes = await Promise.all(rows.map((r) => this.saveOne(attemptId, r, now)));
    else for (const r of rows) outcomes.push(await this.saveOne(attemptId, r, now));
    if (outcomes.some((o) => !o.running)) throw new DomainError('ATTEMPT_FINISHED');
    this.saves.inc(rows.length);
    const saved = rows.map((r, i) => {
      const o = outcomes[i];
      return o.applied !== null
        ? { questionId: r.questionId, seq: o.applied, applied: true }
        : { questionId: r.questionId, seq: o.current ?? 0, applied: false };
    });
    return { attemptId, quizId: meta.quizId, saved, remainingSeconds: Math.max(0, Math.ceil((meta.deadlineMs - now.getTime()) / 1000)) };
  }

  /**
   * One answer: with a seq (what the apps send) it joins the turn's batch (SaveBatcher); without one it is replaced
   * by any later save, which a batch cannot express (`seq + 1` of the stored row), so it is a statement of its own.
   */
  private async saveOne(attemptId: string, r: { questionId: string; answer: unknown; seq: number | null }, now: Date): Promise<SaveOutcome> {
    const answer = JSON.stringify(r.answer);
    if (r.seq !== null) return this.batcher.save({ attemptId, questionId: r.questionId, answer, seq: r.seq, at: now });
    // A save with a seq replaces only an older one (seq greater than stored); a save without seq always replaces.
    const { rows: [result] } = await this.pool().query<{ running: number; applied: number | null; current: number | null }>({
      // A named statement: each connection parses and plans it once (the plan of this CTE is not free).
      name: 'learning.save-answer',
      text: SAVE_ANSWER_SQL,
      values: [attemptId, r.questionId, answer, r.seq, now, ANSWER_GRACE_MS],
    });
    return { running: result.running > 0, applied: result.applied, current: result.current };
  }

  /** node-postgres's pool under TypeORM, for named (prepared) statements on the hot path. */
  private pool(): Pool {
    return (this.ds.driver as PostgresDriver).master as Pool;
  }

  /** The parts of an attempt that never change after its start, cached (a save reads them, never the row). */
  private async meta(attemptId: string): Promise<AttemptMeta | null> {
    const hit = this.metas.get(attemptId);
    if (hit) return hit;
    // A miss is a pupil's first save on this node: one named statement, no entity (profiles: TypeORM's find was
    // most of a first save's CPU).
    const { rows: [a] } = await this.pool().query<{ user_id: string; quiz_id: string; question_order: string[]; deadline_at: Date }>({
      name: 'learning.attempt-meta',
      text: 'SELECT user_id, quiz_id, question_order, deadline_at FROM attempts WHERE id = $1',
      values: [attemptId],
    });
    if (!a) return null;
    const meta = metaOf(a.user_id, a.quiz_id, a.question_order, a.deadline_at);
    this.metas.set(attemptId, meta);
    return meta;
  }

  /** Finishes an attempt once. `skipLocked`: the sweeper passes over an attempt someone is finishing right now. */
  async finish(attemptId: string, by: 'user' | 'timeout', opts: { skipLocked?: boolean } = {}): Promise<FinishOutcome | null> {
    const outcome = await this.ds.transaction(async (m): Promise<FinishOutcome | null> => {
      const qb = m.createQueryBuilder(Attempt, 'a').setLock('pessimistic_write').where('a.id = :id', { id: attemptId });
      if (opts.skipLocked) qb.setOnLocked('skip_locked');
      const attempt = await qb.getOne();
      if (!attempt) return null;
      if (attempt.status !== 'running') return { attempt, finishedNow: false, standing: null };
      const now = this.clock.now();
      const sheet = await this.sheets.of(attempt.quizId, m);
      const answers = await m.findBy(UserAnswer, { attemptId });
      let points = 0;
      let correct = 0;
      for (const a of answers) {
        const q = sheet.byId.get(a.questionId);
        const ok = q ? isCorrect(q, a.answer) : false;
        const got = ok && q ? q.points : 0;
        points += got;
        if (ok) correct += 1;
        await m.update(UserAnswer, { attemptId, questionId: a.questionId }, { isCorrect: ok, points: got });
      }
      const end = Math.min(now.getTime(), attempt.deadlineAt.getTime());
      const finishedBy = now.getTime() > attempt.deadlineAt.getTime() ? 'timeout' : by;
      Object.assign(attempt, {
        status: 'finished',
        finishedAt: now,
        finishedBy,
        points,
        correctCount: correct,
        maxPoints: attempt.questionOrder.reduce((s, id) => s + (sheet.byId.get(id)?.points ?? 0), 0),
        timeSpentMs: Math.max(0, end - attempt.startedAt.getTime()),
      } satisfies Partial<Attempt>);
      await m.update(Attempt, { id: attemptId }, {
        status: attempt.status, finishedAt: attempt.finishedAt, finishedBy: attempt.finishedBy, points,
        correctCount: correct, maxPoints: attempt.maxPoints, timeSpentMs: attempt.timeSpentMs,
      });
      let standing: Standing | null = null;
      if (attempt.boardKind && attempt.boardId) {
        const board = { kind: attempt.boardKind, id: attempt.boardId };
        const participation = await this.participations.lock(m, board, attempt.userId);
        if (participation) {
          standing = await this.participations.recompute(m, board, attempt.userId);
          // Every question not answered right costs a heart, unanswered ones too: finishing a training test
          // without answers is no free look at it.
          const missed = attempt.questionOrder.filter((id) => sheet.byId.has(id)).length - correct;
          if (board.kind === 'training' && participation.hearts !== null && missed > 0) await this.loseHearts(m, participation, missed, now);
        }
      }
      await this.outbox.add(m, 'quiz.finished', {
        attemptId: attempt.id,
        userId: attempt.userId,
        quizId: attempt.quizId,
        context:
          attempt.boardKind === 'challenge'
            ? { kind: 'challenge', challengeId: attempt.boardId as string, checkpointId: attempt.checkpointId as string }
            : attempt.boardKind === 'training'
              ? { kind: 'training', trainingId: attempt.boardId as string }
              : { kind: 'standalone' },
        points,
        maxPoints: attempt.maxPoints,
        correctCount: correct,
        questionCount: attempt.questionCount,
        timeSpentMs: attempt.timeSpentMs,
        finishedBy,
        finishedAt: now.toISOString(),
        standing,
      });
      if (attempt.boardKind === 'challenge' && attempt.boardId) {
        await this.achievements.afterFinish(m, attempt.boardId, attempt.userId, standing, now);
      }
      return { attempt, finishedNow: true, standing };
    });
    // Counted after the commit: a rolled back finish did not happen.
    if (outcome?.finishedNow) this.finishes.inc({ by });
    return outcome;
  }

  private async loseHearts(m: EntityManager, p: Participation, lost: number, now: Date) {
    const training = await m.query('SELECT heart_reset_minutes FROM trainings WHERE id = $1', [p.boardId]) as { heart_reset_minutes: number }[];
    const hearts = Math.max(0, (p.hearts ?? 0) - lost);
    const refill = hearts === 0 ? new Date(now.getTime() + (training[0]?.heart_reset_minutes ?? 240) * 60_000) : null;
    await m.update(Participation, { id: p.id }, { hearts, heartsRefillAt: refill });
  }

  /** Attempts whose deadline and grace have passed, oldest first (the sweeper finishes them). */
  async due(limit: number): Promise<string[]> {
    const cutoff = new Date(this.clock.nowMs() - ANSWER_GRACE_MS);
    const rows = await this.ds.query(
      `SELECT id FROM attempts WHERE status = 'running' AND deadline_at < $1 ORDER BY deadline_at LIMIT $2`,
      [cutoff, limit],
    ) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Resets a pupil's attempts at a quiz in a context (staff): they no longer count and the pupil may start again. */
  async reset(userId: string, quizId: string, q: ContextQuery) {
    let board: QuizContext['board'] = null;
    const outcome = await this.ds.transaction(async (m) => {
      const ctx = await this.contexts.resolve(quizId, q, m);
      const qb = m.createQueryBuilder().update(Attempt).set({ status: 'reset' })
        .where('user_id = :userId AND quiz_id = :quizId AND status <> :reset', { userId, quizId, reset: 'reset' });
      if (ctx.board) qb.andWhere('board_kind = :kind AND board_id = :boardId', { kind: ctx.board.kind, boardId: ctx.board.id });
      else if (ctx.kind === 'flex') qb.andWhere("context_kind = 'flex' AND flex_lesson_id = :lessonId", { lessonId: ctx.lesson.id });
      else qb.andWhere("context_kind = 'standalone'");
      const result = await qb.execute();
      let standing: Standing | null = null;
      if (ctx.board && (await this.participations.lock(m, ctx.board, userId))) standing = await this.participations.recompute(m, ctx.board, userId);
      board = ctx.board;
      return { reset: result.affected ?? 0, standing };
    });
    // No event tells the other replicas (docs/learning.md: their held boards are read again within RESYNC_MS).
    if (board && outcome.standing) this.ownRanks.apply(board, userId, outcome.standing);
    return outcome;
  }

  /**
   * The training rule: whether the pupil may see anything of correctness of a finished attempt (staff always may,
   * and the contest rule, `Reveals`, may hide more: the controller takes the stricter). Outside trainings: yes.
   * A training's test: only once the pupil has passed it (a finished
   * attempt with every question right; trainings have no pass mark) or has no tries left, so a try spent without
   * answers does not buy the answers for the next one. Decided by the attempt's own board, not the request's.
   */
  async answersShown(attempt: Attempt): Promise<boolean> {
    if (attempt.status !== 'finished') return false;
    if (attempt.boardKind !== 'training' || !attempt.boardId) return true;
    const [row] = (await this.ds.query(
      `SELECT t.try_number,
              (SELECT MAX(attempt_no) FROM attempts a
                WHERE a.user_id = $2 AND a.quiz_id = $3 AND a.board_kind = 'training' AND a.board_id = t.id AND a.status <> 'reset')::int AS tries,
              EXISTS (SELECT 1 FROM attempts a
                WHERE a.user_id = $2 AND a.quiz_id = $3 AND a.board_kind = 'training' AND a.board_id = t.id AND a.status = 'finished'
                  AND a.question_count > 0 AND a.correct_count >= a.question_count) AS passed
         FROM trainings t WHERE t.id = $1`,
      [attempt.boardId, attempt.userId, attempt.quizId],
    )) as { try_number: number | null; tries: number | null; passed: boolean }[];
    if (!row) return false;
    return row.passed || (row.try_number !== null && (row.tries ?? 0) >= row.try_number);
  }

  answersOf(attemptId: string) {
    return this.ds.getRepository(UserAnswer).findBy({ attemptId });
  }

  sheet(quizId: string) {
    return this.sheets.of(quizId);
  }
}

export function remainingSeconds(a: Attempt, now: Date): number {
  if (a.status !== 'running') return 0;
  return Math.max(0, Math.ceil((a.deadlineAt.getTime() - now.getTime()) / 1000));
}

/**
 * What a pupil sees of a quiz and their attempt, in the attempt's own order of questions and options. What is
 * revealed of correctness (`reveal`, the context's rule: `Reveals`) is never more than nothing while the attempt
 * runs: right/wrong marks with `marks`, the right answers and explanations with `answers`.
 */
export function playView(sheet: Sheet, attempt: Attempt | null, answers: UserAnswer[], now: Date, reveal: Reveal) {
  const finished = attempt?.status === 'finished';
  const marks = finished && (reveal.marks || reveal.answers);
  const revealed = finished && reveal.answers;
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const order = attempt ? attempt.questionOrder : [];
  return {
    quiz: {
      id: sheet.quizId,
      title: sheet.title,
      description: sheet.description,
      durationSeconds: sheet.durationSeconds,
      questionCount: sheet.questions.length,
      maxPoints: sheet.maxPoints,
    },
    attempt: attempt && {
      id: attempt.id,
      status: attempt.status,
      attemptNo: attempt.attemptNo,
      startedAt: attempt.startedAt.toISOString(),
      deadlineAt: attempt.deadlineAt.toISOString(),
      remainingSeconds: remainingSeconds(attempt, now),
      serverNow: now.toISOString(),
      finishedAt: attempt.finishedAt?.toISOString() ?? null,
      finishedBy: attempt.finishedBy,
      ...(finished
        ? {
          points: attempt.points, maxPoints: attempt.maxPoints, correctCount: attempt.correctCount, questionCount: attempt.questionCount, timeSpentMs: attempt.timeSpentMs,
          review: { marks, answers: revealed, answersAt: revealed ? null : reveal.answersAt?.toISOString() ?? null },
        }
        : {}),
      answersShown: Boolean(revealed),
    },
    // Questions only once an attempt exists: seeing them before starting would be time off the clock.
    questions: order.flatMap((id, index) => {
      const q = sheet.byId.get(id);
      if (!q) return [];
      const saved = byQuestion.get(id);
      return [{
        id: q.id,
        number: index + 1,
        kind: q.kind,
        text: q.text,
        imageUrl: q.imageUrl,
        points: q.points,
        options: optionsFor(q, attempt as Attempt).map((o) => ({ id: o.id, text: o.text })),
        answer: (saved?.answer ?? null) as AnswerValue | null,
        seq: saved?.seq ?? 0,
        ...(marks ? { isCorrect: saved?.isCorrect ?? false, pointsEarned: saved?.points ?? 0 } : {}),
        ...(revealed ? { correctAnswer: correctAnswerOf(q), explanation: q.explanation } : {}),
      }];
    }),
  };
}
