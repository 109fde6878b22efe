import { Injectable } from '@nestjs/common';
import { type CrudHooks, type CrudWriteContext, DomainError } from '@olymp/server-kit';
import type { EntityManager } from 'typeorm';
import { Training, TrainingChapter, TrainingSubchapter } from '../floor/training.entities';
import { Participation } from '../floor/participation.entity';
import { Attempt } from '../floor/attempt.entities';
import { Quiz } from '../floor/quiz.entities';
import { Treasure, TreasureClaim } from '../floor/treasure.entities';

/** Rules of the training resources the schemas and constraints cannot say: what pupils have used stays. */

/** A training pupils have joined is unpublished, not deleted; its unclaimed treasures go with it. */
@Injectable()
export class TrainingHooks implements CrudHooks<Training> {
  async beforeDestroy(row: Training, ctx: CrudWriteContext) {
    const m = ctx.manager;
    if (await m.existsBy(Participation, { boardKind: 'training', boardId: row.id })) throw new DomainError('PUBLISHED_CONTENT_LOCKED');
    if (await m.existsBy(Attempt, { boardKind: 'training', boardId: row.id })) throw new DomainError('PUBLISHED_CONTENT_LOCKED');
    const treasures = await m.findBy(Treasure, { boardKind: 'training', boardId: row.id });
    for (const t of treasures) if (await m.existsBy(TreasureClaim, { treasureId: t.id })) throw new DomainError('RECORD_IN_USE', { table: 'treasure_claims' });
    await m.delete(Treasure, { boardKind: 'training', boardId: row.id });
  }
}

async function assertTrainingExists(m: EntityManager, id: string | undefined, field: string) {
  if (!id || !(await m.existsBy(Training, { id }))) throw new DomainError('RELATED_NOT_FOUND', { field, value: id ?? '?' });
}

/** A chapter whose tests pupils have taken cannot be removed (their standing would change under them). */
@Injectable()
export class ChapterHooks implements CrudHooks<TrainingChapter> {
  async beforeStore(input: Partial<TrainingChapter>, ctx: CrudWriteContext) {
    await assertTrainingExists(ctx.manager, input.trainingId, 'trainingId');
  }

  async beforeDestroy(row: TrainingChapter, ctx: CrudWriteContext) {
    const [{ used }] = (await ctx.manager.query(
      'SELECT EXISTS (SELECT 1 FROM attempts a JOIN training_subchapters s ON s.id = a.subchapter_id WHERE s.chapter_id = $1) AS used',
      [row.id],
    )) as { used: boolean }[];
    if (used) throw new DomainError('PUBLISHED_CONTENT_LOCKED');
  }
}

/**
 * A subchapter takes its training from its chapter (denormalized for the attempt context) and may move only
 * between chapters of the same training. Its test cannot be swapped or removed once pupils have taken it.
 */
@Injectable()
export class SubchapterHooks implements CrudHooks<TrainingSubchapter> {
  private async chapter(m: EntityManager, chapterId: string | undefined): Promise<TrainingChapter> {
    const chapter = chapterId ? await m.findOneBy(TrainingChapter, { id: chapterId }) : null;
    if (!chapter) throw new DomainError('RELATED_NOT_FOUND', { field: 'chapterId', value: chapterId ?? '?' });
    return chapter;
  }

  private async assertQuiz(m: EntityManager, quizId: string | null | undefined) {
    if (quizId && !(await m.existsBy(Quiz, { id: quizId }))) throw new DomainError('RELATED_NOT_FOUND', { field: 'quizId', value: quizId });
  }

  async beforeStore(input: Partial<TrainingSubchapter>, ctx: CrudWriteContext) {
    const chapter = await this.chapter(ctx.manager, input.chapterId);
    await this.assertQuiz(ctx.manager, input.quizId);
    input.trainingId = chapter.trainingId;
  }

  async beforeUpdate(row: TrainingSubchapter, input: Partial<TrainingSubchapter>, ctx: CrudWriteContext) {
    const m = ctx.manager;
    if (input.chapterId !== undefined && input.chapterId !== row.chapterId) {
      const chapter = await this.chapter(m, input.chapterId);
      if (chapter.trainingId !== row.trainingId) throw new DomainError('RELATED_NOT_FOUND', { field: 'chapterId', value: input.chapterId });
    }
    if (input.quizId !== undefined && input.quizId !== row.quizId) {
      await this.assertQuiz(m, input.quizId);
      if (await m.existsBy(Attempt, { subchapterId: row.id })) throw new DomainError('PUBLISHED_CONTENT_LOCKED');
    }
  }

  async beforeDestroy(row: TrainingSubchapter, ctx: CrudWriteContext) {
    if (await ctx.manager.existsBy(Attempt, { subchapterId: row.id })) throw new DomainError('PUBLISHED_CONTENT_LOCKED');
  }
}

/** A training treasure points at its training, and at a subchapter of that training when it guards one. */
@Injectable()
export class TrainingTreasureHooks implements CrudHooks<Treasure> {
  private async assertSubchapter(m: EntityManager, subchapterId: string | null | undefined, trainingId: string) {
    if (subchapterId && !(await m.existsBy(TrainingSubchapter, { id: subchapterId, trainingId }))) {
      throw new DomainError('RELATED_NOT_FOUND', { field: 'subchapterId', value: subchapterId });
    }
  }

  async beforeStore(input: Partial<Treasure>, ctx: CrudWriteContext) {
    await assertTrainingExists(ctx.manager, input.boardId, 'boardId');
    await this.assertSubchapter(ctx.manager, input.subchapterId, input.boardId as string);
  }

  async beforeUpdate(row: Treasure, input: Partial<Treasure>, ctx: CrudWriteContext) {
    if (input.subchapterId !== undefined) await this.assertSubchapter(ctx.manager, input.subchapterId, row.boardId);
  }

  async beforeDestroy(row: Treasure, ctx: CrudWriteContext) {
    if (await ctx.manager.existsBy(TreasureClaim, { treasureId: row.id })) throw new DomainError('RECORD_IN_USE', { table: 'treasure_claims' });
  }
}
