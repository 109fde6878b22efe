import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { AuditLog, type AuthUser, DomainError, notFound } from '@olymp/server-kit';
import { Challenge, ChallengeInvitation, Checkpoint, CheckpointQuiz } from '../floor/challenge.entities';
import { forgetVisibleChallenge } from './challenges.service';
import type { ImportBody, ImportQuiz } from './challenge.dto';
import { AnswerOption, Question, Quiz, QuizType } from '../floor/quiz.entities';
import { Attempt } from '../floor/attempt.entities';

const actorOf = (user: AuthUser | null) => (user ? { sub: user.sub, roleId: user.roleId } : null);

/** Staff's actions on a challenge beyond plain edits; each runs in one transaction with its audit entry. */
@Injectable()
export class ChallengeAdmin {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditLog,
  ) {}

  private async locked(m: EntityManager, id: string): Promise<Challenge> {
    const c = await m.createQueryBuilder(Challenge, 'c').setLock('pessimistic_write').where('c.id = :id', { id }).getOne();
    if (!c) throw notFound();
    return c;
  }

  /** One field group of a challenge changes (publish, archive, reward, reorder, image, certificate template). */
  async set(user: AuthUser, id: string, action: string, patch: Partial<Challenge>): Promise<Challenge> {
    return this.ds.transaction(async (m) => {
      const before = await this.locked(m, id);
      await m.update(Challenge, { id }, patch);
      const after = await m.findOneByOrFail(Challenge, { id });
      await this.audit.record(m, { actor: actorOf(user), action, resource: 'challenges', resourceId: id, before, after });
      return after;
    }).finally(() => forgetVisibleChallenge(id));
  }

  async setPrivacy(user: AuthUser, id: string, body: { private: boolean; audience?: Challenge['audience']; accessCode?: string | null; userIds?: string[] }) {
    return this.ds.transaction(async (m) => {
      const before = await this.locked(m, id);
      const patch: Partial<Challenge> = { private: body.private };
      if (body.audience) patch.audience = body.audience;
      if (body.accessCode !== undefined) patch.accessCode = body.accessCode;
      await m.update(Challenge, { id }, patch);
      if (body.userIds) {
        await m.delete(ChallengeInvitation, { challengeId: id });
        if (body.userIds.length) {
          await m.createQueryBuilder().insert().into(ChallengeInvitation)
            .values([...new Set(body.userIds)].map((userId) => ({ challengeId: id, userId }))).execute();
        }
      }
      const after = await m.findOneByOrFail(Challenge, { id });
      await this.audit.record(m, { actor: actorOf(user), action: 'private', resource: 'challenges', resourceId: id, before, after: { ...after, invited: body.userIds?.length } });
      return { ...after, invited: await m.countBy(ChallengeInvitation, { challengeId: id }) };
    });
  }

  /** Replaces a checkpoint's tests (ordered). Refused once pupils have started a test of this checkpoint. */
  async setCheckpointQuizzes(user: AuthUser, checkpointId: string, quizIds: string[]) {
    return this.ds.transaction(async (m) => {
      const cp = await m.createQueryBuilder(Checkpoint, 'c').setLock('pessimistic_write').where('c.id = :id', { id: checkpointId }).getOne();
      if (!cp) throw notFound();
      const unique = [...new Set(quizIds)];
      if (unique.length && (await m.countBy(Quiz, { id: In(unique) })) !== unique.length) throw new DomainError('RELATED_NOT_FOUND', { field: 'quizIds' });
      const before = await m.find(CheckpointQuiz, { where: { checkpointId }, order: { position: 'ASC' } });
      const removed = before.map((b) => b.quizId).filter((q) => !unique.includes(q));
      if (removed.length && (await m.existsBy(Attempt, { checkpointId, quizId: In(removed) }))) throw new DomainError('PUBLISHED_CONTENT_LOCKED');
      await m.delete(CheckpointQuiz, { checkpointId });
      if (unique.length) await m.insert(CheckpointQuiz, unique.map((quizId, position) => ({ checkpointId, quizId, position })));
      await this.audit.record(m, {
        actor: actorOf(user), action: 'quizzes.replace', resource: 'checkpoints', resourceId: checkpointId,
        before: before.map((b) => b.quizId), after: unique,
      });
      return unique;
    });
  }

  /** Adds checkpoints with new tests to a challenge (the JSON format of `challenges/{id}/import`). */
  async import(user: AuthUser | null, id: string, body: ImportBody, manager?: EntityManager) {
    const run = async (m: EntityManager) => {
      await this.locked(m, id);
      const typeId = (await m.findOneBy(QuizType, { code: 'challenge-day' }))?.id ?? null;
      const created: { checkpointId: string; quizIds: string[] }[] = [];
      for (const cpIn of body.checkpoints) {
        const checkpointId = randomUUID();
        await m.insert(Checkpoint, {
          id: checkpointId, challengeId: id, day: cpIn.day, titleKk: cpIn.titleKk, titleRu: cpIn.titleRu, titleEn: cpIn.titleEn, opensAt: cpIn.opensAt,
        });
        const quizIds: string[] = [];
        for (const [position, quizIn] of cpIn.quizzes.entries()) {
          const quizId = await this.createQuiz(m, quizIn, typeId);
          await m.insert(CheckpointQuiz, { checkpointId, quizId, position });
          quizIds.push(quizId);
        }
        created.push({ checkpointId, quizIds });
      }
      await this.audit.record(m, {
        actor: actorOf(user), action: 'import', resource: 'challenges', resourceId: id,
        after: { checkpoints: created.length, quizzes: created.reduce((s, c) => s + c.quizIds.length, 0) },
      });
      return created;
    };
    return manager ? run(manager) : this.ds.transaction(run);
  }

  async createQuiz(m: EntityManager, q: ImportQuiz, quizTypeId: number | null): Promise<string> {
    const quizId = randomUUID();
    await m.insert(Quiz, { id: quizId, titleKk: q.titleKk, titleRu: q.titleRu, titleEn: q.titleEn, durationSeconds: q.durationSeconds, shuffle: q.shuffle, quizTypeId });
    const questions: Partial<Question>[] = [];
    const options: Partial<AnswerOption>[] = [];
    for (const [position, qq] of q.questions.entries()) {
      const questionId = randomUUID();
      questions.push({
        id: questionId, quizId, position, kind: qq.kind, textKk: qq.textKk, textRu: qq.textRu, textEn: qq.textEn, points: qq.points,
        accepted: qq.accepted,
      });
      qq.options.forEach((o, i) => options.push({ id: randomUUID(), questionId, position: i, textKk: o.textKk, textRu: o.textRu, textEn: o.textEn, isCorrect: o.isCorrect }));
    }
    await m.insert(Question, questions);
    if (options.length) await m.insert(AnswerOption, options);
    return quizId;
  }

  /** A copy to prepare the next run: unpublished, same days and tests (the tests are shared, not copied). */
  async duplicate(user: AuthUser, id: string) {
    return this.ds.transaction(async (m) => {
      const c = await this.locked(m, id);
      const copyId = randomUUID();
      const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = c;
      await m.insert(Challenge, {
        ...fields, id: copyId, published: false, archived: false,
        titleKk: `${c.titleKk} (көшірме)`.slice(0, 300), titleRu: `${c.titleRu} (копия)`.slice(0, 300), titleEn: `${c.titleEn} (copy)`.slice(0, 300),
      });
      const checkpoints = await m.findBy(Checkpoint, { challengeId: id });
      for (const cp of checkpoints) {
        const cpId = randomUUID();
        await m.insert(Checkpoint, { id: cpId, challengeId: copyId, day: cp.day, titleKk: cp.titleKk, titleRu: cp.titleRu, titleEn: cp.titleEn, opensAt: cp.opensAt });
        const links = await m.findBy(CheckpointQuiz, { checkpointId: cp.id });
        if (links.length) await m.insert(CheckpointQuiz, links.map((l) => ({ checkpointId: cpId, quizId: l.quizId, position: l.position })));
      }
      const invitations = await m.findBy(ChallengeInvitation, { challengeId: id });
      if (invitations.length) await m.insert(ChallengeInvitation, invitations.map((i) => ({ challengeId: copyId, userId: i.userId })));
      const copy = await m.findOneByOrFail(Challenge, { id: copyId });
      await this.audit.record(m, { actor: actorOf(user), action: 'duplicate', resource: 'challenges', resourceId: copyId, after: { from: id } });
      return copy;
    });
  }
}
