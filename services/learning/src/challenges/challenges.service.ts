import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource, type EntityManager, In } from 'typeorm';
import { Clock, DomainError, RpcClient, notFound } from '@olymp/server-kit';
import { type CheckpointState, ROLE } from '@olymp/proto';
import { Challenge, ChallengeInvitation, Checkpoint, CheckpointQuiz, challengeStatus, checkpointWindows } from '../floor/challenge.entities';
import { Participation } from '../floor/participation.entity';
import { Participations, type Person } from '../boards/participations.service';
import { Attempt } from '../floor/attempt.entities';
import { Sheets } from '../attempts/sheet';
import { localized } from '../floor/localized';

/**
 * Published challenges recently read for their public leaderboard, by id: the ranking is asked for by thousands of
 * pupils a second on olympiad morning and the row changes only when staff publish or archive. Only visible rows are
 * kept (an unpublished one is read each time, so publishing shows at once); staff changes on this node forget the
 * row at once (ChallengeAdmin), other nodes within the 2 s the row lives.
 */
const visibleRows = new LRUCache<string, Challenge>({ max: 1_000, ttl: 2_000 });

export function forgetVisibleChallenge(id: string): void {
  visibleRows.delete(id);
}

/** Pupils and challenges: the public list and page, joining and leaving, invoices for paid ones. */
@Injectable()
export class Challenges {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly participations: Participations,
    private readonly rpc: RpcClient,
    private readonly sheets: Sheets,
  ) {}

  async visible(id: string, manager: EntityManager = this.ds.manager): Promise<Challenge> {
    const c = await manager.findOneBy(Challenge, { id });
    if (!c || !c.published || c.archived) throw notFound();
    return c;
  }

  /** `visible()` for read-only public pages that many ask for at once (see `visibleRows`). */
  async visibleCached(id: string): Promise<Challenge> {
    const hit = visibleRows.get(id);
    if (hit) return hit;
    const c = await this.visible(id);
    visibleRows.set(id, c);
    return c;
  }

  summary<X extends object = object>(c: Challenge, now: Date, extra?: X) {
    return {
      id: c.id,
      title: localized(c, 'title'),
      description: localized(c, 'description'),
      reward: localized(c, 'reward'),
      grade: c.grade,
      startsAt: c.startsAt.toISOString(),
      endsAt: c.endsAt.toISOString(),
      status: challengeStatus(c, now),
      paid: c.priceTenge > 0 || c.priceZp > 0,
      priceTenge: c.priceTenge,
      priceZp: c.priceZp,
      audience: c.audience,
      imageUrl: c.imageUrl,
      ...(extra as X),
    };
  }

  async list(q: { grade?: number; status?: string }, userId?: string) {
    const now = this.clock.now();
    const qb = this.ds.getRepository(Challenge).createQueryBuilder('c')
      .where('c.published AND NOT c.archived AND NOT c.private')
      .orderBy('c.position', 'ASC').addOrderBy('c.starts_at', 'DESC').limit(500);
    if (q.grade !== undefined) qb.andWhere('(c.grade = :grade OR c.grade IS NULL)', { grade: q.grade });
    const rows = (await qb.getMany()).filter((c) => !q.status || challengeStatus(c, now) === q.status);
    const joined = userId && rows.length
      ? new Set((await this.ds.getRepository(Participation).findBy({ boardKind: 'challenge', userId, boardId: In(rows.map((r) => r.id)) })).map((p) => p.boardId))
      : new Set<string>();
    return rows.map((c) => this.summary(c, now, { joined: joined.has(c.id) }));
  }

  /** The challenge page: days with their windows and tests, and the caller's progress when signed in. */
  async page(id: string, userId?: string) {
    const c = await this.visible(id);
    const now = this.clock.now();
    const checkpoints = await this.ds.getRepository(Checkpoint).find({ where: { challengeId: id }, order: { opensAt: 'ASC' } });
    const windows = checkpointWindows(checkpoints);
    const links = checkpoints.length
      ? await this.ds.getRepository(CheckpointQuiz).find({ where: { checkpointId: In(checkpoints.map((x) => x.id)) }, order: { position: 'ASC' } })
      : [];
    const attempts = userId && links.length
      ? await this.ds.getRepository(Attempt).find({ where: { userId, boardKind: 'challenge', boardId: id, status: In(['running', 'finished']) } })
      : [];
    const byQuiz = new Map(attempts.map((a) => [a.quizId, a]));
    const participation = userId ? await this.participations.find({ kind: 'challenge', id }, userId) : null;
    const days = [];
    for (const cp of checkpoints) {
      const w = windows.get(cp.id) as { opensAt: Date; closesAt: Date };
      const state: CheckpointState = now < w.opensAt ? 'upcoming' : now < w.closesAt ? 'open' : 'closed';
      const quizzes = [];
      for (const link of links.filter((l) => l.checkpointId === cp.id)) {
        const sheet = await this.sheets.of(link.quizId);
        const a = byQuiz.get(link.quizId);
        quizzes.push({
          id: link.quizId, title: sheet.title, durationSeconds: sheet.durationSeconds, questionCount: sheet.questions.length, maxPoints: sheet.maxPoints,
          attempt: a ? { id: a.id, status: a.status, points: a.status === 'finished' ? a.points : null, deadlineAt: a.deadlineAt.toISOString() } : null,
        });
      }
      days.push({ id: cp.id, day: cp.day, title: localized(cp, 'title'), opensAt: w.opensAt.toISOString(), closesAt: w.closesAt.toISOString(), state, quizzes });
    }
    return {
      ...this.summary(c, now),
      checkpoints: days,
      participation: participation && {
        joinedAt: participation.joinedAt.toISOString(), points: participation.points, timeSpentMs: participation.timeSpentMs,
        correctCount: participation.correctCount, finishedQuizzes: participation.finishedQuizzes,
      },
    };
  }

  /** Join rules: a pupil, published and not over, own grade, audience, free (paid ones join through their invoice). */
  async join(userId: string, challengeId: string, code?: string) {
    const person = await this.participations.person(userId);
    return this.ds.transaction(async (m) => {
      const c = await this.visible(challengeId, m);
      const existing = await this.participations.find({ kind: 'challenge', id: c.id }, userId, m);
      if (existing) return { participation: existing, created: false };
      this.assertMayJoin(c, person);
      let via: Participation['via'] = 'free';
      if (c.audience === 'code') {
        if (!code || code.toLowerCase() !== (c.accessCode ?? '').toLowerCase()) throw new DomainError('CHALLENGE_CODE_REQUIRED');
        via = 'code';
      }
      if (c.audience === 'users') {
        if (!(await m.existsBy(ChallengeInvitation, { challengeId, userId }))) throw new DomainError('CHALLENGE_NOT_INVITED');
        via = 'invited';
      }
      if (c.priceTenge > 0 || c.priceZp > 0) throw new DomainError('CHALLENGE_PAID');
      return this.participations.join(m, { kind: 'challenge', id: c.id }, person, via);
    });
  }

  assertMayJoin(c: Challenge, person: Person): void {
    if (person.roleId !== ROLE.student) throw new DomainError('FORBIDDEN');
    if (challengeStatus(c, this.clock.now()) === 'finished') throw new DomainError('CHALLENGE_NOT_OPEN');
    if (c.grade !== null && person.grade !== c.grade) {
      throw new DomainError('CHALLENGE_GRADE_MISMATCH', { grade: c.grade, yourGrade: person.grade ?? '—' });
    }
  }

  async leave(userId: string, challengeId: string) {
    return this.ds.transaction(async (m) => {
      const c = await this.visible(challengeId, m);
      const p = await this.participations.lock(m, { kind: 'challenge', id: c.id }, userId);
      if (!p) throw new DomainError('NOT_A_PARTICIPANT');
      if (await m.existsBy(Attempt, { userId, boardKind: 'challenge', boardId: c.id })) throw new DomainError('LEAVE_REFUSED');
      await this.participations.remove(m, p);
    });
  }

  async active(userId: string) {
    const now = this.clock.now();
    const rows = await this.ds.getRepository(Challenge).createQueryBuilder('c')
      .innerJoin(Participation, 'p', "p.board_kind = 'challenge' AND p.board_id = c.id AND p.user_id = :userId", { userId })
      .where('NOT c.archived AND c.ends_at > :now', { now })
      .orderBy('c.starts_at', 'ASC')
      .getMany();
    return rows.map((c) => this.summary(c, now, { joined: true }));
  }

  /** The invoice of a paid challenge for this pupil (opened by finance once; the same one afterwards). */
  async invoice(userId: string, challengeId: string) {
    const c = await this.visible(challengeId);
    if (c.priceTenge === 0 && c.priceZp === 0) throw new DomainError('CHALLENGE_FREE');
    const person = await this.participations.person(userId);
    this.assertMayJoin(c, person);
    return this.rpc.request('finance.invoice.open', {
      userId,
      product: { kind: 'challenge', id: c.id },
      title: localized(c, 'title'),
      amountTenge: c.priceTenge,
      amountZp: c.priceZp,
    });
  }
}
