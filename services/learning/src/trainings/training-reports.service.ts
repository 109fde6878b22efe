import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Localized } from '@olymp/proto';
import { Clock } from '@olymp/server-kit';
import { TrainingSubchapter } from '../floor/training.entities';
import { Participation } from '../floor/participation.entity';
import { Sheets } from '../attempts/sheet';
import { localized } from '../floor/localized';

const round1 = (v: number) => Math.round(v * 10) / 10;

/** A row of `subscriptions` as PostgreSQL returns it. */
interface SubscriptionRow {
  user_id: string;
  first_name: string;
  last_name: string;
  grade: number | null;
  province_id: number | null;
  district_id: number | null;
  school_id: number | null;
  places: Participation['places'];
  via: Participation['via'];
  invoice_id: string | null;
  joined_at: Date;
  hearts: number | null;
  hearts_refill_at: Date | null;
  points: number;
  time_spent_ms: string;
  correct_count: number;
  finished_quizzes: number;
}

function placeOf(r: SubscriptionRow, key: 'province' | 'district' | 'school'): { id: number; name: Localized | null } | null {
  const id = r[`${key}_id`];
  return id ? { id, name: r.places[key] ?? null } : null;
}

/** Staff's reads of a training: who subscribed and how, and the training-wide numbers (statistics tab). */
@Injectable()
export class TrainingReports {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly sheets: Sheets,
  ) {}

  /** Participants, newest first, with how they got in (free, invoice...), the invoice, hearts and standing. */
  async subscriptions(trainingId: string, q: { page: number; perPage: number; via?: Participation['via']; q?: string }) {
    const params: unknown[] = [trainingId];
    let where = "board_kind = 'training' AND board_id = $1";
    if (q.via) {
      params.push(q.via);
      where += ` AND via = $${params.length}`;
    }
    if (q.q) {
      params.push(`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where += ` AND (first_name ILIKE $${params.length} OR last_name ILIKE $${params.length})`;
    }
    const [{ n }] = (await this.ds.query(`SELECT COUNT(*)::int AS n FROM participations WHERE ${where}`, params)) as { n: number }[];
    params.push(q.perPage, (q.page - 1) * q.perPage);
    const rows = (await this.ds.query(
      `SELECT user_id, first_name, last_name, grade, province_id, district_id, school_id, places, via, invoice_id, joined_at,
              hearts, hearts_refill_at, points, time_spent_ms, correct_count, finished_quizzes
         FROM participations WHERE ${where}
        ORDER BY joined_at DESC, user_id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    )) as SubscriptionRow[];
    return {
      data: rows.map((r) => ({
        userId: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), grade: r.grade,
        province: placeOf(r, 'province'), district: placeOf(r, 'district'), school: placeOf(r, 'school'),
        via: r.via, invoiceId: r.invoice_id, joinedAt: r.joined_at.toISOString(),
        hearts: r.hearts, heartsRefillAt: r.hearts_refill_at ? r.hearts_refill_at.toISOString() : null,
        points: r.points, timeSpentMs: Number(r.time_spent_ms), correctAnswers: r.correct_count, finishedQuizzes: r.finished_quizzes,
      })),
      total: n,
      page: q.page,
      perPage: q.perPage,
    };
  }

  /**
   * The statistics tab: participants (by how they joined), how many have finished a test, average points, how many
   * wait for hearts now; per subchapter test: pupils who finished it, attempts, the average of each pupil's best.
   */
  async summary(trainingId: string) {
    const now = this.clock.now();
    const [p] = (await this.ds.query(
      `SELECT COUNT(*)::int AS participants, COUNT(*) FILTER (WHERE finished_quizzes > 0)::int AS active,
              COALESCE(AVG(points) FILTER (WHERE finished_quizzes > 0), 0)::float AS avg_points,
              COUNT(*) FILTER (WHERE hearts <= 0 AND hearts_refill_at > $2)::int AS out_of_hearts
         FROM participations WHERE board_kind = 'training' AND board_id = $1`,
      [trainingId, now],
    )) as { participants: number; active: number; avg_points: number; out_of_hearts: number }[];
    const byVia = (await this.ds.query(
      `SELECT via, COUNT(*)::int AS n FROM participations WHERE board_kind = 'training' AND board_id = $1 GROUP BY via ORDER BY via`,
      [trainingId],
    )) as { via: Participation['via']; n: number }[];
    const perQuiz = (await this.ds.query(
      `SELECT quiz_id, COUNT(*)::int AS pupils, SUM(n)::int AS attempts, AVG(best)::float AS avg_best
         FROM (SELECT quiz_id, user_id, MAX(points) AS best, COUNT(*) AS n FROM attempts
                WHERE board_kind = 'training' AND board_id = $1 AND status = 'finished' GROUP BY quiz_id, user_id) x
        GROUP BY quiz_id`,
      [trainingId],
    )) as { quiz_id: string; pupils: number; attempts: number; avg_best: number }[];
    const byQuiz = new Map(perQuiz.map((r) => [r.quiz_id, r]));
    const subchapters = await this.ds.getRepository(TrainingSubchapter).createQueryBuilder('s')
      .innerJoin('s.chapter', 'c').where('s.training_id = :id AND s.quiz_id IS NOT NULL', { id: trainingId })
      .orderBy('c.position', 'ASC').addOrderBy('s.position', 'ASC').addOrderBy('s.id', 'ASC').getMany();
    const tests = [];
    for (const s of subchapters) {
      const quizId = s.quizId as string; // the query takes subchapters with a test only
      const r = byQuiz.get(quizId);
      const sheet = await this.sheets.of(quizId);
      tests.push({
        subchapterId: s.id, title: localized(s, 'title'), quizId, maxPoints: sheet.maxPoints,
        pupils: r?.pupils ?? 0, attempts: r?.attempts ?? 0, averageBestPoints: round1(r?.avg_best ?? 0),
      });
    }
    return {
      participants: p.participants,
      byVia: Object.fromEntries(byVia.map((v) => [v.via, v.n])) as Partial<Record<Participation['via'], number>>,
      withFinishedTests: p.active,
      averagePoints: round1(p.avg_points),
      outOfHearts: p.out_of_hearts,
      tests,
    };
  }
}
