import type { Locale, Localized } from './locale';
import type { MemberRow, PublicRow } from './socket';

/**
 * How a leaderboard row is shown to those who are not its pupil nor staff, in one place for every board (the live
 * boards of notifications and learning's leaderboard routes): pupils are minors, so no ids, no phones, and the name
 * as the first name and the initial of the last name.
 */

/** "Aigerim S.": first name and the initial of the last name, the public form for minors. */
export function publicName(firstName: string, lastName: string): string | null {
  const first = firstName.trim();
  const initial = [...lastName.trim()][0];
  if (!first) return initial ? `${initial.toUpperCase()}.` : null;
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** A place's name in the locale (Kazakh when that one is empty); null without a place. */
export function placeName(name: Localized | null | undefined, locale: Locale): string | null {
  return name ? name[locale] || name.kk || null : null;
}

/** Who a row is about, as far as a board may tell: names and the names of their places. */
export interface BoardPerson {
  firstName: string;
  lastName: string;
  school: Localized | null;
  province: Localized | null;
  district: Localized | null;
}

/** Where a row stands. */
export interface BoardStanding {
  rank: number;
  points: number;
  timeSpentMs: number;
  correctCount: number;
}

/** A row as anyone may see it (display screens, anonymous callers): name, school, region, points and time. */
export function publicRow(s: BoardStanding, who: BoardPerson | null, locale: Locale): PublicRow {
  return {
    rank: s.rank,
    name: who ? publicName(who.firstName, who.lastName) : null,
    school: placeName(who?.school, locale),
    region: placeName(who?.province, locale),
    points: s.points,
    timeSpentMs: s.timeSpentMs,
  };
}

/** Someone else's row as a signed-in viewer sees it: the public row, the district, correct answers and percent. */
export function memberRow(s: BoardStanding, who: BoardPerson | null, maxPoints: number | null, locale: Locale): MemberRow {
  return {
    ...publicRow(s, who, locale),
    district: placeName(who?.district, locale),
    correctCount: s.correctCount,
    percent: maxPoints ? Math.round((s.points / maxPoints) * 1000) / 10 : null,
  };
}
