import { z } from 'zod';
import { numeral } from '@olymp/server-kit';
import { imageUrl, localizedFields, longText, title, uuid } from '../floor/localized';
import { createTreasure } from '../treasures/treasure.dto';

const price = z.number().int().min(0).max(100_000_000);
const position = z.number().int().min(0).max(1_000_000);
/** Tries per test: 1..100, or null for unlimited. */
const tryNumber = z.number().int().min(1).max(100).nullable();
const heartsMax = z.number().int().min(1).max(100);
/** Minutes until an empty heart bar is full again: 1 minute to 7 days. */
const heartResetMinutes = z.number().int().min(1).max(7 * 24 * 60);

const trainingFields = {
  ...localizedFields('title', title),
  ...localizedFields('description', longText),
  grade: z.number().int().min(0).max(12).nullable().optional(),
  priceTenge: price.default(0),
  priceZp: price.default(0),
  imageUrl,
  position: position.default(0),
};

/**
 * Publishing, tries and hearts have their own actions (trainings/{id}/publish, update-try-number,
 * update-heart-reset-interval): changing hearts must also adjust the pupils' bars, which a plain edit would not.
 */
export const createTraining = z.strictObject({
  ...trainingFields,
  tryNumber: tryNumber.default(null),
  heartsMax: heartsMax.default(5),
  heartResetMinutes: heartResetMinutes.default(240),
});
export const updateTraining = z.strictObject(trainingFields).partial();

const chapterFields = { ...localizedFields('title', title), position: position.default(0) };
/** `trainings/{training}/chapters` POST: the training is the path's. */
export const createChapterBody = z.strictObject(chapterFields);
/** `training-chapters` (plain CRUD): the training is named in the body and never changes afterwards. */
export const createChapter = z.strictObject({ trainingId: uuid, ...chapterFields });
export const updateChapter = z.strictObject(chapterFields).partial();

/** A subchapter: a lesson (text in three languages) that may end in a test; its training follows its chapter. */
const subchapterFields = {
  chapterId: uuid,
  ...localizedFields('title', title),
  ...localizedFields('content', longText),
  quizId: uuid.nullable().default(null),
  position: position.default(0),
};
export const createSubchapter = z.strictObject(subchapterFields);
export const updateSubchapter = z.strictObject(subchapterFields).partial();

/** A training treasure: guarded by a subchapter's test (or open at once); never by a challenge's checkpoint. */
export const createTrainingTreasure = createTreasure.omit({ checkpointId: true });
export const updateTrainingTreasure = createTrainingTreasure.omit({ boardId: true }).partial();

export const publishBody = z.strictObject({ published: z.boolean().default(true) });
export const tryNumberBody = z.strictObject({ tryNumber });
export const heartsBody = z.strictObject({ heartResetMinutes, heartsMax: heartsMax.optional() });
/** Joining has nothing to say; a strict empty body still refuses stray fields. */
export const emptyBody = z.strictObject({});

export const trainingListQuery = z.strictObject({
  grade: numeral(z.number().int().min(0).max(12).optional()),
});

export const leaderboardQuery = z.strictObject({
  page: numeral(z.number().int().min(1).max(100_000).default(1)),
  perPage: numeral(z.number().int().min(1).max(100).default(50)),
  provinceId: numeral(z.number().int().positive().max(2_147_483_647).optional()),
  districtId: numeral(z.number().int().positive().max(2_147_483_647).optional()),
  schoolId: numeral(z.number().int().positive().max(2_147_483_647).optional()),
});

export const subscriptionsQuery = z.strictObject({
  page: numeral(z.number().int().min(1).max(100_000).default(1)),
  perPage: numeral(z.number().int().min(1).max(200).default(50)),
  via: z.enum(['free', 'invoice', 'code', 'invited', 'staff']).optional(),
  /** Part of a first or last name. */
  q: z.string().trim().min(1).max(100).optional(),
});
