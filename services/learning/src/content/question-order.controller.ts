import { Controller, Put } from '@nestjs/common';
import { z } from 'zod';
import { questionOrderReply } from '@olymp/proto';
import { ApiShape, AuditLog, type AuthUser, CurrentUser, DomainError, RequirePermission, UuidParam, ValidBody, notFound } from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import { Question, Quiz } from '../floor/quiz.entities';
import { uuid } from '../floor/localized';

export const questionOrderBody = z.strictObject({
  questionIds: z
    .array(uuid)
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate' }),
});

/**
 * PUT /api/quizzes/{quiz}/question-order: the quiz builder's reorder. The body names every question of the quiz
 * exactly once, in the new order; positions become 0..n-1 in one transaction with its audit entry, so a reader
 * never sees two questions at one position or a half-applied order.
 */
@Controller()
export class QuestionOrderController {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditLog,
  ) {}

  @Put('quizzes/:quiz/question-order')
  @ApiShape({ response: questionOrderReply })
  @RequirePermission('quiz:update')
  async reorder(@CurrentUser() user: AuthUser, @UuidParam('quiz') id: string, @ValidBody(questionOrderBody) body: z.output<typeof questionOrderBody>) {
    return this.ds.transaction(async (m) => {
      const quiz = await m.getRepository(Quiz).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!quiz) throw notFound();
      const rows = await m.getRepository(Question).find({ where: { quizId: id }, select: { id: true, position: true }, order: { position: 'ASC', createdAt: 'ASC' } });
      const known = new Set(rows.map((r) => r.id));
      if (body.questionIds.length !== known.size || body.questionIds.some((q) => !known.has(q))) throw new DomainError('QUESTION_ORDER_MISMATCH');
      for (const [position, questionId] of body.questionIds.entries()) await m.getRepository(Question).update({ id: questionId }, { position });
      await this.audit.record(m, {
        actor: { sub: user.sub, roleId: user.roleId },
        action: 'questions.reorder',
        resource: 'quizzes',
        resourceId: id,
        before: { questionIds: rows.map((r) => r.id) },
        after: { questionIds: body.questionIds },
      });
      return { data: body.questionIds.map((questionId, position) => ({ id: questionId, position })) };
    });
  }
}
