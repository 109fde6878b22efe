/** The learning service as the student UI reads it (docs/learning.md): challenges, checkpoints, quizzes, boards. */
import type { MemberRow } from '@olymp/proto';
import type { Localized } from '../lib/format';
import { authJson } from './session';

export type ChallengeStatus = 'planned' | 'ongoing' | 'finished';

export interface ChallengeSummary {
  id: string;
  title: Localized;
  description: Localized;
  reward: Localized;
  grade: number | null;
  startsAt: string;
  endsAt: string;
  status: ChallengeStatus;
  paid: boolean;
  priceTenge: number;
  priceZp: number;
  imageUrl: string | null;
  joined: boolean;
}

export interface QuizSummary {
  id: string;
  title: Localized;
  durationSeconds: number;
  questionCount: number;
  maxPoints: number;
  attempt: { id: string; status: 'running' | 'finished' | 'reset'; points?: number; remainingSeconds?: number } | null;
}

export type CheckpointState = 'open' | 'upcoming' | 'closed';

export interface Checkpoint {
  id: string;
  day: number;
  title: Localized;
  opensAt: string;
  closesAt: string;
  state: CheckpointState;
  quizzes: QuizSummary[];
}

export interface ChallengeDetail extends Omit<ChallengeSummary, 'joined'> {
  checkpoints: Checkpoint[];
  participation?: { joinedAt: string; points: number; timeSpentMs: number; correctCount: number; finishedQuizzes: number } | null;
}

export const getChallenges = () => authJson<{ data: ChallengeSummary[] }>('challenges-all').then((a) => a.data);
export const getChallenge = (id: string) => authJson<{ data: ChallengeDetail }>(`challenges-all/${id}`).then((a) => a.data);
export const getActiveChallenges = (userId: string) => authJson<{ data: ChallengeSummary[] }>(`users/${userId}/active-challenges`).then((a) => a.data);
export const joinChallenge = (userId: string, id: string, code?: string) =>
  authJson<{ data: { joined: boolean }; message: string }>(`users/${userId}/challenges/${id}`, { method: 'POST', body: code ? { code } : {} });
export const challengeInvoice = (userId: string, id: string) =>
  authJson<{ data: { invoiceId: string; amountTenge: number; amountZp: number; status: string } }>(`users/${userId}/challenges/${id}/invoice`).then((a) => a.data);

export interface Place {
  id: number;
  name: Localized;
}

export interface LeaderboardRow {
  rank: number;
  userId: string;
  name: string;
  province: Place | null;
  district: Place | null;
  school: Place | null;
  points: number;
  xpEarned: number;
  totalXp: number | null;
  timeSpentMs: number;
  correctAnswers: number;
  finishedQuizzes: number;
  percentage: number | null;
}

/**
 * A leaderboard as the API shapes it for the caller: a signed-in pupil gets everyone's rows as the live board shows
 * them to members ("Aigerim S.", no ids) and their own full row as `me`; staff with the leaderboard tab get full rows.
 */
export interface Leaderboard {
  data: (MemberRow | LeaderboardRow)[];
  total: number;
  page: number;
  perPage: number;
  me: LeaderboardRow | null;
  maxPoints: number | null;
}

export const getLeaderboard = (kind: 'challenge' | 'training', id: string) =>
  authJson<Leaderboard>(kind === 'challenge' ? `challenges/${id}/leaderboard` : `trainings/${id}/leaderboard`);

/* Quizzes */

export type AnswerValue = { optionId: string } | { optionIds: string[] } | { value: number } | { text: string };

export interface QuestionView {
  id: string;
  number: number;
  kind: 'single' | 'multiple' | 'numeric' | 'text';
  text: Localized;
  imageUrl: string | null;
  points: number;
  options?: { id: string; text: Localized }[];
  answer: AnswerValue | null;
  seq: number;
  /** Right or wrong: sent once `attempt.review.marks`. */
  isCorrect?: boolean;
  pointsEarned?: number;
  /** Sent once `attempt.review.answers` (for a challenge: after the day has closed for everyone). */
  correctAnswer?: { optionIds?: string[]; value?: number; tolerance?: number; texts?: string[] } | null;
  explanation?: Localized;
}

/** What a finished attempt shows: right/wrong marks, the correct answers, and when those will come if not yet. */
export interface ReviewState {
  marks: boolean;
  answers: boolean;
  answersAt: string | null;
}

export interface AttemptView {
  id: string;
  status: 'running' | 'finished' | 'reset';
  attemptNo: number;
  startedAt: string;
  deadlineAt: string;
  remainingSeconds: number;
  serverNow: string;
  finishedAt: string | null;
  finishedBy?: 'user' | 'timeout';
  points?: number;
  maxPoints?: number;
  correctCount?: number;
  questionCount?: number;
  timeSpentMs?: number;
  /** Whether the questions carry right or wrong and the correct answers (a training's: after passing or the last try). */
  answersShown: boolean;
  review?: ReviewState;
}

export interface PlayView {
  quiz: { id: string; title: Localized; description: Localized; durationSeconds: number; questionCount: number; maxPoints: number };
  attempt: AttemptView | null;
  questions: QuestionView[];
  context: { kind: 'challenge'; challengeId: string; checkpointId: string } | { kind: 'training'; trainingId: string; subchapterId: string } | { kind: 'standalone' };
}

export interface QuizContextRef {
  checkpoint?: string;
  subchapter?: string;
}

function contextQuery(ctx: QuizContextRef): string {
  const q = new URLSearchParams();
  if (ctx.checkpoint) q.set('checkpoint', ctx.checkpoint);
  if (ctx.subchapter) q.set('subchapter', ctx.subchapter);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const getPlay = (userId: string, quizId: string, ctx: QuizContextRef) =>
  authJson<{ data: PlayView }>(`users/${userId}/quizzes/${quizId}${contextQuery(ctx)}`).then((a) => a.data);

export const PRECHECKS = { charged: true, stableConnection: true, timerKeepsRunning: true } as const;

export const startQuiz = (userId: string, quizId: string, ctx: QuizContextRef) =>
  authJson<{ data: PlayView }>(`users/${userId}/quizzes/${quizId}/start`, { method: 'POST', body: { ...ctx, prechecks: PRECHECKS } }).then((a) => a.data);

export const finishQuiz = (userId: string, quizId: string, attemptId: string) =>
  authJson<{ data: PlayView }>(`users/${userId}/quizzes/${quizId}/finish`, { method: 'POST', body: { attemptId } }).then((a) => a.data);

export interface SaveAnswer {
  attemptId: string;
  questionId: string;
  answer: AnswerValue;
  seq: number;
}

export const saveAnswer = (body: SaveAnswer) =>
  authJson<{ data: { seq: number; applied: boolean; remainingSeconds: number } }>('user-answer', { method: 'POST', body }).then((a) => a.data);
