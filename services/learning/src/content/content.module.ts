import { Injectable, Module } from '@nestjs/common';
import { AuditModule, type CrudAccess, type CrudHooks, type CrudWriteContext, CrudResource, DomainError } from '@olymp/server-kit';
import { QuestionOrderController } from './question-order.controller';
import { ContentSeeder } from './content.seeder';
import { AnswerOption, Question, QuestionType, Quiz, QuizType } from '../floor/quiz.entities';
import { Attempt } from '../floor/attempt.entities';
import { QUESTION_KIND_LABELS } from '../floor/display';
import {
  createAnswer, createQuestion, createQuestionType, createQuiz, createQuizType,
  updateAnswer, updateQuestion, updateQuestionType, updateQuiz, updateQuizType,
} from './quiz.dto';

/**
 * The question bank as standard resources. Reading questions and answers is for staff only (`quiz:index`): they
 * carry the correct answers. Pupils see questions only through their attempts (attempts/).
 */
const access: CrudAccess = { read: 'quiz:index', store: 'quiz:create', update: 'quiz:update', destroy: 'quiz:delete' };
const texts = ['textKk', 'textRu', 'textEn'] as const;

/** A question or choice of a quiz that pupils have already answered cannot be deleted (their scores would change). */
@Injectable()
export class QuestionHooks implements CrudHooks<Question> {
  async beforeDestroy(row: Question, ctx: CrudWriteContext) {
    if (await ctx.manager.existsBy(Attempt, { quizId: row.quizId })) throw new DomainError('PUBLISHED_CONTENT_LOCKED');
  }
}

@Injectable()
export class AnswerHooks implements CrudHooks<AnswerOption> {
  async beforeDestroy(row: AnswerOption, ctx: CrudWriteContext) {
    const question = await ctx.manager.findOneBy(Question, { id: row.questionId });
    if (question && (await ctx.manager.existsBy(Attempt, { quizId: question.quizId }))) throw new DomainError('PUBLISHED_CONTENT_LOCKED');
  }
}

/** Content: the question bank (question and quiz types, quizzes, questions, answers) for staff, and its seeded types. */
@Module({
  imports: [
    AuditModule,
    CrudResource.register({
      path: 'question-types', entity: QuestionType, create: createQuestionType, update: updateQuestionType,
      access: { read: 'signed-in', store: 'quiz:create', update: 'quiz:update', destroy: 'quiz:delete' },
      searchable: ['nameKk', 'nameRu', 'nameEn'], audit: { reveal: ['code'] },
      label: ['name'], fields: { code: { enumLabels: QUESTION_KIND_LABELS } }, defaultSort: [{ field: 'id', order: 'ASC' }],
    }),
    CrudResource.register({
      path: 'quiz-types', entity: QuizType, create: createQuizType, update: updateQuizType,
      access: { read: 'signed-in', store: 'quiz:create', update: 'quiz:update', destroy: 'quiz:delete' },
      searchable: ['nameKk', 'nameRu', 'nameEn'], audit: { reveal: ['code'] },
      label: ['name'], fields: { code: { hiddenInList: true } }, defaultSort: [{ field: 'id', order: 'ASC' }],
    }),
    CrudResource.register({
      path: 'quizzes', entity: Quiz, create: createQuiz, update: updateQuiz, access,
      searchable: ['titleKk', 'titleRu', 'titleEn'], relations: { quizType: {} },
      label: ['title'], fields: { durationSeconds: { unit: 'minutes', storedUnit: 'seconds' } },
      defaultSort: [{ field: 'createdAt', order: 'DESC' }],
    }),
    CrudResource.register({
      path: 'questions', entity: Question, create: createQuestion, update: updateQuestion, access,
      searchable: texts, relations: { quiz: {} }, hooks: QuestionHooks,
      label: ['text'], fields: { kind: { enumLabels: QUESTION_KIND_LABELS } },
      defaultSort: [{ field: 'position', order: 'ASC' }, { field: 'createdAt', order: 'DESC' }],
    }),
    CrudResource.register({
      path: 'answers', entity: AnswerOption, create: createAnswer, update: updateAnswer, access,
      searchable: texts, relations: { question: {} }, hooks: AnswerHooks,
      label: ['text'],
      defaultSort: [{ field: 'position', order: 'ASC' }],
    }),
  ],
  controllers: [QuestionOrderController],
  providers: [QuestionHooks, AnswerHooks, ContentSeeder],
  exports: [ContentSeeder],
})
export class ContentModule {}
