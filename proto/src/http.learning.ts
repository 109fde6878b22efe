/**
 * HTTP contracts of the learning service that the UIs read (docs/learning.md): challenges with their days
 * (checkpoints) and tests, a pupil's test (the play view), answer saves and the finish.
 */
import { z } from 'zod';
import { dataOf, dataWithMessage, imageView, isoInstant, localizedText } from './http';
import type { MemberRow, PublicRow } from './socket';
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

/** Where a test is taken: a challenge day, a training subchapter, a flex course's lesson, or on its own. */
export const quizContextView = z.union([
  z.object({ kind: z.literal('challenge'), challengeId: z.uuid(), checkpointId: z.uuid() }),
  z.object({ kind: z.literal('training'), trainingId: z.uuid(), subchapterId: z.uuid() }),
  /** A lesson's test in a flex (self-paced) course. */
  z.object({ kind: z.literal('flex'), courseId: z.uuid(), lessonId: z.uuid() }),
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

/**
 * `POST /internal/answer-saves` (learning; outside /api, so only the platform's processes reach it): the gateway's
 * coalesced answer saves. Each item is one client's `POST /api/user-answer` as it came: its Authorization and X-Locale
 * headers, the gateway's request id, and its body's bytes in base64 (so that any bytes a pupil sent travel as they
 * are and are judged for that pupil alone). Each reply is what `POST /api/user-answer` answers that request, in order.
 */
export const ANSWER_SAVES_PATH = '/internal/answer-saves';
/** At most this many saves per coalesced request (learning's SaveBatcher writes up to 256 per statement). */
export const ANSWER_SAVES_MAX_ITEMS = 256;
/** The longest Authorization and X-Locale a coalesced save carries; a request with longer ones goes on its own. */
export const ANSWER_SAVES_MAX_AUTHORIZATION = 8192;
export const ANSWER_SAVES_MAX_LOCALE = 64;
export const answerSavesBody = z.strictObject({
  saves: z
    .array(
      z.strictObject({
        authorization: z.string().max(ANSWER_SAVES_MAX_AUTHORIZATION).optional(),
        locale: z.string().max(ANSWER_SAVES_MAX_LOCALE).optional(),
        requestId: z.string().min(1).max(128),
        body: z.base64().max(24 * 1024),
      }),
    )
    .min(1)
    .max(ANSWER_SAVES_MAX_ITEMS),
});
export type AnswerSavesBody = z.input<typeof answerSavesBody>;
export const answerSavesReply = z.strictObject({
  /** `status` and the JSON text of the body that `POST /api/user-answer` answers, one per save, in order. */
  replies: z.array(z.strictObject({ status: z.number().int().min(200).max(599), body: z.string() })),
});
export type AnswerSavesReply = z.output<typeof answerSavesReply>;

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

/** A chapter of a training with its lessons (`GET /api/trainings/{training}/chapters`, and the training page). */
export const chapterView = z.object({ id: z.uuid(), title: localizedText, position: z.number().int(), subchapters: z.array(subchapterView) });
export type ChapterView = z.output<typeof chapterView>;

/** The training page (`GET /api/trainings-all/{training}`). */
export const trainingPage = trainingSummary.extend({
  participation: trainingParticipation.nullable(),
  chapters: z.array(chapterView),
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

/* Leaderboards (`GET /api/challenges/{challenge}/leaderboard`, `GET /api/trainings/{training}/leaderboard`) */

/** A place on a full leaderboard row: its id and its name in three languages as the participation copied it. */
export const boardPlace = z.object({ id: z.number().int(), name: localizedText.nullable() });
export type BoardPlace = z.output<typeof boardPlace>;

/** A row as anyone may see it (proto's `publicRow`, the live boards' public row): no ids, no phones. */
export const publicRowView = z.object({
  rank: z.number().int(),
  name: z.string().nullable(),
  school: z.string().nullable(),
  region: z.string().nullable(),
  points: z.number(),
  timeSpentMs: z.number(),
});
/** Someone else's row as a signed-in pupil sees it (proto's `memberRow`). */
export const memberRowView = publicRowView.extend({ district: z.string().nullable(), correctCount: z.number().int(), percent: z.number().nullable() });

/** A full row: staff's rows (and, without `totalXp`, a pupil's own row: `ownRow`). */
export const leaderboardRow = z.object({
  rank: z.number().int(),
  userId: z.uuid(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  province: boardPlace.nullable(),
  district: boardPlace.nullable(),
  school: boardPlace.nullable(),
  points: z.number(),
  xpEarned: z.number(),
  /** The pupil's XP in all (finance's); null when finance could not be asked. */
  totalXp: z.number().nullable(),
  timeSpentMs: z.number(),
  correctAnswers: z.number().int(),
  finishedQuizzes: z.number().int(),
  percentage: z.number(),
});
export type LeaderboardRow = z.output<typeof leaderboardRow>;
/**
 * The caller's own row (`me`): a full row without the total XP. That figure is the pupil's wallet (the balance of
 * `GET /api/xp-history`); asking finance for it on every leaderboard read cost more than the rank itself
 * (docs/performance.md, own rank).
 */
export const ownRow = leaderboardRow.omit({ totalXp: true });
export type OwnRow = z.output<typeof ownRow>;

const boardPage = { total: z.number().int(), page: z.number().int(), perPage: z.number().int(), maxPoints: z.number() };
/**
 * A leaderboard as its caller may see it (pupils are minors): staff holding the board's leaderboard tab get full
 * rows; a signed-in pupil everyone's member rows and their own full row as `me` (null when not ranked); anyone else
 * the public rows and no `me`.
 */
export const leaderboardReply = z.union([
  z.object({ viewer: z.literal('staff'), data: z.array(leaderboardRow), me: ownRow.nullable(), ...boardPage }),
  z.object({ viewer: z.literal('member'), data: z.array(memberRowView), me: ownRow.nullable(), ...boardPage }),
  z.object({ viewer: z.literal('public'), data: z.array(publicRowView), me: z.null(), ...boardPage }),
]);
export type Leaderboard = z.output<typeof leaderboardReply>;
/** The leaderboard as staff holding its tab read it (the admin's tables). */
export type StaffLeaderboard = Extract<Leaderboard, { viewer: 'staff' }>;

// The schemas above describe the socket contract's rows: a change of one that the other does not follow fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rowsAgree: [Same<z.output<typeof publicRowView>, PublicRow>, Same<z.output<typeof memberRowView>, MemberRow>] = [true, true];
void rowsAgree;

/* Achievements and treasures */

/** An earned achievement (`GET /api/achievements`, `GET /api/achievements/{certificateCode}`); `certificateCode` opens its certificate. */
export const achievementView = z.object({
  id: z.uuid(),
  code: z.string(),
  certificateCode: z.string(),
  challengeId: z.uuid().nullable(),
  title: localizedText,
  points: z.number(),
  earnedAt: isoInstant,
});
export type Achievement = z.output<typeof achievementView>;
export const achievementListReply = dataOf(z.array(achievementView));
export type AchievementListReply = z.output<typeof achievementListReply>;
export const achievementReply = dataOf(achievementView);
export type AchievementReply = z.output<typeof achievementReply>;

/** `POST /api/treasures/{treasure}/claim`. */
export const treasureClaimReply = dataWithMessage(
  z.object({ claimId: z.uuid(), treasureId: z.uuid(), reward: z.object({ xp: z.number(), zp: z.number(), altynSaqa: z.number() }), claimedAt: isoInstant }),
);
export type TreasureClaimReply = z.output<typeof treasureClaimReply>;

/* Staff's screens of boards */

/** Per test of a board (`GET /api/challenges/{challenge}/statistics`, `GET /api/trainings/{training}/quiz-statistics`). */
export const quizStatistics = z.object({
  quizId: z.uuid(),
  title: localizedText,
  /** The day (challenges) or lesson (trainings) the test belongs to. */
  group: z.object({ id: z.uuid(), title: localizedText, order: z.number() }),
  attempts: z.number().int(),
  maxPoints: z.number(),
  averagePoints: z.number(),
  averageTimeMs: z.number(),
  distribution: z.array(z.object({ fromPercent: z.number().int(), toPercent: z.number().int(), count: z.number().int() })),
  questions: z.array(
    z.object({ questionId: z.uuid(), number: z.number().int(), text: localizedText, answered: z.number().int(), correct: z.number().int(), correctRate: z.number() }),
  ),
});
export type QuizStatistics = z.output<typeof quizStatistics>;
export const quizStatisticsReply = dataOf(z.array(quizStatistics));
export type QuizStatisticsReply = z.output<typeof quizStatisticsReply>;

export const participationVia = z.enum(['free', 'invoice', 'code', 'invited', 'staff']);

/** `GET /api/trainings/{training}/statistics`: participants by how they joined, and per lesson test. */
export const trainingStatistics = z.object({
  participants: z.number().int(),
  byVia: z.partialRecord(participationVia, z.number().int()),
  withFinishedTests: z.number().int(),
  averagePoints: z.number(),
  outOfHearts: z.number().int(),
  tests: z.array(
    z.object({
      subchapterId: z.uuid(), title: localizedText, quizId: z.uuid(), maxPoints: z.number(), pupils: z.number().int(), attempts: z.number().int(),
      averageBestPoints: z.number(),
    }),
  ),
});
export type TrainingStatistics = z.output<typeof trainingStatistics>;
export const trainingStatisticsReply = dataOf(trainingStatistics);
export type TrainingStatisticsReply = z.output<typeof trainingStatisticsReply>;

export const chapterListReply = dataOf(z.array(chapterView));
export type ChapterListReply = z.output<typeof chapterListReply>;

/** A page of a staff report: its rows, the total and where it stands. */
export const pagedOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), total: z.number().int(), page: z.number().int(), perPage: z.number().int() });

/** `GET /api/trainings/{training}/subscriptions`: who joined and how, newest first. */
export const trainingSubscription = z.object({
  userId: z.uuid(),
  name: z.string(),
  grade: z.number().int().nullable(),
  province: boardPlace.nullable(),
  district: boardPlace.nullable(),
  school: boardPlace.nullable(),
  via: participationVia,
  invoiceId: z.string().nullable(),
  joinedAt: isoInstant,
  hearts: z.number().int().nullable(),
  heartsRefillAt: isoInstant.nullable(),
  points: z.number(),
  timeSpentMs: z.number(),
  correctAnswers: z.number().int(),
  finishedQuizzes: z.number().int(),
});
export type TrainingSubscription = z.output<typeof trainingSubscription>;
export const trainingSubscriptionsReply = pagedOf(trainingSubscription);
export type TrainingSubscriptionsReply = z.output<typeof trainingSubscriptionsReply>;

/** `GET /api/trainings/{training}/{user}`: one pupil's progress in a training (staff, or the pupil themself). */
export const trainingPupilView = z.object({
  userId: z.uuid(),
  training: trainingSummary.omit({ joined: true }),
  joined: z.boolean(),
  participation: trainingParticipation.nullable(),
  chapters: z.array(chapterView),
});
export type TrainingPupilView = z.output<typeof trainingPupilView>;
export const trainingPupilReply = dataOf(trainingPupilView);
export type TrainingPupilReply = z.output<typeof trainingPupilReply>;

/* Staff's writes of challenges and trainings: the changed record, as the CRUD resource shows it */

export const certificateTemplate = z.object({
  backgroundUrl: z.string().nullable(),
  titleKk: z.string(), titleRu: z.string(), titleEn: z.string(),
  bodyKk: z.string(), bodyRu: z.string(), bodyEn: z.string(),
});
export type CertificateTemplate = z.output<typeof certificateTemplate>;
/** `GET /api/challenges/{challenge}/certificate-template`: null until one is set. */
export const certificateTemplateReply = dataOf(certificateTemplate.nullable());
export type CertificateTemplateReply = z.output<typeof certificateTemplateReply>;

/** A challenge row (`challenges` resource): publish, archive, reward, reorder and the certificate template answer it. */
export const challengeRecord = z.object({
  id: z.uuid(),
  titleKk: z.string(), titleRu: z.string(), titleEn: z.string(),
  descriptionKk: z.string(), descriptionRu: z.string(), descriptionEn: z.string(),
  grade: z.number().int().nullable(),
  startsAt: isoInstant,
  endsAt: isoInstant,
  published: z.boolean(),
  archived: z.boolean(),
  private: z.boolean(),
  audience: z.enum(['all', 'users', 'code']),
  accessCode: z.string().nullable(),
  priceTenge: z.number().int(),
  priceZp: z.number().int(),
  rewardKk: z.string(), rewardRu: z.string(), rewardEn: z.string(),
  imageUrl: z.string().nullable(),
  certificateTemplate: certificateTemplate.nullable(),
  resultsBeforeClose: z.enum(['points', 'marks']),
  position: z.number().int(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
});
export type ChallengeRecord = z.output<typeof challengeRecord>;
/** `POST /api/challenges/{challenge}/private`: the row and how many pupils are invited. */
export const challengePrivacyReply = challengeRecord.extend({ invited: z.number().int() });
export type ChallengePrivacyReply = z.output<typeof challengePrivacyReply>;
/** `POST /api/challenges/{challenge}/duplicate`: the copy (unpublished). */
export const challengeCopyReply = dataOf(challengeRecord);
export type ChallengeCopyReply = z.output<typeof challengeCopyReply>;

/** `POST /api/challenges/{challenge}/images`: the row with its new image. */
export const challengeImageReply = challengeRecord.extend({ image: imageView });
export type ChallengeImageReply = z.output<typeof challengeImageReply>;

/** `POST /api/challenges/{challenge}/import`: the tests created per day. */
export const challengeImportReply = dataOf(z.array(z.object({ checkpointId: z.uuid(), quizIds: z.array(z.uuid()) })));
export type ChallengeImportReply = z.output<typeof challengeImportReply>;
/** `PUT /api/checkpoints/{checkpoint}/quizzes`: the day's tests in order. */
export const checkpointQuizzesReply = dataOf(z.array(z.uuid()));
export type CheckpointQuizzesReply = z.output<typeof checkpointQuizzesReply>;

/** A training row (`trainings` resource): publish, tries and hearts answer it. */
export const trainingRecord = z.object({
  id: z.uuid(),
  titleKk: z.string(), titleRu: z.string(), titleEn: z.string(),
  descriptionKk: z.string(), descriptionRu: z.string(), descriptionEn: z.string(),
  grade: z.number().int().nullable(),
  published: z.boolean(),
  priceTenge: z.number().int(),
  priceZp: z.number().int(),
  tryNumber: z.number().int().nullable(),
  heartsMax: z.number().int(),
  heartResetMinutes: z.number().int(),
  imageUrl: z.string().nullable(),
  position: z.number().int(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
});
export type TrainingRecord = z.output<typeof trainingRecord>;
export const trainingImageReply = trainingRecord.extend({ image: imageView });
export type TrainingImageReply = z.output<typeof trainingImageReply>;
/** `POST /api/trainings/{training}/chapters`: the new chapter row. */
export const chapterRecord = z.object({ id: z.uuid(), trainingId: z.uuid(), position: z.number().int(), titleKk: z.string(), titleRu: z.string(), titleEn: z.string() });
export type ChapterRecord = z.output<typeof chapterRecord>;
/** `POST|DELETE /api/trainings/{training}/delete-unpaid-invoices`: how many were cancelled. */
export const cancelledInvoicesReply = dataOf(z.object({ cancelled: z.number().int() }));
export type CancelledInvoicesReply = z.output<typeof cancelledInvoicesReply>;

/* A pupil's part in a board */

/** `GET /api/users/{user}/challenges/{challenge}`: whether the pupil joined, and their standing. */
export const challengeCheckReply = dataOf(
  z.object({
    joined: z.boolean(),
    participation: z.object({ joinedAt: isoInstant, points: z.number(), timeSpentMs: z.number(), correctCount: z.number().int(), finishedQuizzes: z.number().int() }).nullable(),
  }),
);
export type ChallengeCheckReply = z.output<typeof challengeCheckReply>;
/** `GET /api/trainings/{training}/check`. */
export const trainingCheckReply = dataOf(z.object({ joined: z.boolean(), paid: z.boolean(), participation: trainingParticipation.nullable() }));
export type TrainingCheckReply = z.output<typeof trainingCheckReply>;
/** Leaving a board (`DELETE /api/users/{user}/challenges/{challenge}`, `POST|DELETE /api/trainings/{training}/leave`). */
export const leaveReply = dataWithMessage(z.object({ joined: z.boolean() }));
export type LeaveReply = z.output<typeof leaveReply>;

/** `GET /api/users/{user}/quizzes/{quiz}/start-time`: the running attempt's clock. */
export const startTimeReply = dataOf(
  z.object({ attemptId: z.uuid(), status: attemptStatus, startedAt: isoInstant, deadlineAt: isoInstant, remainingSeconds: z.number(), serverNow: isoInstant }),
);
export type StartTimeReply = z.output<typeof startTimeReply>;

/** `GET /api/users/{user}/quizzes/{quiz}/answers`: the saved answers, with the right ones once they may be shown. */
export const savedAnswersReply = dataOf(
  z.array(
    z.object({
      questionId: z.uuid(),
      number: z.number().int(),
      answer: answerValue.nullable(),
      seq: z.number().int(),
      isCorrect: z.boolean().optional(),
      pointsEarned: z.number().optional(),
      correctAnswer: z
        .union([
          z.object({ optionIds: z.array(z.uuid()) }),
          z.object({ value: z.number().nullable(), tolerance: z.number() }),
          z.object({ texts: z.array(z.string()) }),
        ])
        .optional(),
    }),
  ),
);
export type SavedAnswersReply = z.output<typeof savedAnswersReply>;

/** `POST /api/users/{user}/quizzes/{quiz}/reset` (staff): attempts reset and the pupil's standing after. */
export const attemptResetReply = dataOf(
  z.object({
    reset: z.number().int(),
    standing: z.object({ points: z.number(), timeSpentMs: z.number(), correctCount: z.number().int(), finishedQuizzes: z.number().int(), version: z.number().int() }).nullable(),
  }),
);
export type AttemptResetReply = z.output<typeof attemptResetReply>;

/** `POST /api/users/{user}/quizzes/{quiz}`: several answers saved at once, each with whether it applied. */
export const answersSaveReply = dataWithMessage(
  z.object({ attemptId: z.uuid(), saved: z.array(z.object({ questionId: z.uuid(), seq: z.number().int(), applied: z.boolean() })), remainingSeconds: z.number() }),
);
export type AnswersSaveReply = z.output<typeof answersSaveReply>;

/* Test results of a board (staff's results tabs, a pupil's report) */

/** The day (challenges) or lesson (trainings) a test belongs to, in the board's order. */
export const testGroup = z.object({ id: z.uuid(), title: localizedText, order: z.number() });

/** A finished attempt's numbers. */
export const attemptResult = z.object({
  attemptId: z.uuid(),
  attemptNo: z.number().int(),
  points: z.number(),
  maxPoints: z.number(),
  correctAnswers: z.number().int(),
  questionCount: z.number().int(),
  percentage: z.number(),
  timeSpentMs: z.number(),
  finishedAt: isoInstant,
  /** Who ended it: the pupil, the deadline or staff. */
  finishedBy: z.string().nullable(),
});

/** `GET /api/{challenges|trainings}/{board}/quiz-results`: finished attempts, newest first, with who and where. */
export const quizResultRow = attemptResult.extend({
  userId: z.uuid(),
  name: z.string(),
  province: boardPlace.nullable(),
  district: boardPlace.nullable(),
  school: boardPlace.nullable(),
  quizId: z.uuid(),
  quizTitle: localizedText.nullable(),
});
export type QuizResultRow = z.output<typeof quizResultRow>;
export const quizResultsReply = pagedOf(quizResultRow);
export type QuizResultsReply = z.output<typeof quizResultsReply>;

/** `GET /api/{challenges|trainings}/{board}/quiz-results-filter-options`: the board's tests and its participants' places. */
export const resultFilterOptionsReply = dataOf(
  z.object({
    quizzes: z.array(z.object({ id: z.uuid(), title: localizedText, group: testGroup })),
    provinces: z.array(boardPlace),
    districts: z.array(boardPlace),
    schools: z.array(boardPlace),
  }),
);
export type ResultFilterOptionsReply = z.output<typeof resultFilterOptionsReply>;

/**
 * A pupil's best attempt at each test of a board (`.../students/{user}/results`, `GET /api/user-challenge-report`);
 * the detailed answers (`detailed-results`, a training's `students/{user}/results`) add every question with the
 * pupil's answer and the right one.
 */
export const studentTestResult = z.object({
  quizId: z.uuid(),
  title: localizedText,
  group: testGroup,
  result: attemptResult.nullable(),
  questions: z
    .array(
      z.object({
        questionId: z.uuid(),
        number: z.number().int(),
        kind: questionKind,
        text: localizedText,
        points: z.number(),
        options: z.array(z.object({ id: z.uuid(), text: localizedText })),
        answer: answerValue.nullable(),
        isCorrect: z.boolean(),
        pointsEarned: z.number(),
        correctAnswer: z.union([
          z.object({ optionIds: z.array(z.uuid()) }),
          z.object({ value: z.number().nullable(), tolerance: z.number() }),
          z.object({ texts: z.array(z.string()) }),
        ]),
      }),
    )
    .optional(),
});
export type StudentTestResult = z.output<typeof studentTestResult>;
export const studentResultsReply = dataOf(z.array(studentTestResult));
export type StudentResultsReply = z.output<typeof studentResultsReply>;

/** `GET /api/stats/learning` (the staff dashboard): today's numbers in Almaty's day. */
export const learningTodayReply = dataOf(
  z.object({
    /** Today as `YYYY-MM-DD` in Almaty. */
    date: z.string().nullable(),
    /** Pupils who started a test today, each once. */
    pupilsActive: z.number().int(),
    testsStarted: z.number().int(),
    testsFinished: z.number().int(),
    liveChallenges: z.number().int(),
    participants: z.number().int(),
  }),
);
export type LearningTodayReply = z.output<typeof learningTodayReply>;

/** `PUT /api/quizzes/{quiz}/question-order`: the questions' new positions. */
export const questionOrderReply = dataOf(z.array(z.object({ id: z.uuid(), position: z.number().int() })));
export type QuestionOrderReply = z.output<typeof questionOrderReply>;

/**
 * How a course is taught, which is also the store's tab it shows under (spec: live, flex, self-study, offline; the
 * store's training tab lists trainings): `live` has groups with scheduled lessons, `flex` is self-paced chapters.
 */
export const courseKind = z.enum(['live', 'flex', 'self-study', 'offline']);
export type CourseKind = z.output<typeof courseKind>;

// Certificates in bulk (docs/learning.md, "Certificates").
/**
 * `POST /api/challenges/{challenge}/certs/generate`: certificates for every finisher (`all`), the first `top` of
 * the leaderboard, or the chosen pupils, in one language; starts a background run.
 */
export const certsGenerateBody = z
  .strictObject({
    scope: z.enum(['all', 'top', 'chosen']),
    top: z.number().int().min(1).max(100_000).optional(),
    userIds: z.array(z.uuid()).min(1).max(10_000).optional(),
    locale: z.enum(['kk', 'ru', 'en']),
  })
  .refine((b) => (b.scope === 'top') === (b.top !== undefined), { path: ['top'], message: 'top is required with scope top, and only then' })
  .refine((b) => (b.scope === 'chosen') === (b.userIds !== undefined), { path: ['userIds'], message: 'userIds are required with scope chosen, and only then' });
export type CertsGenerateBody = z.output<typeof certsGenerateBody>;

/** A run's progress: certificates made of all, and an estimate of the seconds left (null until one is made). */
export const certsProgress = z.object({
  runId: z.uuid(),
  scope: z.enum(['all', 'top', 'chosen']),
  locale: z.enum(['kk', 'ru', 'en']),
  status: z.enum(['running', 'done']),
  done: z.number().int(),
  total: z.number().int(),
  etaSeconds: z.number().int().nullable(),
  startedAt: isoInstant,
});
/** `GET /api/challenges/{challenge}/certs/progress` (null when there is no run) and the answer of `generate`. */
export const certsProgressReply = dataOf(certsProgress.nullable());
export type CertsProgressReply = z.output<typeof certsProgressReply>;
/** `DELETE /api/challenges/{challenge}/certs`: how many files were removed. */
export const certsClearReply = dataOf(z.object({ removed: z.number().int() }));
