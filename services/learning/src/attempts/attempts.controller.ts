import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import { type AnswerSaveReply, answerSaveReply, answersSaveReply, attemptResetReply, finishReply, type Locale, message, playReply, savedAnswersReply, startTimeReply } from '@olymp/proto';
import {
  ApiShape, type AuthUser, Clock, CurrentUser, DomainError, RequestLocale, RequirePermission, SignedIn, UuidParam, ValidBody, ValidQuery,
} from '@olymp/server-kit';
import { Attempts, playView, remainingSeconds } from './attempts.service';
import { type QuizContext, QuizContexts } from './contexts';
import { answersBody, contextQuery, finishBody, resetBody, startBody, userAnswerBody } from './attempts.dto';
import { RESULT_READERS, assertSelf, assertSelfOrStaff, holdsAny } from '../floor/access';
import { Attempt } from '../floor/attempt.entities';
import { DataSource } from 'typeorm';
import { HIDDEN, type Reveal, Reveals } from './reveal';

/**
 * A pupil's tests (spec section 7, "Quizzes for a user"). Time is the server's; what is shown of correctness after
 * finish is the reveal rule's (`Reveals`: a challenge's answers wait until nobody can still answer its test).
 */
@Controller()
export class AttemptsController {
  constructor(
    private readonly attempts: Attempts,
    private readonly contexts: QuizContexts,
    private readonly clock: Clock,
    private readonly ds: DataSource,
    private readonly reveals: Reveals,
  ) {}

  @Get('users/:user/quizzes/:quiz')
  @SignedIn()
  @ApiShape({ response: playReply, summary: 'A pupil\'s test: the quiz, the latest attempt and its questions' })
  async show(@CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('quiz') quizId: string, @ValidQuery(contextQuery) q: z.output<typeof contextQuery>) {
    assertSelfOrStaff(user, userId, ...RESULT_READERS);
    const ctx = await this.contexts.resolve(quizId, q);
    const attempt = await this.attempts.latest(userId, quizId, ctx);
    const sheet = await this.attempts.sheet(quizId);
    const answers = attempt ? await this.attempts.answersOf(attempt.id) : [];
    const now = this.clock.now();
    return { data: { ...playView(sheet, attempt, answers, now, await this.reveal(user, ctx, attempt, now)), context: contextView(ctx) } };
  }

  @Post('users/:user/quizzes/:quiz/start')
  @SignedIn()
  @ApiShape({ response: playReply, summary: 'Start (or resume) an attempt' })
  async start(@CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('quiz') quizId: string, @ValidBody(startBody) body: z.output<typeof startBody>) {
    assertSelf(user, userId);
    const { attempt, ctx } = await this.attempts.start(userId, quizId, body, body.prechecks, holdsAny(user, 'quiz:index'));
    this.reveals.forget(quizId);
    const sheet = await this.attempts.sheet(quizId);
    const answers = await this.attempts.answersOf(attempt.id);
    // A start answers a running attempt: nothing of correctness.
    return { data: { ...playView(sheet, attempt, answers, this.clock.now(), HIDDEN), context: contextView(ctx) } };
  }

  @Get('users/:user/quizzes/:quiz/start-time')
  @ApiShape({ response: startTimeReply })
  @SignedIn()
  async startTime(@CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('quiz') quizId: string, @ValidQuery(contextQuery) q: z.output<typeof contextQuery>) {
    assertSelfOrStaff(user, userId, ...RESULT_READERS);
    const ctx = await this.contexts.resolve(quizId, q);
    const attempt = await this.attempts.latest(userId, quizId, ctx);
    if (!attempt) throw new DomainError('ATTEMPT_NOT_STARTED');
    const now = this.clock.now();
    return {
      data: {
        attemptId: attempt.id, status: attempt.status, startedAt: attempt.startedAt.toISOString(), deadlineAt: attempt.deadlineAt.toISOString(),
        remainingSeconds: remainingSeconds(attempt, now), serverNow: now.toISOString(),
      },
    };
  }

  @Post('user-answer')
  @SignedIn()
  @ApiShape({ response: answerSaveReply, summary: 'Save one answer (the latest seq wins)' })
  @HttpCode(200)
  async answer(@CurrentUser() user: AuthUser, @ValidBody(userAnswerBody) body: z.output<typeof userAnswerBody>, @RequestLocale() locale: Locale) {
    return answerSaved(await this.attempts.save(user.sub, [body]), locale);
  }

  @Post('users/:user/quizzes/:quiz')
  @ApiShape({ response: answersSaveReply })
  @SignedIn()
  @HttpCode(200)
  async answers(@CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('quiz') quizId: string, @ValidBody(answersBody) body: z.output<typeof answersBody>, @RequestLocale() locale: Locale) {
    assertSelf(user, userId);
    const result = await this.attempts.save(userId, body.answers.map((a) => ({ ...a, attemptId: body.attemptId })), quizId);
    return { data: { attemptId: result.attemptId, saved: result.saved, remainingSeconds: result.remainingSeconds }, message: message('ANSWER_SAVED', locale) };
  }

  @Post('users/:user/quizzes/:quiz/finish')
  @SignedIn()
  @ApiShape({ response: finishReply, summary: 'Finish an attempt: its result and the correct answers' })
  @HttpCode(200)
  async finish(@CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('quiz') quizId: string, @ValidBody(finishBody) body: z.output<typeof finishBody>, @RequestLocale() locale: Locale) {
    assertSelf(user, userId);
    const ctx = await this.contexts.resolve(quizId, body);
    const attempt = body.attemptId
      ? await this.ds.getRepository(Attempt).findOneBy({ id: body.attemptId, userId, quizId })
      : await this.attempts.latest(userId, quizId, ctx);
    if (!attempt) throw new DomainError('ATTEMPT_NOT_STARTED');
    await this.attempts.finish(attempt.id, 'user');
    const done = await this.ds.getRepository(Attempt).findOneByOrFail({ id: attempt.id });
    const sheet = await this.attempts.sheet(quizId);
    const answers = await this.attempts.answersOf(done.id);
    const now = this.clock.now();
    return { data: { ...playView(sheet, done, answers, now, await this.reveal(user, ctx, done, now)), context: contextView(ctx) }, message: message('QUIZ_FINISHED', locale) };
  }

  @Get('users/:user/quizzes/:quiz/answers')
  @ApiShape({ response: savedAnswersReply })
  @SignedIn()
  async answersOf(@CurrentUser() user: AuthUser, @UuidParam('user') userId: string, @UuidParam('quiz') quizId: string, @ValidQuery(contextQuery) q: z.output<typeof contextQuery>) {
    assertSelfOrStaff(user, userId, ...RESULT_READERS);
    const ctx = await this.contexts.resolve(quizId, q);
    const attempt = await this.attempts.latest(userId, quizId, ctx);
    if (!attempt) return { data: [] };
    const now = this.clock.now();
    const view = playView(await this.attempts.sheet(quizId), attempt, await this.attempts.answersOf(attempt.id), now, await this.reveal(user, ctx, attempt, now));
    return {
      data: view.questions.map((x) => ({
        questionId: x.id, number: x.number, answer: x.answer, seq: x.seq,
        ...('isCorrect' in x ? { isCorrect: x.isCorrect, pointsEarned: x.pointsEarned } : {}),
        ...('correctAnswer' in x ? { correctAnswer: x.correctAnswer } : {}),
      })),
    };
  }

  /**
   * What a finished attempt shows of correctness. Staff who read results see everything. A pupil gets the stricter of
   * two rules: the contest rule (`Reveals`: a challenge's test keeps its answers until nobody can still answer it) and
   * the training rule (`Attempts.answersShown`: nothing per question until the pupil passed or has no tries left).
   */
  private async reveal(user: AuthUser, ctx: QuizContext, attempt: Attempt | null, now: Date): Promise<Reveal> {
    if (attempt?.status !== 'finished') return HIDDEN;
    if (holdsAny(user, ...RESULT_READERS)) return { marks: true, answers: true, answersAt: null };
    const contest = await this.reveals.of(ctx, attempt, now);
    if (!contest.marks && !contest.answers) return contest;
    return (await this.attempts.answersShown(attempt)) ? contest : HIDDEN;
  }

  @Post('users/:user/quizzes/:quiz/reset')
  @ApiShape({ response: attemptResetReply })
  @RequirePermission('quiz:attempt_reset')
  @HttpCode(200)
  async reset(@UuidParam('user') userId: string, @UuidParam('quiz') quizId: string, @ValidBody(resetBody) body: z.output<typeof resetBody>) {
    return { data: await this.attempts.reset(userId, quizId, body) };
  }
}

function contextView(ctx: Awaited<ReturnType<QuizContexts['resolve']>>) {
  if (ctx.kind === 'challenge') return { kind: ctx.kind, challengeId: ctx.challenge.id, checkpointId: ctx.checkpoint.id };
  if (ctx.kind === 'training') return { kind: ctx.kind, trainingId: ctx.training.id, subchapterId: ctx.subchapter.id };
  if (ctx.kind === 'flex') return { kind: ctx.kind, courseId: ctx.course.id, lessonId: ctx.lesson.id };
  return { kind: ctx.kind };
}

/** What `POST /api/user-answer` answers a save, on its own route and in the gateway's coalesced saves alike. */
export function answerSaved(result: Awaited<ReturnType<Attempts['save']>>, locale: Locale): AnswerSaveReply {
  return { data: { attemptId: result.attemptId, ...result.saved[0], remainingSeconds: result.remainingSeconds }, message: message('ANSWER_SAVED', locale) };
}
