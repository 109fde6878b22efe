import type { EntityManager } from 'typeorm';
import type { BoardRef } from '@olymp/proto';

/** The most points a board can give: the sum of its quizzes' points (a challenge's checkpoints, a training's subchapters). */
export async function maxPointsOf(m: EntityManager, board: BoardRef): Promise<number> {
  const sql =
    board.kind === 'challenge'
      ? `SELECT COALESCE(SUM(q.points), 0)::int AS max FROM checkpoint_quizzes cq JOIN checkpoints c ON c.id = cq.checkpoint_id
           JOIN questions q ON q.quiz_id = cq.quiz_id WHERE c.challenge_id = $1`
      : `SELECT COALESCE(SUM(q.points), 0)::int AS max FROM training_subchapters s JOIN questions q ON q.quiz_id = s.quiz_id WHERE s.training_id = $1`;
  const [{ max }] = (await m.query(sql, [board.id])) as { max: number }[];
  return max;
}
