import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import type { AnswerValue, BoardRef, Localized, studentTestResult } from '@olymp/proto';
import { DomainError } from '@olymp/server-kit';
import { Sheets, correctAnswerOf } from '../attempts/sheet';

export interface ResultFilter {
  quizId?: string;
  provinceId?: number;
  districtId?: number;
  schoolId?: number;
}

interface QuizRef {
  quizId: string;
  title: Localized;
  /** Day of a challenge's checkpoint, or the subchapter's position in a training. */
  group: { id: string; title: Localized; order: number };
  position: number;
}

/**
 * Results and statistics of a board's tests for staff (spec: quiz-results, filter options, per-student and
 * per-question results, statistics). Only finished attempts count; a reset attempt is gone from every number.
 */
@Injectable()
export class BoardResults {
  constructor(
    private readonly ds: DataSource,
    private readonly sheets: Sheets,
  ) {}

  /** The board's tests in order: a challenge's days, or a training's chapters and subchapters. */
  async quizzes(board: BoardRef): Promise<QuizRef[]> {
    if (board.kind === 'challenge') {
      const rows = (await this.ds.query(
        `SELECT cq.quiz_id, cq.position, c.id AS cid, c.day, c.title_kk, c.title_ru, c.title_en, q.title_kk AS q_kk, q.title_ru AS q_ru, q.title_en AS q_en
           FROM checkpoint_quizzes cq JOIN checkpoints c ON c.id = cq.checkpoint_id JOIN quizzes q ON q.id = cq.quiz_id
          WHERE c.challenge_id = $1 ORDER BY c.opens_at, cq.position`,
        [board.id],
      )) as Record<string, string & number>[];
      return rows.map((r) => ({
        quizId: r.quiz_id, position: r.position, title: { kk: r.q_kk, ru: r.q_ru, en: r.q_en },
        group: { id: r.cid, title: { kk: r.title_kk, ru: r.title_ru, en: r.title_en }, order: r.day },
      }));
    }
    const rows = (await this.ds.query(
      `SELECT s.quiz_id, s.position, s.id AS sid, s.title_kk, s.title_ru, s.title_en, ch.position AS chp,
              q.title_kk AS q_kk, q.title_ru AS q_ru, q.title_en AS q_en
         FROM training_subchapters s JOIN training_chapters ch ON ch.id = s.chapter_id JOIN quizzes q ON q.id = s.quiz_id
        WHERE s.training_id = $1 AND s.quiz_id IS NOT NULL ORDER BY ch.position, s.position`,
      [board.id],
    )) as Record<string, string & number>[];
    return rows.map((r, i) => ({
      quizId: r.quiz_id, position: i, title: { kk: r.q_kk, ru: r.q_ru, en: r.q_en },
      group: { id: r.sid, title: { kk: r.title_kk, ru: r.title_ru, en: r.title_en }, order: r.chp * 1000 + r.position },
    }));
  }

  private where(board: BoardRef, f: ResultFilter, params: unknown[]): string {
    params.push(board.kind, board.id);
    let sql = "a.board_kind = $1 AND a.board_id = $2 AND a.status = 'finished'";
    const add = (column: string, value: unknown) => {
      params.push(value);
      sql += ` AND ${column} = $${params.length}`;
    };
    if (f.quizId) add('a.quiz_id', f.quizId);
    if (f.provinceId) add('p.province_id', f.provinceId);
    if (f.districtId) add('p.district_id', f.districtId);
    if (f.schoolId) add('p.school_id', f.schoolId);
    return sql;
  }

  /** One row per finished attempt, newest first, with who and where. */
  async results(board: BoardRef, f: ResultFilter, page: number, perPage: number) {
    const params: unknown[] = [];
    const where = this.where(board, f, params);
    const from = `FROM attempts a JOIN participations p ON p.board_kind = a.board_kind AND p.board_id = a.board_id AND p.user_id = a.user_id`;
    const [{ n }] = (await this.ds.query(`SELECT COUNT(*) AS n ${from} WHERE ${where}`, params)) as { n: string }[];
    const rows = (await this.ds.query(
      `SELECT a.id, a.user_id, a.quiz_id, a.attempt_no, a.points, a.max_points, a.correct_count, a.question_count, a.time_spent_ms,
              a.finished_at, a.finished_by, p.first_name, p.last_name, p.province_id, p.district_id, p.school_id, p.places
         ${from} WHERE ${where} ORDER BY a.finished_at DESC, a.id LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
      params,
    )) as (AttemptResultRow & PlacesRow & { user_id: string; first_name: string; last_name: string })[];
    const titles = new Map((await this.quizzes(board)).map((q) => [q.quizId, q]));
    return {
      data: rows.map((r) => ({
        attemptId: r.id, userId: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(),
        province: placeOf(r, 'province'), district: placeOf(r, 'district'), school: placeOf(r, 'school'),
        quizId: r.quiz_id, quizTitle: titles.get(r.quiz_id)?.title ?? null, attemptNo: r.attempt_no,
        points: r.points, maxPoints: r.max_points, correctAnswers: r.correct_count, questionCount: r.question_count,
        percentage: percent(r.points, r.max_points), timeSpentMs: r.time_spent_ms,
        finishedAt: r.finished_at.toISOString(), finishedBy: r.finished_by,
      })),
      total: Number(n),
      page,
      perPage,
    };
  }

  /** What the results can be filtered by: the board's tests and the places its participants come from. */
  async filterOptions(board: BoardRef) {
    const quizzes = await this.quizzes(board);
    const places = (await this.ds.query(
      `SELECT DISTINCT province_id, district_id, school_id, places FROM participations WHERE board_kind = $1 AND board_id = $2`,
      [board.kind, board.id],
    )) as PlacesRow[];
    const unique = (key: 'province' | 'district' | 'school') => {
      const seen = new Map<number, { id: number; name: Localized | null }>();
      for (const r of places) {
        const p = placeOf(r, key);
        if (p) seen.set(p.id, p);
      }
      return [...seen.values()];
    };
    return {
      quizzes: quizzes.map((q) => ({ id: q.quizId, title: q.title, group: q.group })),
      provinces: unique('province'),
      districts: unique('district'),
      schools: unique('school'),
    };
  }

  /** A pupil's tests on the board, each with its answers, correctness and the right answers (staff and the pupil). */
  async ofStudent(board: BoardRef, userId: string, detailed: boolean) {
    const attempts = (await this.ds.query(
      `SELECT DISTINCT ON (quiz_id) id, quiz_id, points, max_points, correct_count, question_count, time_spent_ms, finished_at, finished_by, attempt_no
         FROM attempts WHERE board_kind = $1 AND board_id = $2 AND user_id = $3 AND status = 'finished'
        ORDER BY quiz_id, points DESC, time_spent_ms ASC`,
      [board.kind, board.id, userId],
    )) as AttemptResultRow[];
    if (!attempts.length) throw new DomainError('NO_TEST_RESULTS');
    const byQuiz = new Map(attempts.map((a) => [a.quiz_id, a]));
    const out: z.input<typeof studentTestResult>[] = [];
    for (const q of await this.quizzes(board)) {
      const a = byQuiz.get(q.quizId);
      const entry: z.input<typeof studentTestResult> = {
        quizId: q.quizId, title: q.title, group: q.group,
        result: a ? {
          attemptId: a.id, attemptNo: a.attempt_no, points: a.points, maxPoints: a.max_points, correctAnswers: a.correct_count, questionCount: a.question_count,
          percentage: percent(a.points, a.max_points), timeSpentMs: a.time_spent_ms, finishedAt: a.finished_at.toISOString(), finishedBy: a.finished_by,
        } : null,
      };
      if (detailed && a) {
        const sheet = await this.sheets.of(q.quizId);
        const answers = (await this.ds.query('SELECT question_id, answer, is_correct, points FROM user_answers WHERE attempt_id = $1', [a.id])) as
          { question_id: string; answer: AnswerValue | null; is_correct: boolean | null; points: number | null }[];
        const given = new Map(answers.map((x) => [x.question_id, x]));
        entry.questions = sheet.questions.map((sq, i) => ({
          questionId: sq.id, number: i + 1, kind: sq.kind, text: sq.text, points: sq.points,
          options: sq.options.map((o) => ({ id: o.id, text: o.text })),
          answer: given.get(sq.id)?.answer ?? null, isCorrect: given.get(sq.id)?.is_correct ?? false, pointsEarned: given.get(sq.id)?.points ?? 0,
          correctAnswer: correctAnswerOf(sq),
        }));
      }
      out.push(entry);
    }
    return out;
  }

  /** Per test: how many finished, the average, a score distribution (tenths of the maximum), each question's correct rate. */
  async statistics(board: BoardRef) {
    const out = [];
    for (const q of await this.quizzes(board)) {
      const [summary] = (await this.ds.query(
        `SELECT COUNT(*)::int AS attempts, COALESCE(AVG(points), 0)::float AS avg, COALESCE(AVG(time_spent_ms), 0)::float AS avg_time,
                COALESCE(MAX(max_points), 0)::int AS max
           FROM attempts WHERE board_kind = $1 AND board_id = $2 AND quiz_id = $3 AND status = 'finished'`,
        [board.kind, board.id, q.quizId],
      )) as { attempts: number; avg: number; avg_time: number; max: number }[];
      const buckets = (await this.ds.query(
        `SELECT LEAST(9, FLOOR(points * 10.0 / NULLIF(max_points, 0)))::int AS bucket, COUNT(*)::int AS n
           FROM attempts WHERE board_kind = $1 AND board_id = $2 AND quiz_id = $3 AND status = 'finished' AND max_points > 0
          GROUP BY 1`,
        [board.kind, board.id, q.quizId],
      )) as { bucket: number; n: number }[];
      const distribution = Array.from({ length: 10 }, (_, i) => ({ fromPercent: i * 10, toPercent: i === 9 ? 100 : i * 10 + 9, count: buckets.find((b) => b.bucket === i)?.n ?? 0 }));
      const perQuestion = (await this.ds.query(
        `SELECT ua.question_id, COUNT(*) FILTER (WHERE ua.is_correct)::int AS correct, COUNT(*)::int AS answered
           FROM user_answers ua JOIN attempts a ON a.id = ua.attempt_id
          WHERE a.board_kind = $1 AND a.board_id = $2 AND a.quiz_id = $3 AND a.status = 'finished'
          GROUP BY ua.question_id`,
        [board.kind, board.id, q.quizId],
      )) as { question_id: string; correct: number; answered: number }[];
      const byQuestion = new Map(perQuestion.map((r) => [r.question_id, r]));
      const sheet = await this.sheets.of(q.quizId);
      out.push({
        quizId: q.quizId, title: q.title, group: q.group, attempts: summary.attempts, maxPoints: summary.max,
        averagePoints: round1(summary.avg), averageTimeMs: Math.round(summary.avg_time), distribution,
        questions: sheet.questions.map((sq, i) => {
          const r = byQuestion.get(sq.id);
          return {
            questionId: sq.id, number: i + 1, text: sq.text, answered: r?.answered ?? 0, correct: r?.correct ?? 0,
            // Of those who finished the test, the share who answered this question correctly.
            correctRate: summary.attempts ? round1(((r?.correct ?? 0) / summary.attempts) * 100) : 0,
          };
        }),
      });
    }
    return out;
  }
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const percent = (points: number, max: number) => (max > 0 ? round1((points / max) * 100) : 0);

/** A finished attempt as the result queries read it. */
interface AttemptResultRow {
  id: string;
  quiz_id: string;
  attempt_no: number;
  points: number;
  max_points: number;
  correct_count: number;
  question_count: number;
  time_spent_ms: number;
  finished_at: Date;
  finished_by: string | null;
}

/** Where a participant comes from, as the participation copied it. */
interface PlacesRow {
  province_id: number | null;
  district_id: number | null;
  school_id: number | null;
  places: Partial<Record<'province' | 'district' | 'school', Localized | null>>;
}

function placeOf(r: PlacesRow, key: 'province' | 'district' | 'school'): { id: number; name: Localized | null } | null {
  const id = r[`${key}_id`];
  return id ? { id, name: r.places[key] ?? null } : null;
}

