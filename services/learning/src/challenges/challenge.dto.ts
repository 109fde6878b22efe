import { z } from 'zod';
import { fieldMessage, numeral } from '@olymp/server-kit';
import { AUDIENCES, RESULTS_BEFORE_CLOSE } from '../floor/challenge.entities';
import { imageUrl, localizedFields, longText, title, uuid } from '../floor/localized';

const instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const price = z.number().int().min(0).max(100_000_000);

const challengeFields = {
  ...localizedFields('title', title),
  ...localizedFields('description', longText),
  grade: z.number().int().min(0).max(12).nullable().optional(),
  startsAt: instant,
  endsAt: instant,
  priceTenge: price.default(0),
  priceZp: price.default(0),
  ...localizedFields('reward', z.string().max(2000).default('')),
  imageUrl,
  position: z.number().int().min(0).max(1_000_000).default(0),
  /** What a pupil sees of a finished test before its checkpoint closes (correct answers always wait for the close). */
  resultsBeforeClose: z.enum(RESULTS_BEFORE_CLOSE).default('points'),
};

const AFTER_START = fieldMessage({
  en: 'must be later than the start (startsAt)',
  ru: 'должно быть позже начала (startsAt)',
  kk: 'басталу уақытынан (startsAt) кейін болуы керек',
});
const CODE_NEEDED = fieldMessage({
  en: 'enter the code pupils will type to join (4-40 letters, digits or -)',
  ru: 'введите код, который ученики наберут для входа (4-40 букв, цифр или -)',
  kk: 'оқушылар кіру үшін теретін кодты енгізіңіз (4-40 әріп, сан немесе -)',
});

const datesInOrder = (v: { startsAt?: Date; endsAt?: Date }, ctx: z.RefinementCtx) => {
  if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: AFTER_START() });
};

/** Publishing, archiving, privacy and audience have their own actions (challenges/{id}/publish ...). */
export const createChallenge = z.strictObject(challengeFields).superRefine(datesInOrder);
export const updateChallenge = z.strictObject(challengeFields).partial().superRefine(datesInOrder);

export const createCheckpoint = z.strictObject({
  challengeId: uuid,
  day: z.number().int().min(1).max(366),
  ...localizedFields('title', title),
  /** The opening instant; staff screens pick a date and an hour in Asia/Almaty. */
  opensAt: instant,
});
export const updateCheckpoint = createCheckpoint.omit({ challengeId: true }).partial();

export const checkpointQuizzesBody = z.strictObject({ quizIds: z.array(uuid).max(50) });

export const publishBody = z.strictObject({ published: z.boolean().default(true) });
export const archiveBody = z.strictObject({ archived: z.boolean().default(true) });
export const rewardBody = z.strictObject({ ...localizedFields('reward', z.string().max(2000)) });
export const privateBody = z
  .strictObject({
    private: z.boolean(),
    audience: z.enum(AUDIENCES).optional(),
    accessCode: z.string().trim().min(4).max(40).regex(/^[A-Za-z0-9-]+$/).nullable().optional(),
    /** For audience `users`: the invited pupils (replaces the list). */
    userIds: z.array(uuid).max(10_000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.audience === 'code' && !v.accessCode) ctx.addIssue({ code: 'custom', path: ['accessCode'], message: CODE_NEEDED() });
  });
export const reorderBody = z.strictObject({ position: z.number().int().min(0).max(1_000_000) });
export const joinBody = z.strictObject({ code: z.string().trim().max(40).optional() });

const certificateText = z.string().max(5000);
export const certificateTemplateBody = z.strictObject({
  backgroundUrl: z.string().trim().max(500).nullable(),
  ...localizedFields('title', z.string().max(300)),
  ...localizedFields('body', certificateText),
});

/** challenges/{id}/import: checkpoints with their tests, the format the seed uses too. */
const importOption = z.strictObject({ ...localizedFields('text', z.string().trim().min(1).max(2000)), isCorrect: z.boolean() });
const importQuestion = z.strictObject({
  kind: z.enum(['single', 'multiple', 'numeric', 'text']),
  ...localizedFields('text', z.string().trim().min(1).max(5000)),
  points: z.number().int().min(0).max(1000),
  options: z.array(importOption).max(20).default([]),
  accepted: z.strictObject({ value: z.number().optional(), tolerance: z.number().nonnegative().optional(), texts: z.array(z.string()).optional() }).nullable().default(null),
});
const importQuiz = z.strictObject({
  ...localizedFields('title', title),
  durationSeconds: z.number().int().min(30).max(86400),
  /** Questions and options in a stable order of their own per attempt (off: the authored order). */
  shuffle: z.boolean().default(true),
  questions: z.array(importQuestion).min(1).max(200),
});
export const importBody = z.strictObject({
  checkpoints: z
    .array(z.strictObject({ day: z.number().int().min(1).max(366), ...localizedFields('title', title), opensAt: instant, quizzes: z.array(importQuiz).max(20) }))
    .min(1)
    .max(60),
});
export type ImportBody = z.output<typeof importBody>;
export type ImportQuiz = z.output<typeof importQuiz>;

export const leaderboardQuery = z.strictObject({
  page: numeral(z.number().int().min(1).max(100_000).default(1)),
  perPage: numeral(z.number().int().min(1).max(100).default(50)),
  provinceId: numeral(z.number().int().positive().max(2_147_483_647).optional()),
  districtId: numeral(z.number().int().positive().max(2_147_483_647).optional()),
  schoolId: numeral(z.number().int().positive().max(2_147_483_647).optional()),
});

export const challengeListQuery = z.strictObject({
  grade: numeral(z.number().int().min(0).max(12).optional()),
  status: z.enum(['planned', 'ongoing', 'finished']).optional(),
});
