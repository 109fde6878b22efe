import type { EntityManager } from 'typeorm';
import { type Checkpoint, closingOf } from './challenge.entities';

/** One checkpoint's window, reading only the next checkpoint's opening (indexed by challenge and opening). */
export async function checkpointWindow(m: EntityManager, c: Checkpoint): Promise<{ opensAt: Date; closesAt: Date }> {
  const [next] = (await m.query(
    'SELECT MIN(opens_at) AS next FROM checkpoints WHERE challenge_id = $1 AND opens_at > $2',
    [c.challengeId, c.opensAt],
  )) as { next: Date | null }[];
  return { opensAt: c.opensAt, closesAt: closingOf(c.opensAt, next?.next ? new Date(next.next) : null) };
}
