import { DataSource } from 'typeorm';
import { ChallengeAdmin } from '../src/challenges/challenge-admin.service';
import type { ImportQuiz } from '../src/challenges/challenge.dto';
import { type LearningStack, type Pupil, PRECHECKS, smallQuiz } from './support';

export interface TrainingFixture {
  id: string;
  chapterId: string;
  /** One subchapter per quiz, in order. */
  subchapters: { id: string; quizId: string }[];
}

/** A test made straight in the question bank (the bank's own API is tested elsewhere): `count` questions of `points`. */
export async function bankQuiz(s: LearningStack, count: number, points: number, durationSeconds = 600): Promise<string> {
  const q = smallQuiz(count, points, durationSeconds);
  // In the authored order (shuffle off): tests name questions by position.
  const quiz = { ...q, shuffle: false, questions: q.questions.map((x) => ({ ...x, accepted: null })) } as ImportQuiz;
  return s.learning.app.get(DataSource).transaction((m) => s.learning.app.get(ChallengeAdmin).createQuiz(m, quiz, null));
}

/** A training made through the staff API: one chapter, one subchapter per test, published unless told otherwise. */
export async function createTraining(
  s: LearningStack,
  opts: { quizzes: string[]; heartsMax?: number; heartResetMinutes?: number; tryNumber?: number | null; priceZp?: number; publish?: boolean },
): Promise<TrainingFixture> {
  const created = await s.http().post('/api/trainings').set('Authorization', s.admin).send({
    titleKk: 'Жаттығу', titleRu: 'Тренинг', titleEn: 'Training', heartsMax: opts.heartsMax ?? 5,
    heartResetMinutes: opts.heartResetMinutes ?? 240, tryNumber: opts.tryNumber ?? null, priceZp: opts.priceZp ?? 0,
  });
  if (created.status !== 201) throw new Error(`create training: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  const chapter = await s.http().post(`/api/trainings/${id}/chapters`).set('Authorization', s.admin)
    .send({ titleKk: '1-тарау', titleRu: 'Глава 1', titleEn: 'Chapter 1' });
  if (chapter.status !== 201) throw new Error(`chapter: ${chapter.status} ${JSON.stringify(chapter.body)}`);
  const subchapters = [];
  for (const [i, quizId] of opts.quizzes.entries()) {
    const sub = await s.http().post('/api/training-subchapters').set('Authorization', s.admin).send({
      chapterId: chapter.body.id, titleKk: `Сабақ ${i + 1}`, titleRu: `Урок ${i + 1}`, titleEn: `Lesson ${i + 1}`,
      contentEn: `Lesson ${i + 1} text`, quizId, position: i,
    });
    if (sub.status !== 201) throw new Error(`subchapter: ${sub.status} ${JSON.stringify(sub.body)}`);
    subchapters.push({ id: sub.body.id as string, quizId });
  }
  if (opts.publish ?? true) {
    const published = await s.http().post(`/api/trainings/${id}/publish`).set('Authorization', s.admin).send({});
    if (published.status !== 200) throw new Error(`publish: ${published.status} ${JSON.stringify(published.body)}`);
  }
  return { id, chapterId: chapter.body.id as string, subchapters };
}

export const startTest = (s: LearningStack, p: Pupil, sub: { id: string; quizId: string }) =>
  s.http().post(`/api/users/${p.id}/quizzes/${sub.quizId}/start`).set('Authorization', p.token).set('X-Locale', 'en')
    .send({ subchapter: sub.id, prechecks: PRECHECKS });

/**
 * One attempt: starts, answers each question right or wrong as `pattern` says ('+' right, '-' wrong, '.' unanswered),
 * and finishes. The caller sets the clock.
 */
export async function play(s: LearningStack, p: Pupil, sub: { id: string; quizId: string }, pattern: string) {
  const started = await startTest(s, p, sub);
  if (started.status !== 201) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
  const { attempt, questions } = started.body.data as { attempt: { id: string }; questions: { id: string }[] };
  for (const [i, q] of questions.entries()) {
    if (pattern[i] === '.') continue;
    const answer = pattern[i] === '+' ? await s.correctAnswer(q.id) : await s.wrongAnswer(q.id);
    const saved = await s.http().post('/api/user-answer').set('Authorization', p.token).send({ attemptId: attempt.id, questionId: q.id, answer });
    if (saved.status !== 200) throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  const finished = await s.http().post(`/api/users/${p.id}/quizzes/${sub.quizId}/finish`).set('Authorization', p.token)
    .send({ attemptId: attempt.id, subchapter: sub.id });
  if (finished.status !== 200) throw new Error(`finish: ${finished.status} ${JSON.stringify(finished.body)}`);
  return finished.body.data as { attempt: { id: string; points: number } };
}

export async function join(s: LearningStack, p: Pupil, trainingId: string) {
  const res = await s.http().post(`/api/trainings/${trainingId}/join`).set('Authorization', p.token).send({});
  if (res.status !== 201) throw new Error(`join: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
