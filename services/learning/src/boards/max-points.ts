import type { EntityManager } from 'typeorm';
import type { BoardRef } from '@olymp/proto';
import { LRUCache } from 'lru-cache';

/** Staff rarely change a board's tests; every leaderboard request needs the maximum: cached 10 s per board. */
const cache = new LRUCache<string, number>({ max: 5_000, ttl: 10_000 });

/** The most points a board can give: the sum of its quizzes' points (a challenge's checkpoints, a training's subchapters). */
export async function maxPointsOf(m: EntityManager, board: BoardRef): Promise<number> {
  const key = `${board.kind}:${board.id}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const sql =
    board.kind === 'challenge'
      ? `SELECT COALESCE(SUM(q.points), 0)::int AS max FROM checkpoint_quizzes cq JOIN checkpoints c ON c.id = cq.checkpoint_id
           JOIN questions q ON q.quiz_id = cq.quiz_id WHERE c.challenge_id = $1`
      : `SELECT COALESCE(SUM(q.points), 0)::int AS max FROM training_subchapters s JOIN questions q ON q.quiz_id = s.quiz_id WHERE s.training_id = $1`;
  const [{ max }] = (await m.query(sql, [board.id])) as { max: number }[];
  cache.set(key, max);
  return max;
}
