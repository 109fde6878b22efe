import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { ROLE } from '@olymp/proto';
import { Clock, DomainError, RpcClient, notFound } from '@olymp/server-kit';
import { Training, TrainingChapter, TrainingSubchapter } from '../floor/training.entities';
import { Participation } from '../floor/participation.entity';
import { Participations } from '../boards/participations.service';
import { Attempt } from '../floor/attempt.entities';
import { Sheets } from '../attempts/sheet';
import { Treasure, TreasureClaim } from '../floor/treasure.entities';
import { localized } from '../floor/localized';

export const isPaid = (t: Training) => t.priceTenge > 0 || t.priceZp > 0;
export const boardOf = (id: string) => ({ kind: 'training' as const, id });

interface QuizProgressRow {
  quiz_id: string;
  tries: number | null;
  finished: number;
  best: number | null;
  running_id: string | null;
  running_deadline: Date | null;
}

/**
 * What a hearts bar shows now. The bar refills lazily (at the next start, attempts/), so an empty bar whose refill
 * time has passed is shown full, exactly as the next start will find it.
 */
export function heartsView(p: Participation | null, t: Training, now: Date) {
  if (!p || p.hearts === null) return null;
  const empty = p.hearts <= 0;
  const refilled = empty && (!p.heartsRefillAt || now >= p.heartsRefillAt);
  return {
    hearts: refilled ? t.heartsMax : p.hearts,
    max: t.heartsMax,
    refillAt: empty && !refilled && p.heartsRefillAt ? p.heartsRefillAt.toISOString() : null,
    resetMinutes: t.heartResetMinutes,
  };
}

/** Pupils and trainings: the published list and page with their progress, joining, leaving and the invoice of a paid one. */
@Injectable()
export class Trainings {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly participations: Participations,
    private readonly sheets: Sheets,
    private readonly rpc: RpcClient,
  ) {}

  /** A published training (404 for a missing or unpublished one). */
  async visible(id: string, manager: EntityManager = this.ds.manager): Promise<Training> {
    const t = await manager.findOneBy(Training, { id });
    if (!t?.published) throw notFound();
    return t;
  }

  async existing(id: string): Promise<Training> {
    const t = await this.ds.getRepository(Training).findOneBy({ id });
    if (!t) throw notFound();
    return t;
  }

  summary<X extends object = object>(t: Training, extra?: X) {
    return {
      id: t.id,
      title: localized(t, 'title'),
      description: localized(t, 'description'),
      grade: t.grade,
      published: t.published,
      paid: isPaid(t),
      priceTenge: t.priceTenge,
      priceZp: t.priceZp,
      tryNumber: t.tryNumber,
      heartsMax: t.heartsMax,
      heartResetMinutes: t.heartResetMinutes,
      imageUrl: t.imageUrl,
      ...(extra as X),
    };
  }

  async list(q: { grade?: number }, userId?: string) {
    const qb = this.ds.getRepository(Training).createQueryBuilder('t').where('t.published')
      .orderBy('t.position', 'ASC').addOrderBy('t.created_at', 'DESC').limit(500);
    if (q.grade !== undefined) qb.andWhere('(t.grade = :grade OR t.grade IS NULL)', { grade: q.grade });
    const rows = await qb.getMany();
    const joined = userId && rows.length
      ? new Set((await this.ds.getRepository(Participation).findBy({ boardKind: 'training', userId, boardId: In(rows.map((r) => r.id)) })).map((p) => p.boardId))
      : new Set<string>();
    return rows.map((t) => this.summary(t, { joined: joined.has(t.id) }));
  }

  /** The training page: chapters of subchapters with their tests and, for a signed-in caller, progress and hearts. */
  async page(id: string, userId?: string) {
    const t = await this.visible(id);
    const participation = userId ? await this.participations.find(boardOf(id), userId) : null;
    return {
      ...this.summary(t),
      joined: participation !== null,
      participation: participation && this.participationView(participation, t),
      chapters: await this.chapters(t, userId ?? null, participation !== null),
    };
  }

  participationView(p: Participation, t: Training) {
    return {
      via: p.via,
      invoiceId: p.invoiceId,
      joinedAt: p.joinedAt.toISOString(),
      points: p.points,
      timeSpentMs: p.timeSpentMs,
      correctCount: p.correctCount,
      finishedQuizzes: p.finishedQuizzes,
      hearts: heartsView(p, t, this.clock.now()),
    };
  }

  /**
   * Chapters -> subchapters, each with its test's summary and the pupil's tries (used and left, as the start rule
   * counts them: the highest try number of attempts that were not reset), best points and running attempt.
   * A lesson's text is for those taking part.
   */
  async chapters(t: Training, userId: string | null, withContent: boolean) {
    const chapters = await this.ds.getRepository(TrainingChapter).find({ where: { trainingId: t.id }, order: { position: 'ASC', id: 'ASC' } });
    const subchapters = await this.ds.getRepository(TrainingSubchapter).find({ where: { trainingId: t.id }, order: { position: 'ASC', id: 'ASC' } });
    const progress = new Map<string, QuizProgressRow>();
    if (userId) {
      const rows = (await this.ds.query(
        `SELECT quiz_id,
                MAX(attempt_no) FILTER (WHERE status <> 'reset')::int AS tries,
                COUNT(*) FILTER (WHERE status = 'finished')::int AS finished,
                MAX(points) FILTER (WHERE status = 'finished')::int AS best,
                (ARRAY_AGG(id) FILTER (WHERE status = 'running'))[1] AS running_id,
                MAX(deadline_at) FILTER (WHERE status = 'running') AS running_deadline
           FROM attempts WHERE board_kind = 'training' AND board_id = $1 AND user_id = $2 GROUP BY quiz_id`,
        [t.id, userId],
      )) as QuizProgressRow[];
      for (const r of rows) progress.set(r.quiz_id, r);
    }
    const treasures = await this.treasures(t.id, userId);
    const out = [];
    for (const ch of chapters) {
      const subs = [];
      for (const s of subchapters.filter((x) => x.chapterId === ch.id)) {
        const sheet = s.quizId ? await this.sheets.of(s.quizId) : null;
        const p = s.quizId ? progress.get(s.quizId) : undefined;
        const tries = p?.tries ?? 0;
        subs.push({
          id: s.id,
          title: localized(s, 'title'),
          position: s.position,
          content: withContent ? localized(s, 'content') : null,
          quiz: sheet && {
            id: sheet.quizId, title: sheet.title, durationSeconds: sheet.durationSeconds, questionCount: sheet.questions.length, maxPoints: sheet.maxPoints,
          },
          progress: sheet && userId ? {
            triesUsed: tries,
            triesLeft: t.tryNumber === null ? null : Math.max(0, t.tryNumber - tries),
            finishedAttempts: p?.finished ?? 0,
            bestPoints: p?.best ?? null,
            runningAttempt: p?.running_id ? { id: p.running_id, deadlineAt: (p.running_deadline as Date).toISOString() } : null,
          } : null,
          treasures: treasures.filter((x) => x.subchapterId === s.id).map(({ subchapterId: _s, ...x }) => x),
        });
      }
      out.push({ id: ch.id, title: localized(ch, 'title'), position: ch.position, subchapters: subs });
    }
    return out;
  }

  private async treasures(trainingId: string, userId: string | null) {
    const rows = await this.ds.getRepository(Treasure).find({ where: { boardKind: 'training', boardId: trainingId }, order: { position: 'ASC', id: 'ASC' } });
    const claimed = userId && rows.length
      ? new Set((await this.ds.getRepository(TreasureClaim).findBy({ userId, treasureId: In(rows.map((r) => r.id)) })).map((c) => c.treasureId))
      : new Set<string>();
    return rows.map((r) => ({
      id: r.id, subchapterId: r.subchapterId, title: localized(r, 'title'),
      reward: { xp: r.rewardXp, zp: r.rewardZp, altynSaqa: r.rewardAltynSaqa }, claimed: claimed.has(r.id),
    }));
  }

  /** A pupil joins a free published training with a full heart bar; a paid one is joined through its invoice. */
  async join(userId: string, trainingId: string) {
    await this.visible(trainingId);
    const person = await this.participations.person(userId);
    return this.ds.transaction(async (m) => {
      const t = await this.visible(trainingId, m);
      const existing = await this.participations.find(boardOf(t.id), userId, m);
      if (existing) return { participation: existing, created: false, training: t };
      if (person.roleId !== ROLE.student) throw new DomainError('FORBIDDEN');
      if (isPaid(t)) throw new DomainError('TRAINING_PAID');
      const joined = await this.participations.join(m, boardOf(t.id), person, 'free', { hearts: t.heartsMax });
      return { ...joined, training: t };
    });
  }

  /** Leaving is for a free training not yet started; a paid subscription stays (its invoice was paid once). */
  async leave(userId: string, trainingId: string) {
    return this.ds.transaction(async (m) => {
      const t = await this.visible(trainingId, m);
      const p = await this.participations.lock(m, boardOf(t.id), userId);
      if (!p) throw new DomainError('NOT_A_PARTICIPANT');
      if (p.via === 'invoice') throw new DomainError('SUBSCRIPTION_NOT_LEAVABLE');
      if (await m.existsBy(Attempt, { userId, boardKind: 'training', boardId: t.id })) throw new DomainError('LEAVE_REFUSED');
      await this.participations.remove(m, p);
    });
  }

  async check(userId: string, trainingId: string) {
    const t = await this.visible(trainingId);
    const p = await this.participations.find(boardOf(t.id), userId);
    return { joined: p !== null, paid: isPaid(t), participation: p && this.participationView(p, t) };
  }

  /** The pupil's invoice for a paid training (finance opens it once and answers the same one afterwards). */
  async invoice(userId: string, trainingId: string) {
    const t = await this.visible(trainingId);
    if (!isPaid(t)) throw new DomainError('CHALLENGE_FREE');
    const person = await this.participations.person(userId);
    if (person.roleId !== ROLE.student) throw new DomainError('FORBIDDEN');
    return this.rpc.request('finance.invoice.open', {
      userId,
      product: { kind: 'training', id: t.id },
      title: localized(t, 'title'),
      amountTenge: t.priceTenge,
      amountZp: t.priceZp,
    });
  }
}
