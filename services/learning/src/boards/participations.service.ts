import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { type BoardRef, type RpcReply, publicName } from '@olymp/proto';
import { Clock, DomainError, EventOutbox, RpcClient } from '@olymp/server-kit';
import { type BoardKind, Participation } from '../floor/participation.entity';

export interface Standing {
  points: number;
  timeSpentMs: number;
  correctCount: number;
  finishedQuizzes: number;
  version: number;
}

export type JoinVia = Participation['via'];

/** Who a pupil is, as auth tells (names, grade, places). */
export type Person = RpcReply<'auth.users.get'>['users'][number];

/**
 * Taking part in a board (challenge or training) and the pupil's standing on it. The standing is always derived
 * from attempts (best finished attempt per quiz), never incremented, so a redelivered or replayed finish cannot
 * count twice.
 */
@Injectable()
export class Participations {
  constructor(
    private readonly ds: DataSource,
    private readonly rpc: RpcClient,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  async person(userId: string): Promise<Person> {
    const { users } = await this.rpc.request('auth.users.get', { userIds: [userId] });
    const person = users[0];
    if (!person) throw new DomainError('NOT_FOUND');
    return person;
  }

  find(board: BoardRef, userId: string, manager: EntityManager = this.ds.manager): Promise<Participation | null> {
    return manager.findOneBy(Participation, { boardKind: board.kind, boardId: board.id, userId });
  }

  /** Adds the pupil (idempotent: an existing participation is answered as it is). */
  async join(
    manager: EntityManager,
    board: BoardRef,
    person: Person,
    via: JoinVia,
    extra: { invoiceId?: string | null; hearts?: number | null } = {},
  ): Promise<{ participation: Participation; created: boolean }> {
    const inserted: unknown[] = await manager
      .createQueryBuilder()
      .insert()
      .into(Participation)
      .values({
        id: randomUUID(),
        boardKind: board.kind,
        boardId: board.id,
        userId: person.userId,
        via,
        invoiceId: extra.invoiceId ?? null,
        firstName: person.firstName,
        lastName: person.lastName,
        grade: person.grade,
        provinceId: person.province?.id ?? null,
        districtId: person.district?.id ?? null,
        schoolId: person.school?.id ?? null,
        places: { province: person.province?.name ?? null, district: person.district?.name ?? null, school: person.school?.name ?? null },
        hearts: extra.hearts ?? null,
      })
      .orIgnore()
      .returning('id')
      .execute()
      .then((r) => r.raw as unknown[]);
    const participation = await manager.findOneByOrFail(Participation, { boardKind: board.kind, boardId: board.id, userId: person.userId });
    if (inserted.length > 0) await this.announce(manager, board, participation, true);
    return { participation, created: inserted.length > 0 };
  }

  /** Removes the pupil from the board and tells the other services (chat membership) in the same transaction. */
  async remove(manager: EntityManager, participation: Participation): Promise<void> {
    await manager.delete(Participation, { id: participation.id });
    await this.announce(manager, { kind: participation.boardKind, id: participation.boardId }, participation, false);
  }

  /** `learning.membership.changed` for a join or a leave, through the outbox (commits with the change). */
  private async announce(manager: EntityManager, board: BoardRef, p: Participation, active: boolean): Promise<void> {
    const table = board.kind === 'challenge' ? 'challenges' : 'trainings';
    const [t] = (await manager.query(`SELECT title_kk, title_ru, title_en FROM ${table} WHERE id = $1`, [board.id])) as { title_kk: string; title_ru: string; title_en: string }[];
    const fallback = t?.title_kk || t?.title_ru || t?.title_en || board.kind;
    await this.outbox.add(manager, 'learning.membership.changed', {
      group: { kind: board.kind, id: board.id },
      userId: p.userId,
      name: (publicName(p.firstName, p.lastName) ?? '?').slice(0, 120),
      role: 'pupil',
      title: { kk: t?.title_kk || fallback, ru: t?.title_ru || fallback, en: t?.title_en || fallback },
      active,
      at: this.clock.now().toISOString(),
    });
  }

  /**
   * Recomputes a pupil's standing from their finished attempts on the board (each quiz's best: points desc, time
   * asc), bumps its version and answers it. Call inside the transaction that changed the attempts, with the
   * participation row locked by the caller.
   */
  async recompute(manager: EntityManager, board: { kind: BoardKind; id: string }, userId: string): Promise<Standing> {
    const [agg] = (await manager.query(
      `SELECT COALESCE(SUM(points), 0)::int AS points, COALESCE(SUM(time_spent_ms), 0)::bigint AS time,
              COALESCE(SUM(correct_count), 0)::int AS correct, COUNT(*)::int AS quizzes
         FROM (SELECT DISTINCT ON (quiz_id) points, time_spent_ms, correct_count
                 FROM attempts
                WHERE board_kind = $1 AND board_id = $2 AND user_id = $3 AND status = 'finished'
                ORDER BY quiz_id, points DESC, time_spent_ms ASC) best`,
      [board.kind, board.id, userId],
    )) as { points: number; time: string; correct: number; quizzes: number }[];
    const result: unknown = await manager.query(
      `UPDATE participations SET points = $4, time_spent_ms = $5, correct_count = $6, finished_quizzes = $7,
              standing_version = standing_version + 1, updated_at = now()
        WHERE board_kind = $1 AND board_id = $2 AND user_id = $3
        RETURNING standing_version`,
      [board.kind, board.id, userId, agg.points, agg.time, agg.correct, agg.quizzes],
    );
    // TypeORM answers an UPDATE ... RETURNING as [rows, affected].
    const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as { standing_version: number }[];
    const version = rows[0]?.standing_version;
    if (version === undefined) throw new Error(`no participation of ${userId} on ${board.kind} ${board.id}`);
    return { points: agg.points, timeSpentMs: Number(agg.time), correctCount: agg.correct, finishedQuizzes: agg.quizzes, version };
  }

  /** Locks the participation row for the rest of the transaction (standing and hearts change under it). */
  async lock(manager: EntityManager, board: BoardRef, userId: string): Promise<Participation | null> {
    return manager
      .createQueryBuilder(Participation, 'p')
      .setLock('pessimistic_write')
      .where('p.board_kind = :kind AND p.board_id = :id AND p.user_id = :userId', { kind: board.kind, id: board.id, userId })
      .getOne();
  }
}
