import { z } from 'zod';
import { fieldMessage } from '@olymp/server-kit';
import { QUESTION_KINDS } from '../floor/quiz.entities';
import { imageUrl, localizedFields, longText, title, uuid } from '../floor/localized';

const names = localizedFields('name', z.string().trim().min(1).max(100));

export const createQuestionType = z.strictObject({ code: z.enum(QUESTION_KINDS), ...names });
export const updateQuestionType = z.strictObject({ ...names }).partial();

export const createQuizType = z.strictObject({ code: z.string().trim().min(1).max(50).regex(/^[a-z0-9-]+$/), ...names });
export const updateQuizType = createQuizType.partial();

export const createQuiz = z.strictObject({
  ...localizedFields('title', title),
  ...localizedFields('description', longText),
  quizTypeId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  durationSeconds: z.number().int().min(30).max(86400).default(1800),
  /** Questions and options in a stable order of their own per attempt (off: the authored order for everyone). */
  shuffle: z.boolean().default(true),
});
export const updateQuiz = createQuiz.partial();

const accepted = z.strictObject({
  value: z.number().finite().optional(),
  tolerance: z.number().finite().nonnegative().max(1e9).optional(),
  texts: z.array(z.string().trim().min(1).max(200)).min(1).max(20).optional(),
});

const questionFields = {
  quizId: uuid,
  position: z.number().int().min(0).max(100000).default(0),
  kind: z.enum(QUESTION_KINDS),
  ...localizedFields('text', z.string().trim().min(1).max(5000)),
  imageUrl,
  points: z.number().int().min(0).max(1000).default(1),
  accepted: accepted.nullable().optional(),
  ...localizedFields('explanation', longText),
};

const NEEDS_VALUE = fieldMessage({
  en: 'a numeric question needs the right number in accepted.value',
  ru: 'для числового вопроса укажите верное число в accepted.value',
  kk: 'сандық сұраққа дұрыс санды accepted.value өрісіне жазыңыз',
});
const NEEDS_TEXTS = fieldMessage({
  en: 'a short-answer question needs at least one accepted answer in accepted.texts',
  ru: 'для вопроса с кратким ответом укажите хотя бы один верный ответ в accepted.texts',
  kk: 'қысқа жауапты сұраққа accepted.texts өрісінде кемінде бір дұрыс жауап жазыңыз',
});

/** Numeric questions need `accepted.value`, text questions `accepted.texts`; choice questions keep it empty. */
function acceptedFitsKind(q: { kind?: string; accepted?: z.infer<typeof accepted> | null }, ctx: z.RefinementCtx) {
  if (q.kind === 'numeric' && q.accepted?.value === undefined) {
    ctx.addIssue({ code: 'custom', path: ['accepted'], message: NEEDS_VALUE() });
  }
  if (q.kind === 'text' && !q.accepted?.texts?.length) {
    ctx.addIssue({ code: 'custom', path: ['accepted'], message: NEEDS_TEXTS() });
  }
}

export const createQuestion = z.strictObject(questionFields).superRefine(acceptedFitsKind);
export const updateQuestion = z.strictObject(questionFields).partial().superRefine(acceptedFitsKind);

export const createAnswer = z.strictObject({
  questionId: uuid,
  position: z.number().int().min(0).max(1000).default(0),
  ...localizedFields('text', z.string().trim().min(1).max(2000)),
  isCorrect: z.boolean().default(false),
});
export const updateAnswer = createAnswer.partial();
