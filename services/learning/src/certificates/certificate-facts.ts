import type { EntityManager } from 'typeorm';
import type { Locale } from '@olymp/proto';
import { Achievement } from '../floor/treasure.entities';
import { Challenge } from '../floor/challenge.entities';
import { almatyDate } from '../floor/time';
import { type CertificateFacts, checkUrlOf } from './certificate-pdf';

/** A finisher's standing on a challenge: place on its leaderboard (points desc, time asc, user id) among the ranked. */
export interface Standing { userId: string; firstName: string; lastName: string; place: number; ranked: number }

/**
 * Standings of a challenge's ranked pupils (with a finished test), in leaderboard order, optionally only some of
 * them. One query, so a run of 10,000 certificates reads them in pages and never ranks per pupil.
 */
export async function standings(m: EntityManager, challengeId: string, opts: { userIds?: string[]; afterPlace?: number; limit?: number } = {}): Promise<Standing[]> {
  const rows = (await m.query(
    `SELECT * FROM (
       SELECT user_id, first_name, last_name,
              ROW_NUMBER() OVER (ORDER BY points DESC, time_spent_ms, user_id)::int AS place,
              COUNT(*) OVER ()::int AS ranked
       FROM participations WHERE board_kind = 'challenge' AND board_id = $1 AND finished_quizzes > 0
     ) s
     WHERE ($2::uuid[] IS NULL OR user_id = ANY($2)) AND place > $3
     ORDER BY place LIMIT $4`,
    [challengeId, opts.userIds ?? null, opts.afterPlace ?? 0, opts.limit ?? 1_000_000],
  )) as { user_id: string; first_name: string; last_name: string; place: number; ranked: number }[];
  return rows.map((r) => ({ userId: r.user_id, firstName: r.first_name, lastName: r.last_name, place: r.place, ranked: r.ranked }));
}

/** Everything a certificate prints about one achievement. */
export function factsOf(a: Achievement, challenge: Challenge | null, s: Standing | null, name: string, locale: Locale, siteUrl: string): CertificateFacts {
  return {
    locale,
    template: challenge?.certificateTemplate ?? null,
    challengeTitle: challenge ? ({ kk: challenge.titleKk, ru: challenge.titleRu, en: challenge.titleEn })[locale] : '',
    name,
    points: a.points,
    place: s?.place ?? null,
    ranked: s?.ranked ?? 0,
    date: almatyDate(a.earnedAt),
    code: a.certificateCode,
    checkUrl: checkUrlOf(siteUrl, a.certificateCode),
  };
}

/** The facts of one achievement's certificate, read from the database. */
export async function factsFor(m: EntityManager, a: Achievement, locale: Locale, siteUrl: string): Promise<CertificateFacts> {
  const challenge = a.challengeId ? await m.findOneBy(Challenge, { id: a.challengeId }) : null;
  const [s] = a.challengeId ? await standings(m, a.challengeId, { userIds: [a.userId] }) : [];
  let name = s ? `${s.firstName} ${s.lastName}`.trim() : '';
  if (!s && a.challengeId) {
    const [p] = (await m.query(
      "SELECT first_name, last_name FROM participations WHERE board_kind = 'challenge' AND board_id = $1 AND user_id = $2",
      [a.challengeId, a.userId],
    )) as { first_name: string; last_name: string }[];
    name = p ? `${p.first_name} ${p.last_name}`.trim() : '';
  }
  return factsOf(a, challenge, s ?? null, name, locale, siteUrl);
}
