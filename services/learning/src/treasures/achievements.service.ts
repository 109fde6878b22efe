import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventOutbox } from '@olymp/server-kit';
import { Achievement } from '../floor/treasure.entities';
import { Challenge } from '../floor/challenge.entities';
import type { Standing } from '../boards/participations.service';

/** Certificate codes: 10 characters without look-alikes (0/O, 1/I/L), easy to read off paper. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export function certificateCode(): string {
  const bytes = randomBytes(10);
  return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** Achievements earned by playing: a pupil who finished every test of a challenge is a finisher. */
@Injectable()
export class Achievements {
  constructor(private readonly outbox: EventOutbox) {}

  async afterFinish(m: EntityManager, challengeId: string, userId: string, standing: Standing | null, now: Date): Promise<void> {
    if (!standing) return;
    const [{ total }] = (await m.query(
      `SELECT COUNT(*)::int AS total FROM checkpoint_quizzes cq JOIN checkpoints c ON c.id = cq.checkpoint_id WHERE c.challenge_id = $1`,
      [challengeId],
    )) as { total: number }[];
    if (total === 0 || standing.finishedQuizzes < total) return;
    const challenge = await m.findOneByOrFail(Challenge, { id: challengeId });
    const id = randomUUID();
    const title = {
      kk: `«${challenge.titleKk}» челленджін аяқтады`,
      ru: `Прошёл(а) челлендж «${challenge.titleRu}»`,
      en: `Finished the challenge “${challenge.titleEn}”`,
    };
    const inserted = (await m
      .createQueryBuilder()
      .insert()
      .into(Achievement)
      .values({
        id, userId, challengeId, code: 'challenge-finisher', certificateCode: certificateCode(),
        titleKk: title.kk, titleRu: title.ru, titleEn: title.en, points: standing.points, earnedAt: now,
      })
      .orIgnore()
      .returning('id')
      .execute()).raw as unknown[];
    if (!inserted.length) return;
    await this.outbox.add(m, 'achievement.earned', {
      achievementId: id, userId, challengeId, code: 'challenge-finisher', title, earnedAt: now.toISOString(),
    });
  }
}
