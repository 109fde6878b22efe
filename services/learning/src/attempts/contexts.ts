import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { BoardRef } from '@olymp/proto';
import { DomainError, notFound } from '@olymp/server-kit';
import { Challenge, Checkpoint, CheckpointQuiz } from '../floor/challenge.entities';
import { Training, TrainingSubchapter } from '../floor/training.entities';
import { Quiz } from '../floor/quiz.entities';
import { Course } from '../floor/course.entities';
import { FlexChapter, FlexLesson } from '../floor/flex.entities';

export type QuizContext =
  | { kind: 'challenge'; board: BoardRef; challenge: Challenge; checkpoint: Checkpoint }
  | { kind: 'training'; board: BoardRef; training: Training; subchapter: TrainingSubchapter }
  | { kind: 'flex'; board: null; course: Course; lesson: FlexLesson }
  | { kind: 'standalone'; board: null };

export interface ContextQuery {
  checkpoint?: string;
  subchapter?: string;
  /** A flex course's lesson whose test this is (named by the client; never guessed). */
  flexLesson?: string;
}

/**
 * Where a quiz is played: a challenge's checkpoint, a training's subchapter, a flex course's lesson, or (staff
 * previews) on its own. The client names the checkpoint, subchapter or flex lesson; when it names none and the quiz
 * belongs to exactly one checkpoint or subchapter, that one is used (a flex lesson's test is always named).
 */
@Injectable()
export class QuizContexts {
  constructor(private readonly ds: DataSource) {}

  async resolve(quizId: string, q: ContextQuery, manager: EntityManager = this.ds.manager): Promise<QuizContext> {
    if (!(await manager.existsBy(Quiz, { id: quizId }))) throw notFound();
    if ([q.checkpoint, q.subchapter, q.flexLesson].filter(Boolean).length > 1) throw new DomainError('QUIZ_NOT_IN_CONTEXT');
    if (q.flexLesson) return this.ofFlexLesson(manager, quizId, q.flexLesson);
    if (q.checkpoint) return this.ofCheckpoint(manager, quizId, q.checkpoint);
    if (q.subchapter) return this.ofSubchapter(manager, quizId, q.subchapter);
    const checkpoints = await manager.find(CheckpointQuiz, { where: { quizId }, take: 2 });
    const subchapters = await manager.find(TrainingSubchapter, { where: { quizId }, take: 2 });
    if (checkpoints.length + subchapters.length === 0) return { kind: 'standalone', board: null };
    if (checkpoints.length + subchapters.length > 1) throw new DomainError('QUIZ_NOT_IN_CONTEXT');
    return checkpoints.length
      ? this.ofCheckpoint(manager, quizId, checkpoints[0].checkpointId)
      : this.ofSubchapter(manager, quizId, subchapters[0].id);
  }

  private async ofCheckpoint(manager: EntityManager, quizId: string, checkpointId: string): Promise<QuizContext> {
    const link = await manager.findOneBy(CheckpointQuiz, { checkpointId, quizId });
    if (!link) throw new DomainError('QUIZ_NOT_IN_CONTEXT');
    const checkpoint = await manager.findOneByOrFail(Checkpoint, { id: checkpointId });
    const challenge = await manager.findOneByOrFail(Challenge, { id: checkpoint.challengeId });
    return { kind: 'challenge', board: { kind: 'challenge', id: challenge.id }, challenge, checkpoint };
  }

  private async ofSubchapter(manager: EntityManager, quizId: string, subchapterId: string): Promise<QuizContext> {
    const subchapter = await manager.findOneBy(TrainingSubchapter, { id: subchapterId, quizId });
    if (!subchapter) throw new DomainError('QUIZ_NOT_IN_CONTEXT');
    const training = await manager.findOneByOrFail(Training, { id: subchapter.trainingId });
    return { kind: 'training', board: { kind: 'training', id: training.id }, training, subchapter };
  }

  private async ofFlexLesson(manager: EntityManager, quizId: string, lessonId: string): Promise<QuizContext> {
    const lesson = await manager.findOneBy(FlexLesson, { id: lessonId, quizId });
    if (!lesson) throw new DomainError('QUIZ_NOT_IN_CONTEXT');
    const chapter = await manager.findOneByOrFail(FlexChapter, { id: lesson.chapterId });
    const course = await manager.findOneByOrFail(Course, { id: chapter.courseId });
    return { kind: 'flex', board: null, course, lesson };
  }
}
