/**
 * HTTP contracts of the learning service that the UIs read (docs/learning.md): challenges with their days
 * (checkpoints) and tests, a pupil's test (the play view), answer saves and the finish.
 */
import { z } from 'zod';
import { dataOf, dataWithMessage, isoInstant, localizedText } from './http';
import { RPC } from './rpc';

export const challengeStatus = z.enum(['planned', 'ongoing', 'finished']);
export type ChallengeStatus = z.output<typeof challengeStatus>;

/** A challenge in lists (`GET /api/challenges-all`, `GET /api/users/{user}/active-challenges`). */
export const challengeSummary = z.object({
  id: z.uuid(),
  title: localizedText,
  description: localizedText,
  reward: localizedText,
  grade: z.number().int().nullable(),
  startsAt: isoInstant,
  endsAt: isoInstant,
  status: challengeStatus,
  paid: z.boolean(),
  priceTenge: z.number().int(),
  priceZp: z.number().int(),
  audience: z.enum(['all', 'users', 'code']),
  imageUrl: z.string().nullable(),
  /** Whether the caller joined (false for guests). */
  joined: z.boolean(),
});
export type ChallengeSummary = z.output<typeof challengeSummary>;
export const challengeListReply = dataOf(z.array(challengeSummary));
export type ChallengeListReply = z.output<typeof challengeListReply>;

export const attemptStatus = z.enum(['running', 'finished', 'reset']);
export type AttemptStatus = z.output<typeof attemptStatus>;

/** A test of a challenge day, with the caller's attempt at it. */
export const checkpointQuiz = z.object({
  id: z.uuid(),
  title: localizedText,
  durationSeconds: z.number().int(),
  questionCount: z.number().int(),
  maxPoints: z.number(),
  attempt: z.object({ id: z.uuid(), status: attemptStatus, points: z.number().nullable(), deadlineAt: isoInstant }).nullable(),
});
export type CheckpointQuiz = z.output<typeof checkpointQuiz>;

export const checkpointState = z.enum(['open', 'upcoming', 'closed']);
export type CheckpointState = z.output<typeof checkpointState>;

/** A day of a challenge: its window and tests. */
export const checkpointView = z.object({
  id: z.uuid(),
  day: z.number().int(),
  title: localizedText,
  opensAt: isoInstant,
  closesAt: isoInstant,
  state: checkpointState,
  quizzes: z.array(checkpointQuiz),
});
export type CheckpointView = z.output<typeof checkpointView>;

export const challengeParticipation = z.object({
  joinedAt: isoInstant,
  points: z.number(),
  timeSpentMs: z.number().int(),
  correctCount: z.number().int(),
  finishedQuizzes: z.number().int(),
});
export type ChallengeParticipation = z.output<typeof challengeParticipation>;

/** The challenge page (`GET /api/challenges-all/{challenge}`): days and tests, and the caller's progress. */
export const challengePage = challengeSummary.omit({ joined: true }).extend({
  checkpoints: z.array(checkpointView),
  /** Null for a guest or a caller who did not join. */
  participation: challengeParticipation.nullable(),
});
export type ChallengePage = z.output<typeof challengePage>;
export const challengePageReply = dataOf(challengePage);
export type ChallengePageReply = z.output<typeof challengePageReply>;

/** `POST /api/users/{user}/challenges/{challenge}`: joined (or already). */
export const joinChallengeReply = dataWithMessage(
  z.object({ joined: z.literal(true), created: z.boolean(), joinedAt: isoInstant, via: z.enum(['free', 'code', 'invited', 'invoice', 'staff']) }),
);
export type JoinChallengeReply = z.output<typeof joinChallengeReply>;

/* Tests: the play view */

export const answerValue = z.union([
  z.object({ optionId: z.string() }),
  z.object({ optionIds: z.array(z.string()) }),
  z.object({ value: z.number() }),
  z.object({ text: z.string() }),
]);
export type AnswerValue = z.output<typeof answerValue>;

export const questionKind = z.enum(['single', 'multiple', 'numeric', 'text']);

/** A question of a running or finished attempt; what was correct only once it is finished. */
export const questionView = z.object({
  id: z.uuid(),
  number: z.number().int(),
  kind: questionKind,
  text: localizedText,
  imageUrl: z.string().nullable(),
  points: z.number(),
  options: z.array(z.object({ id: z.uuid(), text: localizedText })),
  answer: answerValue.nullable(),
  seq: z.number().int(),
  /** Right or wrong: sent once `attempt.review.marks`. */
  isCorrect: z.boolean().optional(),
  pointsEarned: z.number().optional(),
  /** Sent once `attempt.review.answers` (for a challenge: after the day has closed for everyone). */
  correctAnswer: z
    .union([
      z.object({ optionIds: z.array(z.string()) }),
      z.object({ value: z.number().nullable(), tolerance: z.number() }),
      z.object({ texts: z.array(z.string()) }),
    ])
    .optional(),
  explanation: localizedText.optional(),
});
export type QuestionView = z.output<typeof questionView>;

/** What a finished attempt reveals of correctness. */
export const reviewState = z.object({ marks: z.boolean(), answers: z.boolean(), answersAt: isoInstant.nullable() });
export type ReviewState = z.output<typeof reviewState>;

/** An attempt by the server's clock: the deadline, the seconds left and the server's now; the result once finished. */
export const attemptView = z.object({
  id: z.uuid(),
  status: attemptStatus,
  attemptNo: z.number().int(),
  startedAt: isoInstant,
  deadlineAt: isoInstant,
  remainingSeconds: z.number().int(),
  serverNow: isoInstant,
  finishedAt: isoInstant.nullable(),
  finishedBy: z.enum(['user', 'timeout']).nullable(),
  points: z.number().optional(),
  maxPoints: z.number().optional(),
  correctCount: z.number().int().optional(),
  questionCount: z.number().int().optional(),
  timeSpentMs: z.number().int().optional(),
  /** Whether the questions carry right or wrong and the correct answers (a training's: after passing or the last try). */
  answersShown: z.boolean(),
  /**
   * What a finished attempt shows (docs/learning.md, "What a finished attempt shows"): right/wrong marks, the correct
   * answers and explanations, and when those will come when they are not shown yet (a challenge's: once the day has
   * closed for everyone).
   */
  review: reviewState.optional(),
});
export type AttemptView = z.output<typeof attemptView>;

/** Where a test is taken: a challenge day, a training subchapter, or on its own. */
export const quizContextView = z.union([
  z.object({ kind: z.literal('challenge'), challengeId: z.uuid(), checkpointId: z.uuid() }),
  z.object({ kind: z.literal('training'), trainingId: z.uuid(), subchapterId: z.uuid() }),
  z.object({ kind: z.literal('standalone') }),
]);
export type QuizContextView = z.output<typeof quizContextView>;

/** A pupil's test: the quiz, the latest attempt, its questions (none before a start) and the context. */
export const playView = z.object({
  quiz: z.object({
    id: z.uuid(),
    title: localizedText,
    description: localizedText,
    durationSeconds: z.number().int(),
    questionCount: z.number().int(),
    maxPoints: z.number(),
  }),
  attempt: attemptView.nullable(),
  questions: z.array(questionView),
  context: quizContextView,
});
export type PlayView = z.output<typeof playView>;
/** `GET /api/users/{user}/quizzes/{quiz}` and `POST .../start`. */
export const playReply = dataOf(playView);
export type PlayReply = z.output<typeof playReply>;
/** `POST /api/users/{user}/quizzes/{quiz}/finish`: the finished attempt with its result and the correct answers. */
export const finishReply = dataWithMessage(playView);
export type FinishReply = z.output<typeof finishReply>;

/** `POST /api/user-answer`: the seq now stored; `applied` false when a newer save was already there. */
export const answerSaveReply = dataWithMessage(
  z.object({ attemptId: z.uuid(), questionId: z.uuid(), seq: z.number().int(), applied: z.boolean(), remainingSeconds: z.number().int() }),
);
export type AnswerSaveReply = z.output<typeof answerSaveReply>;

/* Trainings: chapters of lessons (subchapters) with a test each, hearts and tries */

/** The heart bar now (an empty bar whose refill time passed shows full). */
export const heartsView = z.object({ hearts: z.number().int(), max: z.number().int(), refillAt: isoInstant.nullable(), resetMinutes: z.number().int() });
export type HeartsView = z.output<typeof heartsView>;

/** A training in lists (`GET /api/trainings-all`). */
export const trainingSummary = z.object({
  id: z.uuid(),
  title: localizedText,
  description: localizedText,
  grade: z.number().int().nullable(),
  published: z.boolean(),
  paid: z.boolean(),
  priceTenge: z.number().int(),
  priceZp: z.number().int(),
  /** Tries per test; null for unlimited. */
  tryNumber: z.number().int().nullable(),
  heartsMax: z.number().int(),
  heartResetMinutes: z.number().int(),
  imageUrl: z.string().nullable(),
  joined: z.boolean(),
});
export type TrainingSummary = z.output<typeof trainingSummary>;
export const trainingListReply = dataOf(z.array(trainingSummary));
export type TrainingListReply = z.output<typeof trainingListReply>;

/** The caller's part in a training. */
export const trainingParticipation = z.object({
  via: z.enum(['free', 'code', 'invited', 'invoice', 'staff']),
  invoiceId: z.string().nullable(),
  joinedAt: isoInstant,
  points: z.number(),
  timeSpentMs: z.number().int(),
  correctCount: z.number().int(),
  finishedQuizzes: z.number().int(),
  hearts: heartsView.nullable(),
});
export type TrainingParticipation = z.output<typeof trainingParticipation>;

/** A lesson: its text (for those taking part), its test and the caller's tries, and its treasures. */
export const subchapterView = z.object({
  id: z.uuid(),
  title: localizedText,
  position: z.number().int(),
  content: localizedText.nullable(),
  quiz: z.object({ id: z.uuid(), title: localizedText, durationSeconds: z.number().int(), questionCount: z.number().int(), maxPoints: z.number() }).nullable(),
  progress: z
    .object({
      triesUsed: z.number().int(),
      /** Null for unlimited tries. */
      triesLeft: z.number().int().nullable(),
      finishedAttempts: z.number().int(),
      bestPoints: z.number().nullable(),
      runningAttempt: z.object({ id: z.uuid(), deadlineAt: isoInstant }).nullable(),
    })
    .nullable(),
  treasures: z.array(
    z.object({ id: z.uuid(), title: localizedText, reward: z.object({ xp: z.number(), zp: z.number(), altynSaqa: z.number() }), claimed: z.boolean() }),
  ),
});
export type SubchapterView = z.output<typeof subchapterView>;

/** The training page (`GET /api/trainings-all/{training}`). */
export const trainingPage = trainingSummary.extend({
  participation: trainingParticipation.nullable(),
  chapters: z.array(z.object({ id: z.uuid(), title: localizedText, position: z.number().int(), subchapters: z.array(subchapterView) })),
});
export type TrainingPage = z.output<typeof trainingPage>;
export const trainingPageReply = dataOf(trainingPage);
export type TrainingPageReply = z.output<typeof trainingPageReply>;

/** `POST /api/trainings/{training}/join`. */
export const joinTrainingReply = dataWithMessage(trainingParticipation.extend({ joined: z.literal(true), created: z.boolean() }));
export type JoinTrainingReply = z.output<typeof joinTrainingReply>;

/** `GET /api/users/{user}/challenges/{challenge}/invoice`, `GET|POST /api/trainings/{training}/invoice`: the pupil's invoice for a paid board (finance's answer). */
export const boardInvoiceReply = dataOf(RPC['finance.invoice.open'].reply);
export type BoardInvoiceReply = z.output<typeof boardInvoiceReply>;
