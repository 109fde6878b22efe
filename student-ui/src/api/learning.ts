/** The learning service as the student UI reads it (docs/learning.md): challenges, checkpoints, quizzes, boards. */
import type {
  AnswerSaveReply, AnswerValue, BoardInvoiceReply, ChallengeListReply, ChallengePage, ChallengePageReply, CheckpointQuiz, CheckpointView, FinishReply,
  JoinChallengeReply, Leaderboard, PlayReply,
} from '@olymp/proto';
import { authJson } from './session';

// The shapes are proto's HTTP contracts (proto/src/http.learning.ts), imported type-only: the learning service's
// routes are checked against the same schemas, so a change on either side fails the other's typecheck.
export type { AnswerValue, AttemptView, ChallengeStatus, ChallengeSummary, CheckpointState, PlayView, QuestionView } from '@olymp/proto';
/**
 * A leaderboard as the API shapes it for the caller (`viewer`): a signed-in pupil gets everyone's rows as the live
 * board shows them to members ("Aigerim S.", no ids) and their own full row as `me`; staff with the leaderboard tab
 * get full rows; anyone else the public rows.
 */
export type { BoardPlace as Place, Leaderboard, LeaderboardRow, OwnRow } from '@olymp/proto';
export type QuizSummary = CheckpointQuiz;
export type Checkpoint = CheckpointView;
export type ChallengeDetail = ChallengePage;

export const getChallenges = () => authJson<ChallengeListReply>('challenges-all').then((a) => a.data);
export const getChallenge = (id: string) => authJson<ChallengePageReply>(`challenges-all/${id}`).then((a) => a.data);
export const getActiveChallenges = (userId: string) => authJson<ChallengeListReply>(`users/${userId}/active-challenges`).then((a) => a.data);
export const joinChallenge = (userId: string, id: string, code?: string) =>
  authJson<JoinChallengeReply>(`users/${userId}/challenges/${id}`, { method: 'POST', body: code ? { code } : {} });
export const challengeInvoice = (userId: string, id: string) =>
  authJson<BoardInvoiceReply>(`users/${userId}/challenges/${id}/invoice`).then((a) => a.data);

export const getLeaderboard = (kind: 'challenge' | 'training', id: string) =>
  authJson<Leaderboard>(kind === 'challenge' ? `challenges/${id}/leaderboard` : `trainings/${id}/leaderboard`);

/* Quizzes */

export interface QuizContextRef {
  checkpoint?: string;
  subchapter?: string;
  /** A flex course's lesson whose test this is. */
  flexLesson?: string;
}

function contextQuery(ctx: QuizContextRef): string {
  const q = new URLSearchParams();
  if (ctx.checkpoint) q.set('checkpoint', ctx.checkpoint);
  if (ctx.subchapter) q.set('subchapter', ctx.subchapter);
  if (ctx.flexLesson) q.set('flexLesson', ctx.flexLesson);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const getPlay = (userId: string, quizId: string, ctx: QuizContextRef) =>
  authJson<PlayReply>(`users/${userId}/quizzes/${quizId}${contextQuery(ctx)}`).then((a) => a.data);

export const PRECHECKS = { charged: true, stableConnection: true, timerKeepsRunning: true } as const;

export const startQuiz = (userId: string, quizId: string, ctx: QuizContextRef) =>
  authJson<PlayReply>(`users/${userId}/quizzes/${quizId}/start`, { method: 'POST', body: { ...ctx, prechecks: PRECHECKS } }).then((a) => a.data);

export const finishQuiz = (userId: string, quizId: string, attemptId: string) =>
  authJson<FinishReply>(`users/${userId}/quizzes/${quizId}/finish`, { method: 'POST', body: { attemptId } }).then((a) => a.data);

export interface SaveAnswer {
  attemptId: string;
  questionId: string;
  answer: AnswerValue;
  seq: number;
}

export const saveAnswer = (body: SaveAnswer) =>
  authJson<AnswerSaveReply>('user-answer', { method: 'POST', body }).then((a) => a.data);
