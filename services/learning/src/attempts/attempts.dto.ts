import { z } from 'zod';
import { fieldMessage } from '@olymp/server-kit';

const uuid = z.uuid();

export const contextQuery = z.strictObject({ checkpoint: uuid.optional(), subchapter: uuid.optional(), flexLesson: uuid.optional() });

export const startBody = z.strictObject({
  checkpoint: uuid.optional(),
  subchapter: uuid.optional(),
  flexLesson: uuid.optional(),
  /** Spec section 5: the pupil confirms all three before the test starts. */
  prechecks: z.strictObject({ charged: z.boolean(), stableConnection: z.boolean(), timerKeepsRunning: z.boolean() }).optional(),
});

/** `{ optionId }`, `{ optionIds }`, `{ value }` or `{ text }`; checked against the question's kind when saved. */
const answer = z.record(z.string(), z.unknown()).refine((v) => Object.keys(v).length === 1, {
  error: fieldMessage({
    en: 'give exactly one of optionId, optionIds, value or text',
    ru: 'укажите ровно одно из optionId, optionIds, value или text',
    kk: 'optionId, optionIds, value немесе text өрістерінің дәл біреуін беріңіз',
  }),
});
const seq = z.number().int().min(1).max(2_000_000_000).optional();

export const userAnswerBody = z.strictObject({ attemptId: uuid, questionId: uuid, answer, seq });

/** Several answers at once (a client flushing what it queued while offline). */
export const answersBody = z.strictObject({
  attemptId: uuid,
  answers: z.array(z.strictObject({ questionId: uuid, answer, seq })).min(1).max(200),
});

export const finishBody = z.strictObject({ attemptId: uuid.optional(), checkpoint: uuid.optional(), subchapter: uuid.optional(), flexLesson: uuid.optional() });
export const resetBody = z.strictObject({ checkpoint: uuid.optional(), subchapter: uuid.optional(), flexLesson: uuid.optional() });
