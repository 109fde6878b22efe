import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RpcReply, RpcRequest } from '@olymp/proto';
import { Clock, DomainError, RpcHandler, RpcPayloadOf } from '@olymp/server-kit';
import { maxPointsOf } from './max-points';

/** What the live boards (notifications) rebuild from: standings in pages, the people on them, the live boards. */
@Controller()
export class BoardsRpcController {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  @RpcHandler('learning.board.standings')
  async standings(@RpcPayloadOf('learning.board.standings') req: RpcRequest<'learning.board.standings'>): Promise<RpcReply<'learning.board.standings'>> {
    await this.assertExists(req.board);
    const rows = (await this.ds.query(
      `SELECT user_id, points, time_spent_ms, correct_count, finished_quizzes, standing_version
         FROM participations
        WHERE board_kind = $1 AND board_id = $2 AND finished_quizzes > 0 AND ($3::uuid IS NULL OR user_id > $3::uuid)
        ORDER BY user_id LIMIT $4`,
      [req.board.kind, req.board.id, req.afterUserId ?? null, req.limit + 1],
    )) as { user_id: string; points: number; time_spent_ms: string; correct_count: number; finished_quizzes: number; standing_version: number }[];
    const page = rows.slice(0, req.limit);
    return {
      entries: page.map((r) => ({
        userId: r.user_id, points: r.points, timeSpentMs: Number(r.time_spent_ms), correctCount: r.correct_count,
        finishedQuizzes: r.finished_quizzes, version: r.standing_version,
      })),
      next: rows.length > req.limit ? page[page.length - 1].user_id : null,
    };
  }

  /** An unknown board is NOT_FOUND (a display screen with a wrong link says so), not an empty board. */
  private async assertExists(board: RpcRequest<'learning.board.standings'>['board']): Promise<void> {
    const table = board.kind === 'challenge' ? 'challenges' : 'trainings';
    const rows = (await this.ds.query(`SELECT 1 FROM ${table} WHERE id = $1`, [board.id])) as unknown[];
    if (!rows.length) throw new DomainError('NOT_FOUND');
  }

  @RpcHandler('learning.board.people')
  async people(@RpcPayloadOf('learning.board.people') req: RpcRequest<'learning.board.people'>): Promise<RpcReply<'learning.board.people'>> {
    const rows = (await this.ds.query(
      `SELECT user_id, first_name, last_name, province_id, district_id, school_id, places
         FROM participations WHERE board_kind = $1 AND board_id = $2 AND user_id = ANY($3::uuid[])`,
      [req.board.kind, req.board.id, req.userIds],
    )) as { user_id: string; first_name: string; last_name: string; province_id: number | null; district_id: number | null; school_id: number | null; places: Record<string, { kk: string; ru: string; en: string } | null> }[];
    const place = (id: number | null, name: { kk: string; ru: string; en: string } | null | undefined) => (id && name ? { id, name } : null);
    return {
      maxPoints: await maxPointsOf(this.ds.manager, req.board),
      people: rows.map((r) => ({
        userId: r.user_id, firstName: r.first_name, lastName: r.last_name,
        province: place(r.province_id, r.places.province), district: place(r.district_id, r.places.district), school: place(r.school_id, r.places.school),
      })),
    };
  }

  @RpcHandler('learning.boards.live')
  async live(): Promise<RpcReply<'learning.boards.live'>> {
    const now = this.clock.now();
    const rows = (await this.ds.query(
      `SELECT 'challenge' AS kind, c.id, (SELECT COUNT(*) FROM participations p WHERE p.board_kind = 'challenge' AND p.board_id = c.id AND p.finished_quizzes > 0)::int AS participants
         FROM challenges c WHERE c.published AND NOT c.archived AND c.ends_at > $1::timestamptz - interval '7 days'
       UNION ALL
       SELECT 'training', t.id, (SELECT COUNT(*) FROM participations p WHERE p.board_kind = 'training' AND p.board_id = t.id AND p.finished_quizzes > 0)::int
         FROM trainings t WHERE t.published`,
      [now],
    )) as { kind: 'challenge' | 'training'; id: string; participants: number }[];
    return { boards: rows.map((r) => ({ kind: r.kind, id: r.id, participants: r.participants })) };
  }
}
