import { z } from 'zod';
import { localizedFields, longText, title, uuid } from '../floor/localized';

const position = z.number().int().min(0).max(1_000_000);

const chapterFields = { ...localizedFields('title', title), position: position.default(0), published: z.boolean().default(false) };
/** A chapter stays in its (flex) course. */
export const createFlexChapter = z.strictObject({ courseId: uuid, ...chapterFields });
export const updateFlexChapter = z.strictObject(chapterFields).partial();

const lessonFields = {
  ...localizedFields('title', title),
  ...localizedFields('body', longText),
  /** The lesson's test: a quiz of the question bank (null: none). */
  quizId: uuid.nullable().default(null),
  /** Points for finishing the lesson; the test's points come on top. */
  points: z.number().int().min(0).max(10_000).default(10),
  position: position.default(0),
  published: z.boolean().default(false),
};
/** A lesson stays in its chapter. */
export const createFlexLesson = z.strictObject({ chapterId: uuid, ...lessonFields });
export const updateFlexLesson = z.strictObject(lessonFields).partial();

/** `POST .../complete` takes no fields. */
export const emptyBody = z.strictObject({});
